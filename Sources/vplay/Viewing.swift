import VPlayControl
import VPlayCore
import VPlayView

/// What the user sees of the session: the idle window, the window while a file opens, the
/// file playing; or, with `--no-video`, no window at all. The session decides; this only shows.
final class Viewing {
    /// The parts that live for the whole run.
    struct Services {
        let sdl: SDLSession
        let channel: PlayerChannel
        let ipc: IPCServer?
        let mpris: MPRISServer?
        let screensaver: Screensaver
        let statusLine: StatusLineWriter
        let keys: (KeyPress, Bool) -> PlayerCommand?
        let openDialog: OpenDialog
    }

    private let options: LaunchOptions
    private let services: Services
    private let session: Session
    private var screen: Screen?
    private var idleScreen: IdleScreen?
    /// The idle window's pictures of recent files: kept from one visit to the idle window to the
    /// next, so files whose place has not changed are not decoded again.
    private var recentPictures: StillPictures?
    /// The recent files the last idle window showed: the next shows them at once, while it
    /// reads the history again.
    private var recent = RecentList()
    /// Durations of playlist entries not opened yet, for the panel: learned once a run.
    private var playlistDurations: PlaylistDurations?

    init(options: LaunchOptions, services: Services, session: Session) {
        self.options = options
        self.services = services
        self.session = session
        session.willStart = { [unowned self] player in showWindow(for: player) }
    }

    /// Runs the session until it quits; its exit status.
    func run() -> Int32 {
        session.start()
        if !options.player.videoEnabled {
            HeadlessLoop(sdl: services.sdl, session: session, channel: services.channel, onTurn: onTurn(window: nil)).run()
            return session.exitCode ?? 0
        }
        while true {
            switch session.phase {
            case .quitting(let code):
                return code
            case .idle:
                waitInIdleWindow()
            case .opening:
                OpeningLoop(sdl: services.sdl, session: session, channel: services.channel, keyCommand: services.keys,
                            onTurn: onTurn(window: screen?.window)).run()
            case .playing:
                guard let player = session.player, let screen else {
                    session.apply(.quit(code: 1))
                    continue
                }
                play(player, in: screen)
            }
        }
    }

    /// Closes the window; before the SDL session shuts down.
    func closeWindow() {
        recentPictures?.stop()
        recentPictures = nil
        playlistDurations?.stop()
        playlistDurations = nil
        screen?.overlay.playlistDurations = nil
        screen = nil
        idleScreen = nil
    }

    private func onTurn(window: PlayerWindow?) -> (PlayerState) -> Void {
        let services = services
        return { state in
            services.ipc?.stateDidChange(state)
            services.mpris?.stateDidChange(state)
            services.screensaver.update(state, window: window)
            services.statusLine.update(state)
        }
    }

    private func waitInIdleWindow() {
        if screen == nil { screen = Screen.make(for: nil, options: options) }
        if idleScreen == nil, screen != nil {
            do throws(OverlayError) { idleScreen = try IdleScreen() } catch { report(error.description) }
        }
        guard let screen, let idleScreen else {
            session.apply(.quit(code: 1))
            return
        }
        screen.window.setTitle(options.title ?? "vplay")
        let services = services
        if recentPictures == nil, options.thumbnails, session.history != nil {
            let sdl = services.sdl
            recentPictures = StillPictures(onReady: { sdl.wake() })
        }
        let loop = IdleLoop(sdl: services.sdl, session: session, window: screen.window, screen: idleScreen,
                            channel: services.channel, keyCommand: services.keys, openDialog: services.openDialog.show,
                            recent: recent, pictures: recentPictures, onTurn: { state in
                                services.ipc?.stateDidChange(state)
                                services.mpris?.stateDidChange(state)
                                services.screensaver.update(state, window: screen.window)
                            })
        loop.run()
        recent = loop.recent
    }

    /// The window for `player`'s picture: made for the first, retitled and resized after.
    private func showWindow(for player: Player) -> Bool {
        if !options.player.videoEnabled { return true }
        if let screen {
            screen.window.setTitle(options.title ?? player.state.title)
            if options.windowWidth == nil, player.geometry != nil, !player.state.windowSettings.isPictureInPicture {
                let size = Screen.windowSize(for: player, options: options)
                screen.window.resize(width: size.width, height: size.height)
            }
        } else {
            screen = Screen.make(for: player, options: options)
            guard screen != nil else { return false }
        }
        return true
    }

    private func play(_ player: Player, in screen: Screen) {
        let sdl = services.sdl
        // Seek-bar previews: a second, low-priority reader of the media playback opened (a web
        // page's video with its own headers, not the page), opened off this thread with what
        // playback's open learned, read only where playback's cache does not hold the keyframe;
        // none for a live stream, which has no moments to show and would cost its server a
        // second connection.
        let fileOptions = session.settings.seeding(options.player)
        let thumbnails = options.thumbnails && player.geometry != nil && !options.bench && player.state.isSeekable
            ? BackgroundThumbnails { [source = player.source, facts = player.sourceFacts, cached = player.cachedKeyframes, fileOptions] in
                ThumbnailService(source: source, facts: facts, options: fileOptions, interrupt: $0, cached: cached,
                                 onReady: { sdl.wake() })
            }
            : nil
        defer { thumbnails?.stop() }
        if playlistDurations == nil {
            playlistDurations = PlaylistDurations(onReady: { sdl.wake() })
            screen.overlay.playlistDurations = playlistDurations
        }
        PlayerLoop(sdl: sdl, session: session, window: screen.window, player: player, channel: services.channel,
                   overlay: screen.overlay, thumbnails: thumbnails, keyCommand: services.keys,
                   openDialog: services.openDialog.show, onTurn: onTurn(window: screen.window)).run()
    }
}
