import Foundation

/// Opens a source on a thread of its own, so that the window and the control surfaces stay
/// live while it is probed, and the open can be given up: `cancel` makes FFmpeg's blocking
/// calls return (a read stuck in the system, such as a pipe with no writer yet, is left
/// behind; it ends with the process). `Value` is what the open makes: a `Player`.
public final class SourceOpening<Value>: @unchecked Sendable {
    public let source: Source
    public var path: String { source.text }
    private let interrupt = InterruptFlag()
    private let outcome = Locked<Result<Value, PlayerError>?>(nil)

    /// Starts opening; `make` opens (with the flag to pass on), `done` is called on the
    /// opening thread once there is a result.
    public init(source: Source, make: @escaping @Sendable (InterruptFlag) throws(PlayerError) -> Value,
                done: @escaping @Sendable () -> Void) {
        self.source = source
        let path = source.text
        let interrupt = interrupt, outcome = outcome
        let thread = Thread {
            let result: Result<Value, PlayerError>
            do throws(PlayerError) {
                result = .success(try make(interrupt))
            } catch {
                result = .failure(interrupt.isRaised ? .cancelled(path) : error)
            }
            outcome.withLock { $0 = result }
            done()
        }
        thread.name = "vplay.open"
        thread.start()
    }

    /// What the open made, or why it failed; nil while it goes on.
    public var result: Result<Value, PlayerError>? { outcome.withLock { $0 } }

    public func cancel() { interrupt.raise() }
}

/// A file opened for playing while the window stays live.
public typealias PlayerOpening = SourceOpening<Player>
