import Foundation

/// A value guarded by a pthread mutex, shared between threads.
///
/// Used instead of `Synchronization.Mutex`: on Linux that one locks with raw futexes,
/// which ThreadSanitizer cannot see, so every correctly locked access would be reported
/// as a race and `swift test --sanitize=thread` could not vouch for the code.
public final class Locked<Value>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    public init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }

    /// Runs `body` if the lock is free this instant, else returns nil at once: for a thread
    /// that must never wait on one a slower thread holds (the audio device's).
    public func withLockIfAvailable<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result? {
        guard pthread_mutex_trylock(mutex) == 0 else { return nil }
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
