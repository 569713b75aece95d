import Foundation

/// A D-Bus session bus of the test's own: a `dbus-daemon` listening in a private directory,
/// stopped when this goes away. Nothing else on the machine can see it, and the
/// programs a test starts reach it through `environment`.
public final class PrivateBus: @unchecked Sendable {
    public let address: String
    private let daemon: RunningProcess
    private let directory: URL

    public init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("vplay-bus-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // Not forked: the daemon stays our child, so stopping it is certain and reaps it.
        daemon = try ChildProcess.launch("dbus-daemon", ["--session", "--nofork", "--nopidfile", "--print-address=1",
                                                         "--address=unix:dir=\(directory.path)"])
        guard daemon.waitForOutput(containing: "\n", timeout: .seconds(20)),
              let line = String(decoding: daemon.outputSoFar(), as: UTF8.self).split(separator: "\n").first else {
            let result = daemon.waitForExit(timeout: .seconds(2))
            throw ProcessFailure(result: result)
        }
        address = String(line)
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: directory)
    }

    /// What a child needs to use this bus (and no other).
    public var environment: [String: String] {
        ["DBUS_SESSION_BUS_ADDRESS": address]
    }

    /// Ends the daemon now, as when the desktop session goes away. Safe to call again.
    public func stop() {
        daemon.terminate()
        daemon.waitForExit(timeout: .seconds(5))
    }

    /// Runs a command-line client (`playerctl`, `dbus-send`) on this bus.
    public func run(_ tool: String, _ arguments: [String], timeout: Duration = .seconds(15)) throws -> ProcessResult {
        try ChildProcess.run(tool, arguments, environment: environment, timeout: timeout)
    }

    /// Starts a client that keeps running (`dbus-monitor`) on this bus.
    public func launch(_ tool: String, _ arguments: [String]) throws -> RunningProcess {
        try ChildProcess.launch(tool, arguments, environment: environment)
    }
}
