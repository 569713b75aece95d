import VPlayCore

/// What every turn of the view loop does, whatever the window shows: commands from the control
/// surfaces go to the session, and the session's state and events go out to them.
enum LoopTurn {
    static func takeCommands(from channel: PlayerChannel, into session: Session) {
        for command in channel.takeCommands() { session.apply(command) }
    }

    /// Ends a turn: the session takes what happened (an open done, a file ended), then its
    /// snapshot and events reach every control surface.
    @discardableResult
    static func publish(_ session: Session, to channel: PlayerChannel, onTurn: (PlayerState) -> Void) -> PlayerState {
        session.update()
        let state = session.snapshot
        channel.publish(state)
        for event in session.takeEvents() { channel.emit(event) }
        onTurn(state)
        return state
    }
}
