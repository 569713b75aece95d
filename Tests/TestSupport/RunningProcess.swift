import Foundation

/// A launched child process. Its output is collected while it runs, so a test
/// can wait for a line before acting; it is killed when this object goes away,
/// so a failing test never leaves it behind.
public final class RunningProcess: @unchecked Sendable {
    public enum StandardStream: Sendable {
        case output
        case error
    }

    public let command: [String]
    public var processIdentifier: Int32 { process.processIdentifier }
    public var isRunning: Bool { log.exitTime == nil }

    private let process = Process()
    private let log = ProcessLog()

    init(executable: URL, arguments: [String], environment: [String: String], currentDirectory: URL?) throws {
        command = [executable.path] + arguments
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        process.currentDirectoryURL = currentDirectory
        process.standardInput = FileHandle.nullDevice
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        // The handler and readers hold the log, not self, so dropping the last
        // reference to self still reaches deinit and kills the process.
        let log = self.log
        process.terminationHandler = { _ in log.noteExit() }
        try process.run()
        // The child has its own copies of the write ends; ours would keep the pipes (and the
        // runner's descriptors, which a long suite runs short of) open for as long as self lives.
        try? output.fileHandleForWriting.close()
        try? error.fileHandleForWriting.close()
        log.collect(output.fileHandleForReading, as: .output)
        log.collect(error.fileHandleForReading, as: .error)
    }

    deinit {
        if isRunning { kill(processIdentifier, SIGKILL) }
    }

    /// What the process has written to `stream` so far.
    public func outputSoFar(on stream: StandardStream = .output) -> Data {
        log.snapshot(of: stream)
    }

    /// Waits until `stream` contains `text`; false if the deadline passes or the
    /// process ends without writing it.
    public func waitForOutput(containing text: String, on stream: StandardStream = .output,
                              timeout: Duration) -> Bool {
        let needle = Data(text.utf8)
        return log.wait(until: .now + timeout) { log in
            log.data(of: stream).range(of: needle) != nil || log.isFinished
        } && log.snapshot(of: stream).range(of: needle) != nil
    }

    /// Asks the process to quit (SIGTERM) without waiting for it.
    public func terminate() {
        if isRunning { kill(processIdentifier, SIGTERM) }
    }

    /// Waits for the process to exit. After `timeout` it is sent SIGTERM, then
    /// SIGKILL if it is still alive 2 s later, and the result says `timedOut`.
    @discardableResult
    public func waitForExit(timeout: Duration) -> ProcessResult {
        var timedOut = false
        if !log.wait(until: .now + timeout, for: { $0.hasExited }) {
            timedOut = true
            kill(processIdentifier, SIGTERM)
            if !log.wait(until: .now + .seconds(2), for: { $0.hasExited }) {
                kill(processIdentifier, SIGKILL)
                log.wait(until: .now + .seconds(60), for: { $0.hasExited })
            }
        }
        // A grandchild may keep a pipe open; do not wait for it for long.
        log.wait(until: .now + .seconds(2), for: { $0.isFinished })
        return ProcessResult(
            command: command,
            status: process.terminationStatus,
            wasSignalled: process.terminationReason == .uncaughtSignal,
            timedOut: timedOut,
            standardOutput: log.snapshot(of: .output),
            standardError: log.snapshot(of: .error),
            wallTime: (log.exitTime ?? .now) - log.startTime)
    }
}

/// The state shared between a `RunningProcess`, its termination handler and its
/// pipe readers, guarded by one condition.
private final class ProcessLog: @unchecked Sendable {
    let startTime = ContinuousClock.now
    private let condition = NSCondition()
    private var output = Data()
    private var error = Data()
    private var openStreams = 2
    private var exitInstant: ContinuousClock.Instant?

    var exitTime: ContinuousClock.Instant? { locked { exitInstant } }

    // `hasExited`, `isFinished` and `data(of:)` are for predicates passed to
    // `wait(until:for:)`, which already hold the (non-recursive) lock.

    var hasExited: Bool { exitInstant != nil }

    /// True once the process has exited and both pipes reached end of file.
    var isFinished: Bool { hasExited && openStreams == 0 }

    func data(of stream: RunningProcess.StandardStream) -> Data {
        stream == .output ? output : error
    }

    func snapshot(of stream: RunningProcess.StandardStream) -> Data {
        locked { data(of: stream) }
    }

    func noteExit() {
        locked { exitInstant = .now }
    }

    /// Reads `handle` to end of file on its own thread, appending to `stream`.
    func collect(_ handle: FileHandle, as stream: RunningProcess.StandardStream) {
        Thread {
            while true {
                let chunk = handle.availableData
                // Closed before the stream counts as finished, so a caller who saw the process
                // finish holds no descriptor of it.
                if chunk.isEmpty { try? handle.close() }
                self.locked {
                    if chunk.isEmpty {
                        self.openStreams -= 1
                    } else if stream == .output {
                        self.output.append(chunk)
                    } else {
                        self.error.append(chunk)
                    }
                }
                if chunk.isEmpty { return }
            }
        }.start()
    }

    /// Blocks until `predicate` (evaluated under the lock) holds or `deadline` passes.
    @discardableResult
    func wait(until deadline: ContinuousClock.Instant, for predicate: (ProcessLog) -> Bool) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while !predicate(self) {
            let remaining = deadline - .now
            guard remaining > .zero else { return false }
            let seconds = Double(remaining.components.seconds) + Double(remaining.components.attoseconds) * 1e-18
            _ = condition.wait(until: Date(timeIntervalSinceNow: seconds))
        }
        return true
    }

    private func locked<T>(_ body: () -> T) -> T {
        condition.lock()
        defer {
            condition.broadcast()
            condition.unlock()
        }
        return body()
    }
}
