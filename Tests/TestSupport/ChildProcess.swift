import Foundation

/// Runs command-line tools (ffmpeg, xdotool, ImageMagick, the player) with a
/// timeout, so a stuck tool fails a test instead of hanging it.
public enum ChildProcess {
    public struct NotFound: Error, CustomStringConvertible {
        public let name: String
        public var description: String { "\(name) not found on PATH" }
    }

    /// The executable called `name` on PATH, or `name` itself when it is a path.
    public static func locate(_ name: String) -> URL? {
        if name.contains("/") {
            return FileManager.default.isExecutableFile(atPath: name) ? URL(fileURLWithPath: name) : nil
        }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":")
            .map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Starts `executable` (a name on PATH or a path) with this process's
    /// environment plus `environment`, and returns at once.
    public static func launch(_ executable: String, _ arguments: [String],
                              environment: [String: String] = [:],
                              currentDirectory: URL? = nil) throws -> RunningProcess {
        guard let url = locate(executable) else { throw NotFound(name: executable) }
        let merged = ProcessInfo.processInfo.environment.merging(environment) { _, override in override }
        return try RunningProcess(executable: url, arguments: arguments, environment: merged,
                                  currentDirectory: currentDirectory)
    }

    /// Runs `executable` to completion, killing it after `timeout`. Throws only
    /// when it cannot be started; check the result (or `requireSuccess()`).
    public static func run(_ executable: String, _ arguments: [String],
                           environment: [String: String] = [:],
                           timeout: Duration = .seconds(120)) throws -> ProcessResult {
        try launch(executable, arguments, environment: environment).waitForExit(timeout: timeout)
    }
}
