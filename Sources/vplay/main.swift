import Foundation
import VPlayControl
import VPlayCore
import VPlayView

/// One line on stderr, prefixed like every vplay message.
func report(_ message: String) {
    let line = message.hasPrefix("vplay:") ? message : "vplay: " + message
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

/// The window and the overlay drawn in it; the overlay's textures belong to the window's
/// renderer, so it is released first.
final class Screen {
    let window: PlayerWindow
    let overlay: Overlay

    init(window: PlayerWindow, overlay: Overlay) {
        self.window = window
        self.overlay = overlay
    }
}

/// Options from `vplay.conf` then the command line (which wins); config mistakes are
/// reported with file:line and skipped.
func parseOptions() -> Result<LaunchOptions, OptionError> {
    do {
        let settings = ConfigFile.load(environment: ProcessInfo.processInfo.environment)
        var (options, warnings) = try ConfigFile.options(commandLine: Array(CommandLine.arguments.dropFirst()),
                                                         settings: settings)
        warnings.forEach(report)
        if options.bench {
            // Every frame decoded and presented as fast as possible: no audio clock, no drops.
            options.player.untimed = true
            options.player.audioEnabled = false
            options.player.autoExit = true
            options.player.loopCount = 0
        }
        if !options.player.videoEnabled {
            // No window to return to at the end: the last file's end ends the program (as in mpv).
            options.player.autoExit = true
        }
        return .success(options)
    } catch {
        return .failure(error)
    }
}

/// The window, sized for `player`'s picture, or at 640×360 for the idle window (no player).
func makeScreen(for player: Player?, options: LaunchOptions) -> Screen? {
    let natural = player?.geometry?.displaySize ?? (width: 640, height: 360)
    do {
        let window = try PlayerWindow(title: options.title ?? player?.state.title ?? "vplay",
                                      width: options.windowWidth ?? natural.width,
                                      height: options.windowHeight ?? natural.height,
                                      fullscreen: options.fullscreen)
        do throws(OverlayError) {
            return Screen(window: window, overlay: try Overlay(now: Player.monotonicNow()))
        } catch {
            report(error.description)
            return nil
        }
    } catch {
        report(error.description)
        return nil
    }
}

/// Saves where a quit file was left, or forgets it when it was watched to the end
/// (or barely started): the next open then starts from the beginning.
func rememberPosition(of state: PlayerState, in store: WatchLaterStore) {
    guard !state.path.isEmpty else { return }
    if WatchLaterStore.shouldSave(position: state.position, duration: state.duration) {
        do { try store.save(position: state.position, for: state.path) } catch {
            report("\(error)")
        }
    } else {
        store.remove(for: state.path)
    }
}

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

func run() -> Int32 {
    let launchedAt = Player.monotonicNow()
    let options: LaunchOptions
    switch parseOptions() {
    case .success(let parsed): options = parsed
    case .failure(let error):
        report(error.description)
        return 2
    }
    if options.showHelp {
        print(OptionParser.helpText(), terminator: "")
        return 0
    }
    if options.listProperties {
        print(PropertyListText.text(), terminator: "")
        return 0
    }
    if options.showVersion {
        print("vplay \(VPlayVersion.string)")
        return 0
    }
    FFmpegLog.configure(verbosity: options.verbosity)

    // `--no-video` plays with no window at all.
    let headless = !options.player.videoEnabled
    // With no file left, wait in the idle window (mpv's --idle) rather than quit.
    let idles = !headless && (options.files.isEmpty || options.player.idle || options.forceWindow)
    let session: SDLSession
    do { session = try SDLSession(video: !headless) } catch {
        report(error.description)
        return 1
    }
    let channel = PlayerChannel()
    channel.setWake { session.wake() }
    // The IPC server starts once the first file is open, so its first answers are true.
    // The socket answers from the start, while the first file is still opening.
    var ipc: IPCServer?
    if let path = options.ipcServerPath {
        do throws(IPCServerError) { ipc = try IPCServer(path: path, channel: channel) } catch {
            report(error.description)
            return 1
        }
    }
    let mpris = MPRISServer.start(channel: channel, log: { if options.verbosity > 0 { report($0) } })
    let screensaver = Screensaver(policy: options.stopScreensaver)
    let statusLine = StatusLineWriter(reallyQuiet: options.reallyQuiet)
    let quiet = options.reallyQuiet

    let input = InputConf.load(environment: ProcessInfo.processInfo.environment)
    input.warnings.forEach(report)
    let keys = keyMapping(input.bindings)
    let watchLater = WatchLaterStore(directory: WatchLaterStore.defaultDirectory(), warn: { report($0) })
    var playlist = Playlist(PlaylistFile.expand(options.files))
    var playerOptions = options.player
    // One device for every file: opened by the first with sound.
    let audioDevice = options.player.audioEnabled ? AudioDevice(sink: AutomaticAudioOutput()) : nil
    let openDialog = OpenDialog(chooser: FileChooserChain([PortalFileChooser(), ZenityFileChooser()]), channel: channel)
    var idleScreen: IdleScreen?
    var screen: Screen?
    var hasPlayed = false
    var lastStats = PlaybackStats()
    var status: Int32 = 0
    // Picture settings changed while playing (`d`) hold for the files after.
    var picture = options.player.picture
    playing: while true {
        guard let path = playlist.current else {
            guard idles else { break playing }
            if screen == nil { screen = makeScreen(for: nil, options: options) }
            guard let screen else { return 1 }
            if idleScreen == nil {
                do throws(OverlayError) { idleScreen = try IdleScreen() } catch {
                    report(error.description)
                    return 1
                }
            }
            screen.window.setTitle(options.title ?? "vplay")
            let exit = IdleLoop(session: session, window: screen.window, screen: idleScreen!, channel: channel,
                                keyCommand: keys, openDialog: openDialog.show,
                                onTurn: { state in
                                    ipc?.stateDidChange(state)
                                    mpris?.stateDidChange(state)
                                    screensaver.update(state, window: screen.window)
                                }).run()
            switch exit {
            case .quit(let code):
                status = code
                break playing
            case .open(let paths):
                playlist = Playlist(paths)
                hasPlayed = false
            }
            continue playing
        }
        var fileOptions = playerOptions
        fileOptions.picture = picture
        // Started with no file, the end of the last one goes back to the idle window too.
        fileOptions.idle = idles
        fileOptions.playlistPosition = playlist.index
        fileOptions.playlistCount = playlist.entries.count
        var resumedAt: Double?
        if options.resume, fileOptions.start == nil, !options.bench, let saved = watchLater.position(for: path) {
            fileOptions.start = saved
            resumedAt = saved
        }
        let player: Player
        switch open(path, options: fileOptions, audioDevice: audioDevice, session: session, channel: channel, quiet: quiet) {
        case nil:
            // Quit while opening.
            status = 0
            break playing
        case .success(let opened)?:
            player = opened
        case .failure(let error)?:
            report(error.description)
            channel.emit(.endFile(reason: .error, error: error.reason))
            status = 1
            // Like mpv: a file that cannot be played is skipped when others follow; a file
            // opened while playing (dropped, loadfile) goes back to the one before it.
            if playlist.apply(.next) || (hasPlayed && playlist.apply(.previous)) { continue playing }
            guard idles else { break playing }
            // The idle window says why.
            channel.send(.showText(error.description, seconds: 5))
            playlist = Playlist([])
            continue playing
        }
        if headless {
            // Sound only: nothing to show.
        } else if let screen {
            screen.window.setTitle(options.title ?? player.state.title)
            if options.windowWidth == nil, let size = player.geometry?.displaySize {
                screen.window.resize(width: size.width, height: size.height)
            }
        } else {
            screen = makeScreen(for: player, options: options)
            guard screen != nil else { return 1 }
        }
        if let screen, options.fullscreen || screen.window.isFullscreen { player.apply(.setFullscreen(true)) }
        player.start()
        hasPlayed = true
        channel.publish(player.state)
        if let resumedAt {
            player.apply(.showText("Resumed at \(TimeFormat.label(resumedAt, duration: player.state.duration))", seconds: 2))
        }
        // Seek-bar previews: a second, low-priority open of the file (opened off this thread).
        let thumbnails = options.thumbnails && player.geometry != nil && !options.bench
            ? BackgroundThumbnails { ThumbnailService(path: path, onReady: { session.wake() }) } : nil
        let onTurn = { (state: PlayerState) in
            ipc?.stateDidChange(state)
            mpris?.stateDidChange(state)
            screensaver.update(state, window: screen?.window)
            statusLine.update(state)
        }
        let exit = if let screen {
            PlayerLoop(session: session, window: screen.window, player: player, channel: channel,
                       overlay: screen.overlay, thumbnails: thumbnails, keyCommand: keys, openDialog: openDialog.show,
                       onTurn: onTurn).run()
        } else {
            HeadlessLoop(session: session, player: player, channel: channel, onTurn: onTurn).run()
        }
        thumbnails?.stop()
        player.shutdown()
        playerOptions.keepLoops(of: player.state)
        if case .quit = exit, options.savePositionOnQuit || player.state.savesPositionOnQuit {
            rememberPosition(of: player.state, in: watchLater)
        }
        lastStats = player.stats
        if let failure = player.state.failure { report(failure.description) }
        picture = player.state.picture
        switch exit {
        case .quit(let code):
            status = code
            break playing
        case .move(let move):
            status = 0
            if !playlist.apply(move) {
                guard idles else { break playing }
                playlist = Playlist([])
            }
        }
    }
    // Clients hear `shutdown` before the socket closes.
    channel.emit(.shutdown)
    ipc?.stop()
    mpris?.stop()
    statusLine.finish()
    audioDevice?.close()
    screen = nil
    session.close()

    let cost = StatsReport.ProcessCost.measure(since: launchedAt, now: Player.monotonicNow())
    if options.bench {
        print(StatsReport.benchLine(stats: lastStats, cost: cost))
    }
    if let path = options.dumpStatsPath {
        let text = StatsReport.document(stats: lastStats, cost: cost) + "\n"
        do { try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic) } catch {
            report("cannot write stats to '\(path)': \(error.localizedDescription)")
        }
    }
    return status
}

exit(run())
