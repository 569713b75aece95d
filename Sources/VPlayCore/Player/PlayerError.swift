/// Errors a user can act on; `main` maps them to one stderr line and an exit status.
public enum PlayerError: Error, Equatable, CustomStringConvertible {
    case cannotOpen(String, String)
    case noDecoder(String, String)

    public var description: String {
        switch self {
        case let .cannotOpen(path, reason): "cannot open '\(path)': \(reason)"
        case let .noDecoder(path, reason): "cannot play '\(path)': \(reason)"
        }
    }
}
