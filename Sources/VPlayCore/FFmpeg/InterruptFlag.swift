import CFFmpeg
import Synchronization

/// Makes FFmpeg's blocking calls on one source give up: raised on shutdown, or by whoever
/// cancels an open in flight. FFmpeg polls it through the format context's interrupt callback.
public final class InterruptFlag: Sendable {
    private let raised = Atomic(false)

    public init() {}

    public func raise() { raised.store(true, ordering: .relaxed) }

    public var isRaised: Bool { raised.load(ordering: .relaxed) }

    /// Installs this flag as `context`'s interrupt callback: a raised flag ends its blocking
    /// calls. Unretained: the caller keeps the flag for as long as the context lives.
    func install(on context: UnsafeMutablePointer<AVFormatContext>) {
        context.pointee.interrupt_callback.callback = { opaque in
            guard let opaque else { return 0 }
            return Unmanaged<InterruptFlag>.fromOpaque(opaque).takeUnretainedValue().isRaised ? 1 : 0
        }
        context.pointee.interrupt_callback.opaque = Unmanaged.passUnretained(self).toOpaque()
    }
}
