import VPlayCore

/// Player events and state changes as the event messages every client receives.
struct IPCEventTranslator {
    private var wasPaused: Bool

    init(initial state: PlayerState) {
        wasPaused = state.isPaused
    }

    /// mpv's `pause`/`unpause` when the state's pause flag flipped, then the event if any.
    mutating func messages(for event: PlayerEvent?, state: PlayerState) -> [JSONValue] {
        var messages: [JSONValue] = []
        if state.isPaused != wasPaused {
            wasPaused = state.isPaused
            messages.append(IPCMessage.event(state.isPaused ? "pause" : "unpause"))
        }
        if let event {
            messages.append(IPCMessage.event(for: event))
        }
        return messages
    }
}
