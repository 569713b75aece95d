/// What a file chooser answered.
public enum FileChoice: Sendable, Equatable {
    /// The files picked, as paths (or URLs for remote ones), in the order given.
    case chosen([String])
    /// The user closed the chooser without picking.
    case cancelled
}

/// Why no file chooser answered; a caller then tries another (zenity) or explains.
public struct FileChooserUnavailable: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
