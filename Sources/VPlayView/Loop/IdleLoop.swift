import CSDL2
import VPlayCore

/// The window with no file: "No file", an Open button and Ctrl+O for the file chooser, files
/// dropped on it, and `loadfile` over IPC. Returns with the files to play, or a quit.
public final class IdleLoop {
    private let session: SDLSession
    private let window: PlayerWindow
    private let screen: IdleScreen
    private let channel: PlayerChannel
    private let keyCommand: (KeyPress, Bool) -> PlayerCommand?
    /// Shows the desktop's file chooser; its answer comes back through the channel.
    private let openDialog: () -> Void
    private let onTurn: (PlayerState) -> Void
    private var pointer: OverlayPoint?
    private var message: String?
    private var drawn: IdleScreen.Look?
    /// Files of a drop under way (SDL sends one event per file between begin and complete).
    private var dropped: [String] = []

    public enum Exit: Equatable {
        case quit(code: Int32)
        case open([String])
    }

    public init(session: SDLSession, window: PlayerWindow, screen: IdleScreen, channel: PlayerChannel,
                keyCommand: @escaping (KeyPress, Bool) -> PlayerCommand?, openDialog: @escaping () -> Void,
                onTurn: @escaping (PlayerState) -> Void = { _ in }) {
        self.session = session
        self.window = window
        self.screen = screen
        self.channel = channel
        self.keyCommand = keyCommand
        self.openDialog = openDialog
        self.onTurn = onTurn
    }

    public func run() -> Exit {
        var state = PlayerState()
        state.isIdle = true
        state.isFullscreen = window.isFullscreen
        var event = SDL_Event()
        while true {
            for command in channel.takeCommands() {
                if let exit = apply(command, to: &state) { return finish(exit, state: state) }
            }
            channel.publish(state)
            onTurn(state)
            if state.isFullscreen != window.isFullscreen { window.setFullscreen(state.isFullscreen) }
            draw()
            guard session.waitEvent(&event, until: .infinity, now: Player.monotonicNow()) else { continue }
            repeat {
                if let exit = handle(event, state: &state) { return finish(exit, state: state) }
            } while SDL_PollEvent(&event) != 0
        }
    }

    private func finish(_ exit: Exit, state: PlayerState) -> Exit {
        var left = state
        left.isIdle = false
        channel.publish(left)
        return exit
    }

    /// The commands that mean something with no file; the others wait for one and are dropped.
    private func apply(_ command: PlayerCommand, to state: inout PlayerState) -> Exit? {
        switch command {
        case .quit(let code): return .quit(code: code)
        case .quitSavingPosition: return .quit(code: 0)
        case .loadFile(let path): return .open([path])
        case .openFiles(let paths) where !paths.isEmpty: return .open(paths)
        case .showText(let text, _): message = text
        case .setFullscreen(let on): state.isFullscreen = on
        case .toggleFullscreen: state.isFullscreen.toggle()
        default: break
        }
        return nil
    }

    private func handle(_ event: SDL_Event, state: inout PlayerState) -> Exit? {
        switch event.type {
        case session.wakeEventType:
            session.wakeConsumed()
        case SDL_QUIT.rawValue:
            return .quit(code: 0)
        case SDL_DROPBEGIN.rawValue:
            dropped.removeAll()
        case SDL_DROPFILE.rawValue:
            if let file = event.drop.file {
                dropped.append(String(cString: file))
                SDL_free(file)
            }
        case SDL_DROPCOMPLETE.rawValue:
            if !dropped.isEmpty { return .open(dropped) }
        case SDL_KEYDOWN.rawValue:
            guard let press = KeyPress(event.key) else { break }
            if press.isOpenDialogKey {
                openDialog()
            } else if let command = keyCommand(press, state.isFullscreen) {
                return apply(command, to: &state)
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
        return nil
    }

    private var layout: IdleLayout {
        let size = window.size
        return IdleLayout(windowSize: OverlaySize(width: Double(size.width), height: Double(size.height)))
    }

    private func draw() {
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
