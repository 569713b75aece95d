/// Errors a user can act on; `main` maps them to one stderr line and an exit status.
public enum PlayerError: Error, Equatable, CustomStringConvertible {
    case cannotOpen(String, String)
    case noDecoder(String, String)
    /// The open was given up (a quit, another file asked for) before it finished.
    case cancelled(String)
    /// Not media but a list of further entries (a web page's playlist): they take its place.
    case listsEntries(String, [String])

    /// What went wrong, without the file's name: for a warning when the rest of the file plays.
    public var reason: String {
        switch self {
        case let .cannotOpen(_, reason), let .noDecoder(_, reason): reason
        case .cancelled: "cancelled"
        case let .listsEntries(_, entries): "a playlist of \(entries.count) entries"
        }
    }

    public var description: String {
        switch self {
        case let .cannotOpen(path, reason), let .noDecoder(path, reason): "cannot open '\(path)': \(reason)"
        case let .cancelled(path): "opening '\(path)' was cancelled"
        case let .listsEntries(path, entries): "'\(path)' is a playlist of \(entries.count) entries"
        }
    }
}
