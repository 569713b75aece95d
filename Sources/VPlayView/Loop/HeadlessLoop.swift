import CSDL2
import VPlayCore

/// The main loop with no window (`--no-video`): applies commands (IPC) to the player and
/// ticks it, sleeping until its next deadline, a wake or a quit signal (SIGINT, SIGTERM).
public final class HeadlessLoop {
    private let session: SDLSession
    private let player: Player
    private let channel: PlayerChannel
    /// Called after each turn with the published state (status line, IPC observers).
    private let onTurn: (PlayerState) -> Void

    public init(session: SDLSession, player: Player, channel: PlayerChannel,
                onTurn: @escaping (PlayerState) -> Void = { _ in }) {
        self.session = session
        self.player = player
        self.channel = channel
        self.onTurn = onTurn
    }

    /// Runs until a quit or a move to another file.
    public func run() -> PlayerLoop.Exit {
        var event = SDL_Event()
        while true {
            for command in channel.takeCommands() { player.apply(command) }
            let tick = player.tick()
            if let exit = LoopTurn.publish(player, to: channel, onTurn: onTurn).exit { return exit }

            var arrived = session.waitEvent(&event, until: tick.wakeAt, now: Player.monotonicNow())
            while arrived {
                handle(event)
                arrived = SDL_PollEvent(&event) != 0
            }
        }
    }

    private func handle(_ event: SDL_Event) {
        switch event.type {
        case session.wakeEventType:
            session.wakeConsumed()
        case SDL_QUIT.rawValue:
            player.apply(.quit(code: 0))
        default:
            break
        }
    }
}
