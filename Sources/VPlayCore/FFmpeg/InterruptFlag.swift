import Synchronization

/// Makes FFmpeg's blocking calls on one source give up: raised on shutdown, or by whoever
/// cancels an open in flight. FFmpeg polls it through the format context's interrupt callback.
public final class InterruptFlag: Sendable {
    private let raised = Atomic(false)

    public init() {}

    public func raise() { raised.store(true, ordering: .relaxed) }

    public var isRaised: Bool { raised.load(ordering: .relaxed) }
}
