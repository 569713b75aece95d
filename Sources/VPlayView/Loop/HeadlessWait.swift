import Glibc
import Synchronization

/// The main loop's sleep when there is no display (`--no-video`). Without a video driver SDL
/// waits for events by polling every millisecond: a thousand wake-ups a second of playing
/// sound. This sleeps on a semaphore instead, which a wake posts, and so do SIGINT and SIGTERM
/// (SDL's own handlers would only queue a quit for the next poll). One at a time: its handlers
/// replace the process's until `close` puts the previous ones back.
final class HeadlessWait: Sendable {
    private let previous: [Int32: sigaction]

    init() {
        // First touches here, not in the handler: a global's lazy initialisation is not
        // async-signal-safe.
        sem_init(quitSemaphore, 0, 0)
        quitSignalled.store(false, ordering: .relaxed)
        var saved: [Int32: sigaction] = [:]
        for number in Self.quitSignals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { _ in
                quitSignalled.store(true, ordering: .releasing)
                sem_post(quitSemaphore)
            }
            sigemptyset(&action.sa_mask)
            var old = sigaction()
            sigaction(number, &action, &old)
            saved[number] = old
        }
        previous = saved
    }

    private static let quitSignals = [SIGINT, SIGTERM]

    /// Puts the previous signal handlers back.
    func close() {
        for (number, action) in previous {
            var action = action
            sigaction(number, &action, nil)
        }
    }

    /// Ends a `sleep` now or, if none is under way, the next one at once.
    func post() {
        sem_post(quitSemaphore)
    }

    /// Sleeps until a post, a quit signal or `deadline` (monotonic seconds; infinite: no limit).
    func sleep(until deadline: Double, now: Double) {
        guard deadline.isFinite else {
            while sem_wait(quitSemaphore) != 0 && errno == EINTR && !quitSignalled.load(ordering: .acquiring) {}
            return
        }
        // sem_timedwait takes the wall clock: a step of it while asleep moves the wake-up, and
        // the loop then takes one more turn or wakes late, as after any early wake.
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        let nanoseconds = Int(time.tv_nsec) + Int((min(max(0, deadline - now), 1_000_000) * 1e9).rounded(.up))
        time.tv_sec += nanoseconds / 1_000_000_000
        time.tv_nsec = nanoseconds % 1_000_000_000
        while sem_timedwait(quitSemaphore, &time) != 0 && errno == EINTR && !quitSignalled.load(ordering: .acquiring) {}
    }

    /// True once after SIGINT or SIGTERM arrived.
    func takeQuitSignal() -> Bool {
        quitSignalled.exchange(false, ordering: .acquiringAndReleasing)
    }
}

/// Shared with the signal handlers, which can capture nothing.
private nonisolated(unsafe) let quitSemaphore = UnsafeMutablePointer<sem_t>.allocate(capacity: 1)
private let quitSignalled = Atomic(false)
