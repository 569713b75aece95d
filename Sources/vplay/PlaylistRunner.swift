import VPlayControl
import VPlayCore
import VPlayView

/// What the user sees between launch and quit: the playlist's entries one after another in
/// one window, and the idle window while there is none (no file given, `--idle`,
/// `--force-window`). Each entry's end, failure or quit decides what comes next.
final class PlaylistRunner {
    /// The parts that live for the whole run, shared by every entry.
    struct Services {
        let session: SDLSession
        let channel: PlayerChannel
        let ipc: IPCServer?
        let mpris: MPRISServer?
        let screensaver: Screensaver
        let statusLine: StatusLineWriter
        let keys: (KeyPress, Bool) -> PlayerCommand?
        let watchLater: WatchLaterStore
        /// One device for every file: opened by the first with sound.
        let audioDevice: AudioDevice?
        let openDialog: OpenDialog
    }

    private let options: LaunchOptions
    private let services: Services
    /// `--no-video`: no window at all.
    private let headless: Bool
    /// With no file left, wait in the idle window (mpv's --idle) rather than quit.
    private let idles: Bool
    private var playlist: Playlist
    /// Loops set while playing hold for the files after.
    private var playerOptions: PlayerOptions
    /// Picture settings changed while playing (`d`) hold for the files after.
    private var picture: PictureSettings
    private var screen: Screen?
    private var idleScreen: IdleScreen?
    private var hasPlayed = false
    private var status: Int32 = 0
    /// The last entry's figures, for `--bench` and `--dump-stats`.
    private(set) var lastStats = PlaybackStats()

    init(options: LaunchOptions, services: Services) {
        self.options = options
        self.services = services
        headless = !options.player.videoEnabled
        idles = !headless && (options.files.isEmpty || options.player.idle || options.forceWindow)
        playlist = Playlist(PlaylistFile.expand(options.files))
        playerOptions = options.player
        picture = options.player.picture
    }

    /// Plays until the user quits or, without the idle mode, the playlist ends; the exit status.
    func run() -> Int32 {
        while true {
            let goesOn = if let path = playlist.current { play(path) } else { idles && waitInIdleWindow() }
            if !goesOn { return status }
        }
    }

    /// Closes the window; before the SDL session shuts down.
    func closeWindow() {
        screen = nil
        idleScreen = nil
    }

    /// The idle window until files are chosen (true) or the user quits (false).
    private func waitInIdleWindow() -> Bool {
        if screen == nil { screen = Screen.make(for: nil, options: options) }
        guard let screen else { return fail() }
        if idleScreen == nil {
            do throws(OverlayError) { idleScreen = try IdleScreen() } catch {
                report(error.description)
                return fail()
            }
        }
        screen.window.setTitle(options.title ?? "vplay")
        let services = services
        let exit = IdleLoop(session: services.session, window: screen.window, screen: idleScreen!,
                            channel: services.channel, keyCommand: services.keys, openDialog: services.openDialog.show,
                            onTurn: { state in
                                services.ipc?.stateDidChange(state)
                                services.mpris?.stateDidChange(state)
                                services.screensaver.update(state, window: screen.window)
                            }).run()
        switch exit {
        case .quit(let code):
            status = code
            return false
        case .open(let paths):
            playlist = Playlist(paths)
            hasPlayed = false
            return true
        }
    }

    /// Plays `path`; true while something comes after it.
    private func play(_ path: String) -> Bool {
        var fileOptions = playerOptions
        fileOptions.picture = picture
        // Started with no file, the end of the last one goes back to the idle window too.
        fileOptions.idle = idles
        fileOptions.playlistPosition = playlist.index
        fileOptions.playlistCount = playlist.entries.count
        var resumedAt: Double?
        if options.resume, fileOptions.start == nil, !options.bench, let saved = services.watchLater.position(for: path) {
            fileOptions.start = saved
            resumedAt = saved
        }
        let player: Player
        switch open(path, options: fileOptions, audioDevice: services.audioDevice, session: services.session,
                    channel: services.channel, quiet: options.reallyQuiet) {
        case nil:
            // Quit while opening.
            status = 0
            return false
        case .success(let opened)?:
            player = opened
        case .failure(let error)?:
            return skip(path, failure: error)
        }
        guard showWindow(for: player) else { return fail() }
        player.start()
        hasPlayed = true
        services.channel.publish(player.state)
        if let resumedAt {
            player.apply(.showText("Resumed at \(TimeFormat.label(resumedAt, duration: player.state.duration))", seconds: 2))
        }
        let exit = runLoop(for: player, path: path, options: fileOptions)
        player.shutdown()
        playerOptions.keepLoops(of: player.state)
        if case .quit = exit, options.savePositionOnQuit || player.state.savesPositionOnQuit {
            rememberPosition(of: player.state)
        }
        lastStats = player.stats
        if let failure = player.state.failure { report(failure.description) }
        picture = player.state.picture
        switch exit {
        case .quit(let code):
            status = code
            return false
        case .move(let move):
            status = 0
            if !playlist.apply(move) {
                guard idles else { return false }
                playlist = Playlist([])
            }
            return true
        }
    }

    /// After `path` failed to open. Like mpv: a file that cannot be played is skipped when others
    /// follow; a file opened while playing (dropped, loadfile) goes back to the one before it.
    private func skip(_ path: String, failure: PlayerError) -> Bool {
        report(failure.description)
        services.channel.emit(.endFile(reason: .error, error: failure.reason))
        status = 1
        if playlist.apply(.next) || (hasPlayed && playlist.apply(.previous)) { return true }
        guard idles else { return false }
        // The idle window says why.
        services.channel.send(.showText(failure.description, seconds: 5))
        playlist = Playlist([])
        return true
    }

    /// The window for `player`'s picture: made for the first, retitled and resized after.
    private func showWindow(for player: Player) -> Bool {
        if headless { return true }   // sound only: nothing to show
        if let screen {
            screen.window.setTitle(options.title ?? player.state.title)
            if options.windowWidth == nil, let size = player.geometry?.displaySize {
                screen.window.resize(width: size.width, height: size.height)
            }
        } else {
            screen = Screen.make(for: player, options: options)
            guard screen != nil else { return false }
        }
        if let screen, options.fullscreen || screen.window.isFullscreen { player.apply(.setFullscreen(true)) }
        return true
    }

    private func runLoop(for player: Player, path: String, options fileOptions: PlayerOptions) -> PlayerLoop.Exit {
        let services = services
        let screen = screen
        let session = services.session
        // Seek-bar previews: a second, low-priority open of the file (opened off this thread),
        // read only where playback's cache does not hold the keyframe; none for a live stream, which has no moments to show and would cost its server a
        // second connection.
        let thumbnails = options.thumbnails && player.geometry != nil && !options.bench && player.state.isSeekable
            ? BackgroundThumbnails { [cached = player.cachedKeyframes] in
                ThumbnailService(path: path, options: fileOptions, interrupt: $0, cached: cached, onReady: { session.wake() })
            }
            : nil
        defer { thumbnails?.stop() }
        let onTurn = { (state: PlayerState) in
            services.ipc?.stateDidChange(state)
            services.mpris?.stateDidChange(state)
            services.screensaver.update(state, window: screen?.window)
            services.statusLine.update(state)
        }
        guard let screen else {
            return HeadlessLoop(session: services.session, player: player, channel: services.channel, onTurn: onTurn).run()
        }
        return PlayerLoop(session: services.session, window: screen.window, player: player, channel: services.channel,
                          overlay: screen.overlay, thumbnails: thumbnails, keyCommand: services.keys,
                          openDialog: services.openDialog.show, onTurn: onTurn).run()
    }

    /// Saves where a quit file was left, or forgets it when it was watched to the end
    /// (or barely started): the next open then starts from the beginning.
    private func rememberPosition(of state: PlayerState) {
        guard !state.path.isEmpty else { return }
        if WatchLaterStore.shouldSave(position: state.position, duration: state.duration) {
            do { try services.watchLater.save(position: state.position, for: state.path) } catch {
                report("\(error)")
            }
        } else {
            services.watchLater.remove(for: state.path)
        }
    }

    /// The window could not be made: the run ends with status 1.
    private func fail() -> Bool {
        status = 1
        return false
    }
}
