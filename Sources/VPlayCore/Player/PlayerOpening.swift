import Foundation

/// Opens a file for playing on a thread of its own, so that the window and the control
/// surfaces stay live while a slow source is probed, and the open can be given up: `cancel`
/// makes FFmpeg's blocking calls return (a read stuck in the system, such as a pipe with no
/// writer yet, is left behind; it ends with the process).
public final class PlayerOpening: @unchecked Sendable {
    private let interrupt = InterruptFlag()
    private let outcome = Locked<Result<Player, PlayerError>?>(nil)

    /// Starts opening; `make` builds the player (with the flag to pass on), `done` is called on
    /// the opening thread once there is a result.
    public init(path: String, make: @escaping @Sendable (InterruptFlag) throws(PlayerError) -> Player,
                done: @escaping @Sendable () -> Void) {
        let interrupt = interrupt, outcome = outcome
        let thread = Thread {
            let result: Result<Player, PlayerError>
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

    /// The player, or why there is none; nil while the open goes on.
    public var result: Result<Player, PlayerError>? { outcome.withLock { $0 } }

    public func cancel() { interrupt.raise() }
}
