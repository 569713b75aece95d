import Foundation

/// One background thread that carries out requests, newest first and only the newest: a request
/// arriving while another waits replaces it (`RequestSlot`). The work is told when it has been
/// superseded so long jobs can give up early.
final class LatestRequestWorker<Request: Sendable>: @unchecked Sendable {
    struct Counts: Equatable, Sendable {
        var submitted = 0
        var coalesced = 0
        var started = 0
    }

    /// Runs on the worker thread. The second argument answers whether a newer request is
    /// waiting (or the worker is stopping), in which case the job may stop early.
    typealias Work = @Sendable (Request, _ isSuperseded: () -> Bool) -> Void

    private let condition = NSCondition()
    private var slot = RequestSlot<Request>()
    private var stopping = false
    /// The worker thread itself, once running.
    private var thread: pthread_t?
    private let done = DispatchSemaphore(value: 0)

    /// - Parameter lowPriority: runs the thread at nice 19, so it gets only CPU time that
    ///   playback leaves unused.
    init(name: String, lowPriority: Bool = true, work: @escaping Work) {
        let thread = Thread { [self] in
            if lowPriority { Self.lowerPriority() }
            run(work)
            done.signal()
        }
        thread.name = name
        thread.start()
    }

    /// Queues `request`, replacing one not yet started.
    func submit(_ request: Request) {
        condition.withLock {
            guard !stopping else { return }
            slot.put(request)
            condition.signal()
        }
    }

    /// Drops the request not yet started, if any.
    func cancelPending() {
        condition.withLock { slot.clear() }
    }

    var counts: Counts {
        condition.withLock { Counts(submitted: slot.submitted, coalesced: slot.coalesced, started: slot.taken) }
    }

    /// Returns once the thread has finished its current job (which is told it is superseded)
    /// and exited. Must be called: the thread keeps the worker alive until then. Safe to call twice.
    /// Called on the worker thread itself (from inside a job), it only asks the thread to end.
    func stop() {
        let mustWait = condition.withLock { () -> Bool in
            defer { stopping = true; condition.signal() }
            let onWorker = thread.map { pthread_equal($0, pthread_self()) != 0 } ?? false
            return !stopping && !onWorker
        }
        if mustWait { done.wait() }
    }

    private func run(_ work: Work) {
        condition.withLock { thread = pthread_self() }
        let isSuperseded = { [self] in condition.withLock { stopping || !slot.isEmpty } }
        while true {
            let next = condition.withLock { () -> Request? in
                while !stopping && slot.isEmpty { condition.wait() }
                return stopping ? nil : slot.take()
            }
            guard let request = next else { return }
            work(request, isSuperseded)
        }
    }

    /// Linux keeps a nice value per thread; `who = 0` means the calling thread.
    private static func lowerPriority() {
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
    }
}
