import VPlayControl
import VPlayCore
import VPlayView

/// Opens `path` on a thread of its own while the window and the IPC socket stay live; nil when
/// the user quit meanwhile (the open is then given up).
func open(_ path: String, options: PlayerOptions, audioDevice: AudioDevice?, session: SDLSession,
          channel: PlayerChannel, quiet: Bool) -> Result<Player, PlayerError>? {
    channel.emit(.startFile)
    let opening = PlayerOpening(path: path, make: { interrupt throws(PlayerError) in
        try Player(path: path, options: options, audioDevice: audioDevice,
                   wake: { session.wake() }, warn: { if !quiet { report($0) } }, interrupt: interrupt)
    }, done: { session.wake() })
    while true {
        if let result = opening.result { return result }
        let commands = channel.takeCommands()
        // Nothing to apply them to yet: taken, so that a client waiting for its reply gets it.
        channel.publish(channel.state)
        if commands.contains(where: \.quitsWhileOpening) {
            opening.cancel()
            return nil
        }
        if session.waitForClose(seconds: 0.1) {
            opening.cancel()
            return nil
        }
    }
}

extension PlayerCommand {
    fileprivate var quitsWhileOpening: Bool {
        switch self {
        case .quit, .quitSavingPosition: true
        default: false
        }
    }
}
