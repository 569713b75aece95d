import CSDL2
import VPlayCore

/// The window while a file opens: commands are taken and answered at once (the session keeps
/// those that need the file), keys still work, and closing the window gives the open up. Returns
/// as soon as the open has an outcome: the wake it sends ends the wait.
public final class OpeningLoop {
    private let sdl: SDLSession
    private let session: Session
    private let channel: PlayerChannel
    private let keyCommand: (KeyPress, Bool) -> PlayerCommand?
    private let onTurn: (PlayerState) -> Void

    public init(sdl: SDLSession, session: Session, channel: PlayerChannel,
                keyCommand: @escaping (KeyPress, Bool) -> PlayerCommand?, onTurn: @escaping (PlayerState) -> Void = { _ in }) {
        self.sdl = sdl
        self.session = session
        self.channel = channel
        self.keyCommand = keyCommand
        self.onTurn = onTurn
    }

    public func run() {
        var event = SDL_Event()
        while isOpening {
            LoopTurn.takeCommands(from: channel, into: session)
            let state = LoopTurn.publish(session, to: channel, onTurn: onTurn)
            guard isOpening, sdl.waitEvent(&event, until: .infinity, now: Player.monotonicNow()) else { continue }
            repeat { handle(event, state: state) } while isOpening && SDL_PollEvent(&event) != 0
        }
    }

    private var isOpening: Bool {
        if case .opening = session.phase { return true }
        return false
    }

    private func handle(_ event: SDL_Event, state: PlayerState) {
        guard !LoopTurn.handleWakeOrQuit(event, sdl: sdl, session: session), event.type == SDL_KEYDOWN.rawValue,
              let press = KeyPress(event.key), let command = keyCommand(press, state.isFullscreen) else { return }
        session.apply(command)
    }
}
