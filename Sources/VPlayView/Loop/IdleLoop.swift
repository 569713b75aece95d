import CSDL2
import VPlayCore

/// The window with no file: "No file", an Open button and Ctrl+O for the file chooser, files
/// dropped on it, and `loadfile` over IPC. Runs while the session is idle.
public final class IdleLoop {
    private let sdl: SDLSession
    private let session: Session
    private let window: PlayerWindow
    private let screen: IdleScreen
    private let channel: PlayerChannel
    private let keyCommand: (KeyPress, Bool) -> PlayerCommand?
    /// Shows the desktop's file chooser; its answer comes back through the channel.
    private let openDialog: () -> Void
    private let onTurn: (PlayerState) -> Void
    private var pointer: OverlayPoint?
    private var drawn: IdleScreen.Look?
    /// Files of a drop under way (SDL sends one event per file between begin and complete).
    private var dropped: [String] = []

    public init(sdl: SDLSession, session: Session, window: PlayerWindow, screen: IdleScreen, channel: PlayerChannel,
                keyCommand: @escaping (KeyPress, Bool) -> PlayerCommand?, openDialog: @escaping () -> Void,
                onTurn: @escaping (PlayerState) -> Void = { _ in }) {
        self.sdl = sdl
        self.session = session
        self.window = window
        self.screen = screen
        self.channel = channel
        self.keyCommand = keyCommand
        self.openDialog = openDialog
        self.onTurn = onTurn
    }

    public func run() {
        var event = SDL_Event()
        while session.phase == .idle {
            LoopTurn.takeCommands(from: channel, into: session)
            let state = LoopTurn.publish(session, to: channel, onTurn: onTurn)
            guard session.phase == .idle else { return }
            if state.isFullscreen != window.isFullscreen { window.setFullscreen(state.isFullscreen) }
            let now = Player.monotonicNow()
            draw(message: state.messageExpiry > now ? state.message : nil)
            // A message on screen goes when it expires.
            let until = state.message != nil && state.messageExpiry > now ? state.messageExpiry : .infinity
            guard sdl.waitEvent(&event, until: until, now: now) else { continue }
            repeat {
                handle(event, state: state)
            } while session.phase == .idle && SDL_PollEvent(&event) != 0
        }
    }

    private func handle(_ event: SDL_Event, state: PlayerState) {
        switch event.type {
        case sdl.wakeEventType:
            sdl.wakeConsumed()
        case SDL_QUIT.rawValue:
            session.apply(.quit(code: 0))
        case SDL_DROPBEGIN.rawValue:
            dropped.removeAll()
        case SDL_DROPFILE.rawValue:
            if let file = event.drop.file {
                dropped.append(String(cString: file))
                SDL_free(file)
            }
        case SDL_DROPCOMPLETE.rawValue:
            if !dropped.isEmpty { session.apply(.openFiles(dropped)) }
        case SDL_KEYDOWN.rawValue:
            guard let press = KeyPress(event.key) else { break }
            if press.isOpenDialogKey {
                openDialog()
            } else if let command = keyCommand(press, state.isFullscreen) {
                session.apply(command)
            }
        case SDL_MOUSEMOTION.rawValue:
            pointer = OverlayPoint(x: Double(event.motion.x), y: Double(event.motion.y))
        case SDL_MOUSEBUTTONUP.rawValue:
            let point = OverlayPoint(x: Double(event.button.x), y: Double(event.button.y))
            pointer = point
            if event.button.button == UInt8(SDL_BUTTON_LEFT), layout.isOnOpenButton(point) { openDialog() }
        case SDL_WINDOWEVENT.rawValue:
            if event.window.event == UInt8(SDL_WINDOWEVENT_LEAVE.rawValue) { pointer = nil }
            // Exposed or resized: draw again.
            drawn = nil
        default:
            break
        }
    }

    private var layout: IdleLayout {
        let size = window.size
        return IdleLayout(windowSize: OverlaySize(width: Double(size.width), height: Double(size.height)))
    }

    private func draw(message: String?) {
        let layout = layout
        let look = IdleScreen.Look(layout: layout, buttonIsLit: pointer.map(layout.isOnOpenButton) ?? false, message: message)
        guard look != drawn else { return }
        let points = window.size, pixels = window.outputSize
        screen.draw(look, renderer: window.renderer, scale: points.width > 0 ? Double(pixels.width) / Double(points.width) : 1)
        drawn = look
    }
}

extension KeyPress {
    /// Ctrl+O: the file chooser, from the idle window and while playing.
    public var isOpenDialogKey: Bool {
        modifiers == [.control] && (key == .character("o") || key == .character("O"))
    }
}
