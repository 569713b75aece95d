import Foundation

/// How a child process ended and what it wrote.
public struct ProcessResult: Sendable {
    /// The executable's path followed by its arguments.
    public let command: [String]
    /// The exit status, or the signal number when `wasSignalled`.
    public let status: Int32
    public let wasSignalled: Bool
    /// True when the process outlived its timeout and was killed.
    public let timedOut: Bool
    public let standardOutput: Data
    public let standardError: Data
    /// Time from launch to exit.
    public let wallTime: Duration

    public var succeeded: Bool { status == 0 && !wasSignalled && !timedOut }
    public var outputText: String { String(decoding: standardOutput, as: UTF8.self) }
    public var errorText: String { String(decoding: standardError, as: UTF8.self) }

    /// Returns self when the process succeeded; throws `ProcessFailure` otherwise.
    @discardableResult
    public func requireSuccess() throws -> ProcessResult {
        guard succeeded else { throw ProcessFailure(result: self) }
        return self
    }
}

/// A child process that did not succeed, thrown by `ProcessResult.requireSuccess()`.
public struct ProcessFailure: Error, CustomStringConvertible {
    public let result: ProcessResult

    public var description: String {
        let how = result.timedOut ? "timed out"
            : result.wasSignalled ? "killed by signal \(result.status)"
            : "exited with status \(result.status)"
        return "\(result.command.joined(separator: " ")) \(how): \(result.errorText.suffix(2000))"
    }
}
