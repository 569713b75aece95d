import CSDL2
import VPlayCore

/// The main loop, from the session's start to its end. Each turn it gives the session the
/// commands of every control surface, ticks the file playing, publishes the state, then lets
/// the scene that fits the session's phase draw (the idle window, or the file playing; nothing
/// while a file opens, so the window keeps its last picture) and sleeps until the player's next
/// tick, the scene's next deadline or an event. Keys, drops and the window's close go to the
/// scene first and to the handling every phase shares after. With no window (`--no-video`)
/// there is no scene: the loop only sends commands and ticks the player.
///
/// The window is made once, for the idle window or the first file's picture, and kept until
/// `close`: each file retitles and resizes it.
public final class ViewLoop {
    private let sdl: SDLSession
    private let session: Session
    private let channel: PlayerChannel
    /// nil: no window.
    private let options: ViewOptions?
    private let screensaver: Screensaver
    /// Keys to commands: the user's input.conf first, then the built-in bindings.
    private let keyCommand: (KeyPress, Bool) -> PlayerCommand?
    /// Ctrl+O: the desktop's file chooser; its answer comes back through the channel.
    private let openDialog: () -> Void
    /// Called after each turn with the published state (status line, IPC observers).
    private let onTurn: (PlayerState) -> Void
    private let warn: (String) -> Void

    private var window: ViewWindow?
    private var scene: (any ViewScene)?
    private var shown = SceneChoice.none
    private var idleScreen: IdleScreen?
    /// The idle window's pictures of recent files: kept from one visit to the idle window to the
    /// next, so files whose place has not changed are not decoded again.
    private var recentPictures: StillPictures?
    /// The recent files the last idle window showed: the next shows them at once, while it
    /// reads the history again.
    private var recent = RecentList()
    /// Durations of playlist entries not opened yet, for the panel: learned once a run.
    private var playlistDurations: PlaylistDurations?

    /// - Parameters:
    ///   - options: the window's; nil for none (`--no-video`).
    ///   - warn: says why the window cannot be made, and monitors asked for that do not exist.
    public init(sdl: SDLSession, session: Session, channel: PlayerChannel, options: ViewOptions?,
                screensaver: Screensaver, keyCommand: @escaping (KeyPress, Bool) -> PlayerCommand?,
                openDialog: @escaping () -> Void, onTurn: @escaping (PlayerState) -> Void, warn: @escaping (String) -> Void) {
        self.sdl = sdl
        self.session = session
        self.channel = channel
        self.options = options
        self.screensaver = screensaver
        self.keyCommand = keyCommand
        self.openDialog = openDialog
        self.onTurn = onTurn
        self.warn = warn
    }

    /// Starts the session and runs it until it quits; its exit status.
    public func run() -> Int32 {
        session.willStart = { [unowned self] player in showWindow(for: player) }
        session.start()
        var event = SDL_Event()
        while session.exitCode == nil { turn(&event) }
        show(.none)
        return session.exitCode ?? 0
    }

    /// Closes the window; after `run`, before the SDL session shuts down.
    public func close() {
        show(.none)
        recentPictures?.stop()
        recentPictures = nil
        playlistDurations?.stop()
        playlistDurations = nil
        window?.overlay.playlistDurations = nil
        idleScreen = nil
        window = nil
    }

    private func turn(_ event: inout SDL_Event) {
        LoopTurn.takeCommands(from: channel, into: session)
        guard show(choice) else { return }
        let decidedAt = Player.monotonicNow()
        let tick = session.player?.tick()
        scene?.prepare(after: tick, decidedAt: decidedAt)
        var state = LoopTurn.publish(session, to: channel, onTurn: didPublish)
        // The phase or the file changed: the next turn shows the new one.
        guard session.exitCode == nil, choice == shown else { return }
        let now = Player.monotonicNow()
        let deadline = SceneChoice.waitDeadline(playerWakeAt: tick?.wakeAt, sceneDeadline: scene?.draw(state, now: now))
        guard sdl.waitEvent(&event, until: deadline, now: now) else { return }
        handle(event, state: state)
        while session.exitCode == nil, choice == shown, SDL_PollEvent(&event) != 0 {
            state = session.snapshot
            handle(event, state: state)
        }
    }

    private func didPublish(_ state: PlayerState) {
        onTurn(state)
        screensaver.update(state, window: window?.window)
    }

    /// The scene the session's phase asks for now.
    private var choice: SceneChoice {
        SceneChoice(phase: session.phase, player: session.player.map(ObjectIdentifier.init), hasWindow: options != nil)
    }

    /// Puts `next` on screen, the scene before let go; false when it cannot be shown (the run
    /// then quits with a failure status).
    @discardableResult
    private func show(_ next: SceneChoice) -> Bool {
        guard next != shown else { return true }
        scene?.leave()
        if let idle = scene as? IdleScene { recent = idle.recent }
        scene = nil
        shown = next
        switch next {
        case .none:
            return true
        case .idle:
            guard let idle = makeIdleScene() else {
                session.apply(.quit(code: 1))
                return false
            }
            scene = idle
        case .playing:
            guard let window, let player = session.player else {
                session.apply(.quit(code: 1))
                return false
            }
            if playlistDurations == nil {
                let sdl = sdl
                playlistDurations = PlaylistDurations(onReady: { sdl.wake() })
                window.overlay.playlistDurations = playlistDurations
            }
            scene = PlayingScene(session: session, window: window.window, overlay: window.overlay, player: player,
                                 thumbnails: seekPreviews(for: player), openDialog: openDialog)
        }
        return true
    }

    // MARK: the window

    /// The window for `player`'s picture as its file starts: made for the first, retitled and
    /// resized after. False when it cannot be made.
    private func showWindow(for player: Player) -> Bool {
        guard let options else { return true }
        if let window {
            window.show(player)
        } else {
            window = ViewWindow.make(for: player, options: options, warn: warn)
        }
        return window != nil
    }

    private func makeIdleScene() -> IdleScene? {
        guard let options else { return nil }
        if window == nil { window = ViewWindow.make(for: nil, options: options, warn: warn) }
        if idleScreen == nil, window != nil {
            do throws(OverlayError) { idleScreen = try IdleScreen() } catch { warn(error.description) }
        }
        guard let window, let idleScreen else { return nil }
        window.showIdle()
        if recentPictures == nil, options.recentPictures, session.history != nil {
            let sdl = sdl
            recentPictures = StillPictures(onReady: { sdl.wake() })
        }
        return IdleScene(sdl: sdl, session: session, window: window.window, screen: idleScreen, openDialog: openDialog,
                         recent: recent, pictures: recentPictures)
    }

    /// Seek-bar previews: a second, low-priority reader of the media playback opened (a web
    /// page's video with its own headers, not the page), opened off this thread with what
    /// playback's open learned, read only where playback's cache does not hold the keyframe;
    /// none for a live stream, which has no moments to show and would cost its server a
    /// second connection.
    private func seekPreviews(for player: Player) -> BackgroundThumbnails? {
        guard let options, options.seekPreviews, player.geometry != nil, player.state.isSeekable else { return nil }
        let sdl = sdl
        let fileOptions = session.settings.seeding(options.fileOptions)
        return BackgroundThumbnails { [source = player.source, facts = player.sourceFacts, cached = player.cachedKeyframes] in
            ThumbnailService(source: source, facts: facts, options: fileOptions, interrupt: $0, cached: cached,
                             onReady: { sdl.wake() })
        }
    }

    // MARK: events

    private func handle(_ event: SDL_Event, state: PlayerState) {
        switch event.type {
        case sdl.wakeEventType:
            // Also how a finished seek preview arrives: the overlay then sees the new picture.
            sdl.wakeConsumed()
            return
        case SDL_QUIT.rawValue:
            // The window closed, or SIGINT / SIGTERM.
            session.apply(.quit(code: 0))
            return
        default:
            break
        }
        if let scene, scene.handle(event, state: state) { return }
        switch event.type {
        case SDL_KEYDOWN.rawValue:
            guard let press = KeyPress(event.key) else { break }
            if press.isOpenDialogKey {
                openDialog()
            } else if let appending = press.pasteAppends {
                session.apply(PastedLinks.clipboardCommand(appending: appending))
            } else if let command = keyCommand(press, state.isFullscreen) {
                session.apply(command)
            }
        case SDL_DROPFILE.rawValue, SDL_DROPTEXT.rawValue:
            // Dropped while a file opens: not taken.
            SDL_free(event.drop.file)
        default:
            break
        }
    }
}

extension KeyPress {
    /// Ctrl+O: the file chooser, in every phase.
    public var isOpenDialogKey: Bool {
        modifiers == [.control] && (key == .character("o") || key == .character("O"))
    }
}
