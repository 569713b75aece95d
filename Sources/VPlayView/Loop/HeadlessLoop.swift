import CSDL2
import VPlayCore

/// The main loop with no window (`--no-video`): sends commands (IPC) to the session and
/// ticks its player, sleeping until the player's next deadline, a wake or a quit signal
/// (SIGINT, SIGTERM). Also waits out opens, with no player to tick.
public final class HeadlessLoop {
    private let sdl: SDLSession
    private let session: Session
    private let channel: PlayerChannel
    /// Called after each turn with the published state (status line, IPC observers).
    private let onTurn: (PlayerState) -> Void

    public init(sdl: SDLSession, session: Session, channel: PlayerChannel, onTurn: @escaping (PlayerState) -> Void = { _ in }) {
        self.sdl = sdl
        self.session = session
        self.channel = channel
        self.onTurn = onTurn
    }

    /// Runs until the run is over.
    public func run() {
        var event = SDL_Event()
        while session.exitCode == nil {
            LoopTurn.takeCommands(from: channel, into: session)
            let wakeAt = session.player?.tick().wakeAt ?? .infinity
            LoopTurn.publish(session, to: channel, onTurn: onTurn)
            guard session.exitCode == nil else { return }
            var arrived = sdl.waitEvent(&event, until: session.player == nil ? .infinity : wakeAt, now: Player.monotonicNow())
            while arrived {
                _ = LoopTurn.handleWakeOrQuit(event, sdl: sdl, session: session)
                arrived = SDL_PollEvent(&event) != 0
            }
        }
    }
}
