import Foundation

/// The thread-safe door into the player for control surfaces on other threads (IPC).
/// Commands go in and are applied on the main loop in arrival order; the latest state
/// snapshot and the events come out. Nothing here touches the engine directly.
public final class PlayerChannel: @unchecked Sendable {
    public typealias EventHandler = @Sendable (PlayerEvent, PlayerState) -> Void

    // Everything below is guarded by `condition`.
    private let condition = NSCondition()
    private var commands: [PlayerCommand] = []
    private var snapshot = PlayerState()
    private var handlers: [Int: EventHandler] = [:]
    private var nextHandlerID = 0
    private var wake: (@Sendable () -> Void)?
    /// Commands sent, taken by the main loop, and reflected in a published snapshot.
    private var sentCount: UInt64 = 0
    private var takenCount: UInt64 = 0
    private var publishedCount: UInt64 = 0

    public init() {}

    /// Queues a command and wakes the main loop. Callable from any thread.
    /// Returns its sequence number, for `appliedSequence`.
    @discardableResult
    public func send(_ command: PlayerCommand) -> UInt64 {
        let (wakeUp, sequence) = condition.withLock { () -> ((@Sendable () -> Void)?, UInt64) in
            commands.append(command)
            sentCount += 1
            return (self.wake, sentCount)
        }
        wakeUp?()
        return sequence
    }

    /// The sequence number of the last command reflected in a published state: a reply to a
    /// change waits for this to reach the change's number, so a read that follows it sees the
    /// new value.
    public var appliedSequence: UInt64 { condition.withLock { publishedCount } }

    /// The most recent snapshot published by the main loop.
    public var state: PlayerState { condition.withLock { snapshot } }

    /// Registers a handler called (on the main loop's thread) for each event; returns a token.
    @discardableResult
    public func subscribe(_ handler: @escaping EventHandler) -> Int {
        condition.withLock {
            let id = nextHandlerID
            nextHandlerID += 1
            handlers[id] = handler
            return id
        }
    }

    public func unsubscribe(_ token: Int) {
        _ = condition.withLock { handlers.removeValue(forKey: token) }
    }

    // MARK: main-loop side

    /// Sets how a sender wakes the main loop (e.g. by pushing an SDL user event).
    public func setWake(_ wake: @escaping @Sendable () -> Void) {
        condition.withLock { self.wake = wake }
    }

    public func takeCommands() -> [PlayerCommand] {
        condition.withLock {
            defer { commands.removeAll(keepingCapacity: true) }
            takenCount = sentCount
            return commands
        }
    }

    public func publish(_ state: PlayerState) {
        condition.withLock {
            snapshot = state
            publishedCount = takenCount
            condition.broadcast()
        }
    }

    public func emit(_ event: PlayerEvent) {
        let (current, state) = condition.withLock { (Array(self.handlers.values), snapshot) }
        for handler in current { handler(event, state) }
    }
}
