import VPlayCore

/// The end of a main-loop turn, the same with or without a window: the player's state and
/// events go out to every control surface, and the loop learns whether to stop.
enum LoopTurn {
    static func publish(_ player: Player, to channel: PlayerChannel,
                        onTurn: (PlayerState) -> Void) -> (state: PlayerState, exit: PlayerLoop.Exit?) {
        let state = player.state
        channel.publish(state)
        for playerEvent in player.takeEvents() { channel.emit(playerEvent) }
        onTurn(state)
        if state.isQuitting { return (state, .quit(code: state.exitCode)) }
        if let move = state.playlistMove { return (state, .move(move)) }
        return (state, nil)
    }
}
