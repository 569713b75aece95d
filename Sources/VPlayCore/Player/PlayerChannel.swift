
/// The thread-safe door into the player for control surfaces on other threads (IPC).
/// Commands go in and are applied on the main loop in arrival order; the latest state
/// snapshot and the events come out. Nothing here touches the engine directly.
public final class PlayerChannel: Sendable {
    public typealias EventHandler = @Sendable (PlayerEvent, PlayerState) -> Void

    private struct Inner {
        var commands: [PlayerCommand] = []
        var state = PlayerState()
        var handlers: [Int: EventHandler] = [:]
        var nextHandlerID = 0
        var wake: (@Sendable () -> Void)?
    }
    private let inner = Locked(Inner())

    public init() {}

    /// Queues a command and wakes the main loop. Callable from any thread.
    public func send(_ command: PlayerCommand) {
        let wake = inner.withLock { inner -> (@Sendable () -> Void)? in
            inner.commands.append(command)
            return inner.wake
        }
        wake?()
    }

    /// The most recent snapshot published by the main loop.
    public var state: PlayerState { inner.withLock { $0.state } }

    /// Registers a handler called (on the main loop's thread) for each event; returns a token.
    @discardableResult
    public func subscribe(_ handler: @escaping EventHandler) -> Int {
        inner.withLock { inner in
            let id = inner.nextHandlerID
            inner.nextHandlerID += 1
            inner.handlers[id] = handler
            return id
        }
    }

    public func unsubscribe(_ token: Int) {
        _ = inner.withLock { $0.handlers.removeValue(forKey: token) }
    }

    // MARK: main-loop side

    /// Sets how a sender wakes the main loop (e.g. by pushing an SDL user event).
    public func setWake(_ wake: @escaping @Sendable () -> Void) {
        inner.withLock { $0.wake = wake }
    }

    public func takeCommands() -> [PlayerCommand] {
        inner.withLock { inner in
            defer { inner.commands.removeAll(keepingCapacity: true) }
            return inner.commands
        }
    }

    public func publish(_ state: PlayerState) {
        inner.withLock { $0.state = state }
    }

    public func emit(_ event: PlayerEvent) {
        let (handlers, state) = inner.withLock { (Array($0.handlers.values), $0.state) }
        for handler in handlers { handler(event, state) }
    }
}
