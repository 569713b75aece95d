import CFFmpeg
import Foundation
import Synchronization

/// What FFmpeg's interrupt callback asks on one format context: give up when the source is
/// cancelled (quit, another file, shutdown) or when the call in progress has outlived its
/// deadline (`--network-timeout`), whatever the server does meanwhile.
final class BlockingCallGuard: Sendable {
    let cancel: InterruptFlag
    /// Monotonic nanoseconds after which the current call gives up; `Int64.max`: none.
    private let deadline = Atomic<Int64>(Int64.max)

    init(cancel: InterruptFlag) {
        self.cancel = cancel
    }

    /// Gives the blocking calls from now on `seconds` to finish (infinite: no limit).
    func limit(to seconds: Double) {
        guard seconds.isFinite else { deadline.store(Int64.max, ordering: .relaxed); return }
        deadline.store(Self.now() &+ Int64(seconds * 1e9), ordering: .relaxed)
    }

    var shouldGiveUp: Bool {
        cancel.isRaised || Self.now() >= deadline.load(ordering: .relaxed)
    }

    var hasTimedOut: Bool { !cancel.isRaised && Self.now() >= deadline.load(ordering: .relaxed) }

    /// Installs this guard as `context`'s interrupt callback. Unretained: the owner of the
    /// context keeps the guard for as long as the context lives.
    func install(on context: UnsafeMutablePointer<AVFormatContext>) {
        context.pointee.interrupt_callback.callback = { opaque in
            guard let opaque else { return 0 }
            return Unmanaged<BlockingCallGuard>.fromOpaque(opaque).takeUnretainedValue().shouldGiveUp ? 1 : 0
        }
        context.pointee.interrupt_callback.opaque = Unmanaged.passUnretained(self).toOpaque()
    }

    private static func now() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
    }
}
