/// Why a clip could not be written, as the one line the user sees.
public struct ClipError: Error, Equatable, Sendable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
