/// Why the overlay could not be set up, worded for the user.
public enum OverlayError: Error, Equatable, CustomStringConvertible {
    case fontUnavailable(path: String, reason: String)

    public var description: String {
        switch self {
        case .fontUnavailable(let path, let reason): "cannot open font '\(path)': \(reason)"
        }
    }
}
