import Foundation

/// Runs the built `vplay` executable for end-to-end tests.
public enum BinaryRunner {
    public struct NotBuilt: Error, CustomStringConvertible {
        public let searched: [String]
        public var description: String {
            "vplay executable not found (set VPLAY_BIN or run `swift build`); looked at \(searched.joined(separator: ", "))"
        }
    }

    /// The package root, three levels above this file (Tests/TestSupport/…).
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `VPLAY_BIN` if set; else `vplay` next to the running test executable
    /// (right for any --scratch-path and configuration); else .build/debug/vplay.
    public static func executableURL() throws -> URL {
        if let path = ProcessInfo.processInfo.environment["VPLAY_BIN"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        let testExecutable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let candidates = [
            testExecutable.deletingLastPathComponent().appendingPathComponent("vplay"),
            packageRoot.appendingPathComponent(".build/debug/vplay"),
        ]
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw NotBuilt(searched: candidates.map(\.path))
        }
        return found
    }

    /// Starts the player and returns at once, e.g. to drive its window.
    public static func launch(_ arguments: [String], environment: [String: String] = [:]) throws -> RunningProcess {
        try ChildProcess.launch(executableURL().path, arguments, environment: environment)
    }

    /// Runs the player to completion; it is killed after `timeout`.
    public static func run(_ arguments: [String], environment: [String: String] = [:],
                           timeout: Duration = .seconds(30)) throws -> ProcessResult {
        try launch(arguments, environment: environment).waitForExit(timeout: timeout)
    }
}
