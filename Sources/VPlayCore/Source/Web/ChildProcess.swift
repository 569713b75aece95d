import Foundation

/// A program run to its end with its output collected, off the main thread. It is given up
/// (killed with its process group) as soon as `interrupt` is raised or its time runs out, and
/// killed too if vplay exits while it runs, so nothing is left behind.
enum ChildProcess {
    struct Outcome: Equatable {
        /// The exit status, or 128 + the signal that ended it; nil when the output was complete
        /// before the program ended (it is left to end by itself).
        var status: Int32?
        var output: Data
        var errors: Data
    }

    enum Failure: Error, Equatable {
        case notFound(String)
        case cannotStart(String)
        case cancelled
        case timedOut
        case outputTooLarge
    }

    /// How often the flag and the clock are looked at while the program runs.
    static let pollInterval: Int32 = 50
    /// Output past this is not a page's description.
    static let outputLimit = 64 << 20

    static func run(_ program: String, _ arguments: [String], interrupt: InterruptFlag,
                    limit: Double) -> Result<Outcome, Failure> {
        start(program, arguments).flatMap { $0.finish(interrupt: interrupt, limit: limit) }
    }

    /// Starts `program`; its output waits in its pipes until `Started.finish` reads it.
    static func start(_ program: String, _ arguments: [String]) -> Result<Started, Failure> {
        guard let path = locate(program) else { return .failure(.notFound(program)) }
        var output: [Int32] = [-1, -1], errors: [Int32] = [-1, -1]
        guard makePipe(&output) else { return .failure(.cannotStart(String(cString: strerror(errno)))) }
        guard makePipe(&errors) else {
            close(output[0]); close(output[1])
            return .failure(.cannotStart(String(cString: strerror(errno))))
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
        // Nothing else of vplay's: a pipe another library has open while it forks (D-Bus
        // starting its bus, say) would otherwise be held open by the program and hang that reader.
        // (A descriptor closed meanwhile is passed over by the spawn.)
        openDescriptors().forEach { posix_spawn_file_actions_addclose(&actions, $0) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // A group of its own, so that whatever it starts is ended with it; and the signals
        // this thread blocks (SDL blocks some) do not carry over.
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK))

        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = Running.shared.spawning {
            posix_spawn(&pid, path, &actions, &attributes, argv, environ) == 0 ? pid : nil
        }
        close(output[1]); close(errors[1])
        guard spawned != nil else {
            close(output[0]); close(errors[0])
            return .failure(.cannotStart(String(cString: strerror(errno))))
        }
        return .success(Started(pid: pid, output: output[0], errors: errors[0]))
    }

    /// A program started and not yet waited for; its one owner finishes or abandons it.
    final class Started: @unchecked Sendable {
        let pid: pid_t
        // The read ends of its pipes, -1 once closed.
        private var output: Int32
        private var errors: Int32

        fileprivate init(pid: pid_t, output: Int32, errors: Int32) {
            self.pid = pid
            self.output = output
            self.errors = errors
        }

        deinit { abandon() }

        /// Reads its output to its end and waits for it; killed when `interrupt` is raised or
        /// `limit` seconds pass. Once `isComplete` says the output so far is all that is wanted,
        /// returns it at once: the program is left to end by itself (a Python program's exit can
        /// take a tenth of a second), waited for on a thread of its own.
        func finish(interrupt: InterruptFlag, limit: Double,
                    isComplete: (Data) -> Bool = { _ in false }) -> Result<Outcome, Failure> {
            guard output >= 0 else { return .failure(.cancelled) }
            let deadline = Date().addingTimeInterval(limit)
            var collected = [Data(), Data()]
            var open = [true, true]
            var buffer = [UInt8](repeating: 0, count: 65536)
            var failure: Failure?
            while open.contains(true) {
                if interrupt.isRaised { failure = .cancelled; break }
                if Date() >= deadline { failure = .timedOut; break }
                var fds = [output, errors].enumerated().map { index, fd in
                    pollfd(fd: open[index] ? fd : -1, events: Int16(POLLIN), revents: 0)
                }
                guard poll(&fds, 2, pollInterval) >= 0 || errno == EINTR else { break }
                for index in 0..<2 where open[index] && fds[index].revents != 0 {
                    let count = read(fds[index].fd, &buffer, buffer.count)
                    if count > 0 {
                        collected[index].append(buffer, count: count)
                    } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                        open[index] = false
                    }
                }
                if collected[0].count + collected[1].count > outputLimit { failure = .outputTooLarge; break }
                if failure == nil, open[0], fds[0].revents != 0, isComplete(collected[0]) {
                    release(until: deadline)
                    return .success(Outcome(status: nil, output: collected[0], errors: collected[1]))
                }
            }
            let status = end(killing: failure != nil)
            if let failure { return .failure(failure) }
            let code = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
            return .success(Outcome(status: code, output: collected[0], errors: collected[1]))
        }

        /// Kills it (and what it started) unread.
        func abandon() {
            if output >= 0 { _ = end(killing: true) }
        }

        /// Lets it end by itself, its pipes closed (anything more it writes is lost), and waits
        /// for it on a thread of its own; killed if it still runs at `deadline`.
        private func release(until deadline: Date) {
            close(output); close(errors)
            output = -1; errors = -1
            let pid = pid
            Thread.detachNewThread {
                var status: Int32 = 0
                while waitpid(pid, &status, WNOHANG) == 0 {
                    if Date() >= deadline { kill(-pid, SIGKILL) }
                    usleep(UInt32(ChildProcess.pollInterval) * 1000)
                }
                Running.shared.ended(pid)
            }
        }

        /// Its wait status, once it has ended (killed first when asked); its pipes closed.
        private func end(killing: Bool) -> Int32 {
            if killing { kill(-pid, SIGKILL) }
            close(output); close(errors)
            output = -1; errors = -1
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            Running.shared.ended(pid)
            return status
        }
    }
    /// A pipe whose ends no other program started meanwhile inherits.
    private static func makePipe(_ ends: inout [Int32]) -> Bool {
        guard pipe(&ends) == 0 else { return false }
        ends.forEach { _ = fcntl($0, F_SETFD, FD_CLOEXEC) }
        return true
    }

    /// The descriptors vplay has open past the standard three.
    private static func openDescriptors() -> [Int32] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return names.compactMap { Int32($0) }.filter { $0 > 2 }
    }

    /// `program` itself when it names a path, else the first executable of that name on PATH.
    static func locate(_ program: String) -> String? {
        guard !program.isEmpty else { return nil }
        if program.contains("/") { return access(program, X_OK) == 0 ? program : nil }
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
        for directory in directories {
            let candidate = "\(directory)/\(program)"
            var info = stat()
            if stat(candidate, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, access(candidate, X_OK) == 0 {
                return candidate
            }
        }
        return nil
    }

    /// The programs running now, killed at exit.
    final class Running: Sendable {
        static let shared = Running()
        private let groups = Locked(Set<pid_t>())

        private init() {
            atexit { ChildProcess.Running.shared.killAll() }
        }

        func spawning(_ spawn: () -> pid_t?) -> pid_t? {
            groups.withLock { groups in
                let pid = spawn()
                if let pid { groups.insert(pid) }
                return pid
            }
        }

        func ended(_ pid: pid_t) { _ = groups.withLock { $0.remove(pid) } }

        private func killAll() {
            groups.withLock { groups in groups.forEach { kill(-$0, SIGKILL) } }
        }
    }
}
