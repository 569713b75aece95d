/// Why the IPC socket could not be set up, as one line for the user.
public struct IPCServerError: Error, Equatable, CustomStringConvertible {
    public let message: String

    public var description: String { message }

    static func cannotListen(_ path: String, _ reason: String) -> IPCServerError {
        IPCServerError(message: "vplay: cannot listen on '\(path)': \(reason)")
    }
}
