import Foundation
import VPlayControl
import VPlayCore
import VPlayView

/// One line on stderr, prefixed like every vplay message.
func report(_ message: String) {
    let line = message.hasPrefix("vplay:") ? message : "vplay: " + message
    FileHandle.standardError.write(Data((line + "\n").utf8))
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

func run() -> Int32 {
    let launchedAt = Player.monotonicNow()
    if CommandLine.arguments.dropFirst().first == "--list-keys" {
        print(KeyList.text(), terminator: "")
        return 0
    }
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
    let files = PlaylistFile.expand(options.files)
    // A web page's yt-dlp runs while SDL, the window and the sound device start.
    WebHeadStart.begin(files: files, options: options.player)

    let sdl: SDLSession
    do { sdl = try SDLSession(video: options.player.videoEnabled) } catch {
        report(error.description)
        return 1
    }
    let channel = PlayerChannel()
    channel.setWake { sdl.wake() }
    // The socket answers from the start, while the first file is still opening.
    var ipc: IPCServer?
    if let path = options.ipcServerPath {
        do throws(IPCServerError) { ipc = try IPCServer(path: path, channel: channel) } catch {
            report(error.description)
            return 1
        }
    }
    let input = InputConf.load(environment: ProcessInfo.processInfo.environment)
    input.warnings.forEach(report)
    let audioDevice = options.player.audioEnabled ? AudioDevice(sink: AutomaticAudioOutput()) : nil
    let quiet = options.reallyQuiet
    let session = Session(
        files: files,
        settings: Settings(options: options.player, fullscreen: options.fullscreen),
        configuration: options.sessionConfiguration,
        opener: { source, fileOptions, interrupt throws(PlayerError) in
            try Player(source: source, options: fileOptions, audioDevice: audioDevice, wake: { sdl.wake() },
                       warn: { if !quiet { report($0) } }, interrupt: interrupt)
        },
        wake: { sdl.wake() }, warn: { report($0) },
        watchLater: WatchLaterStore(directory: WatchLaterStore.defaultDirectory(), warn: { report($0) }),
        series: SeriesMemory())
    let mpris = MPRISServer.start(channel: channel, log: { if options.verbosity > 0 { report($0) } })
    let statusLine = StatusLineWriter(reallyQuiet: options.reallyQuiet)
    let openDialog = OpenDialog(chooser: FileChooserChain([PortalFileChooser(), ZenityFileChooser()]), channel: channel)
    let view = ViewLoop(
        sdl: sdl, session: session, channel: channel, options: .window(options),
        screensaver: Screensaver(policy: options.stopScreensaver), keyCommand: keyMapping(input.bindings),
        openDialog: openDialog.show,
        onTurn: { state in
            ipc?.stateDidChange(state)
            mpris?.stateDidChange(state)
            // The idle window has no file to tell of.
            if !state.isIdle { statusLine.update(state) }
        },
        warn: report)
    let status = view.run()
    session.flushHistory()
    // Clients hear `shutdown` before the socket closes.
    channel.emit(.shutdown)
    ipc?.stop()
    mpris?.stop()
    statusLine.finish()
    audioDevice?.close()
    view.close()
    sdl.close()

    let cost = StatsReport.ProcessCost.measure(since: launchedAt, now: Player.monotonicNow())
    if options.bench {
        print(StatsReport.benchLine(stats: session.lastStats, cost: cost))
    }
    if let path = options.dumpStatsPath {
        let text = StatsReport.document(stats: session.lastStats, cost: cost) + "\n"
        do { try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic) } catch {
            report("cannot write stats to '\(path)': \(error.localizedDescription)")
        }
    }
    return status
}

exit(run())
