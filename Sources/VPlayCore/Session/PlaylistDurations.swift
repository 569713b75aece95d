import Foundation

/// Durations of playlist entries not opened yet, for the playlist panel: one low-priority
/// thread reads the header of each local file near the rows in view (`DurationProbe`), the
/// rows in view first, and keeps what it learned for the rest of the run, by path. It works
/// only while asked: with the panel closed or scrolled to entries already known it waits.
public final class PlaylistDurations: @unchecked Sendable {
    public typealias Probe = @Sendable (_ path: String, _ interrupt: InterruptFlag) -> Double?

    private let condition = NSCondition()
    private var wishes = DurationWishes()
    private var stopping = false
    private let interrupt = InterruptFlag()
    private let done = DispatchSemaphore(value: 0)

    /// - Parameters:
    ///   - onReady: called on the prober's thread after each duration learned (to wake the loop).
    ///   - lowPriority: runs the thread at nice 19, on CPU time playback leaves unused.
    ///   - probe: reads one file's duration.
    public init(onReady: @escaping @Sendable () -> Void, lowPriority: Bool = true,
                probe: @escaping Probe = { DurationProbe.duration(of: $0, interrupt: $1) }) {
        let thread = Thread { [self] in
            // Linux keeps a nice value per thread; `who = 0` means the calling thread.
            if lowPriority { _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19) }
            run(probe: probe, onReady: onReady)
            done.signal()
        }
        thread.name = "vplay.durations"
        thread.start()
    }

    /// The duration learned for `path`; nil while unknown.
    public func duration(of path: String) -> Double? {
        condition.withLock { wishes.duration(of: path) }
    }

    /// The entries to look at, most wanted first (see `rows(visible:count:)`): replaces what
    /// was asked before, so scrolling away leaves the rows scrolled past.
    public func want(_ paths: [String]) {
        condition.withLock {
            wishes.want(paths.filter { SourceLocation($0).kind == .local })
            condition.signal()
        }
    }

    /// Gives up the file being read and waits for the thread. Must be called (the thread keeps
    /// the prober alive until then); safe to call twice.
    public func stop() {
        let mustWait = condition.withLock { () -> Bool in
            defer { stopping = true; condition.signal() }
            return !stopping
        }
        interrupt.raise()
        if mustWait { done.wait() }
    }

    private func run(probe: Probe, onReady: @Sendable () -> Void) {
        while true {
            let next = condition.withLock { () -> String? in
                while !stopping, !wishes.hasWork { condition.wait() }
                return stopping ? nil : wishes.next()
            }
            guard let path = next else { return }
            let duration = probe(path, interrupt)
            condition.withLock { wishes.record(path, duration: duration) }
            if duration != nil { onReady() }
        }
    }

    /// The rows to look at for a panel showing `visible` of `count` entries, in order: those in
    /// view from the top, then a page below and a page above, nearest first.
    public static func rows(visible: Range<Int>, count: Int) -> [Int] {
        let shown = visible.clamped(to: 0..<max(0, count))
        var rows = Array(shown)
        for step in 0..<shown.count {
            let below = shown.upperBound + step, above = shown.lowerBound - 1 - step
            if below < count { rows.append(below) }
            if above >= 0 { rows.append(above) }
        }
        return rows
    }
}

/// What the duration prober has learned and is asked for; the order of the asking is kept.
struct DurationWishes {
    /// Paths read, with their duration (nil: the header has none, or it could not be read).
    private var learned: [String: Double?] = [:]
    private var wanted: [String] = []
    private var cursor = 0

    func duration(of path: String) -> Double? {
        learned[path] ?? nil
    }

    func isLearned(_ path: String) -> Bool {
        learned.index(forKey: path) != nil
    }

    /// Replaces the paths asked for.
    mutating func want(_ paths: [String]) {
        wanted = paths.filter { !isLearned($0) }
        cursor = 0
    }

    /// Whether a path asked for is still unread.
    var hasWork: Bool {
        wanted[cursor...].contains { !isLearned($0) }
    }

    /// The next path to read, in the order asked; nil when all are read.
    mutating func next() -> String? {
        while cursor < wanted.count {
            let path = wanted[cursor]
            cursor += 1
            if !isLearned(path) { return path }
        }
        return nil
    }

    mutating func record(_ path: String, duration: Double?) {
        learned[path] = .some(duration)
    }
}
