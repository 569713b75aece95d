import Foundation
import VPlayControl
import VPlayCore
import VPlayView

/// One line on stderr, prefixed like every vplay message.
func report(_ message: String) {
    let line = message.hasPrefix("vplay:") ? message : "vplay: " + message
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

func run() -> Int32 {
    let launchedAt = Player.monotonicNow()
    var options: LaunchOptions
    do {
        options = try OptionParser.parse(Array(CommandLine.arguments.dropFirst()))
    } catch {
        report(error.description)
        return 2
    }
    if options.bench {
        // Every frame decoded and presented as fast as possible: no audio clock, no drops.
        options.player.untimed = true
        options.player.audioEnabled = false
        options.player.autoExit = true
        options.player.loopCount = 0
    }
    if options.showHelp {
        print(OptionParser.helpText(), terminator: "")
        return 0
    }
    if options.showVersion {
        print("vplay \(VPlayVersion.string)")
        return 0
    }
    FFmpegLog.configure(verbosity: options.verbosity)
    guard let path = options.files.first else {
        report("no file given (try --help)")
        return 2
    }

    let session: SDLSession
    do { session = try SDLSession() } catch {
        report(error.description)
        return 1
    }
    let channel = PlayerChannel()
    channel.setWake { session.wake() }
    let quiet = options.reallyQuiet
    let player: Player
    do {
        player = try Player(path: path, options: options.player,
                            audioSink: options.player.audioEnabled ? SDLAudioOutput() : nil,
                            wake: { session.wake() },
                            warn: { if !quiet { report($0) } })
    } catch {
        report(error.description)
        return 1
    }

    let title = options.title ?? player.state.title
    let natural = player.geometry?.displaySize ?? (width: 640, height: 360)
    let window: PlayerWindow
    do {
        window = try PlayerWindow(title: title,
                                  width: options.windowWidth ?? natural.width,
                                  height: options.windowHeight ?? natural.height,
                                  fullscreen: options.fullscreen)
    } catch {
        report(error.description)
        return 1
    }
    if options.fullscreen { player.apply(.setFullscreen(true)) }

    let ipc: IPCServer?
    do { ipc = try options.ipcServerPath.map { path throws(IPCServerError) in try IPCServer(path: path, channel: channel) } } catch {
        report(error.description)
        return 1
    }
    let statusLine = StatusLineWriter(reallyQuiet: options.reallyQuiet)

    // The overlay's textures belong to the window's renderer: it must go first.
    let status: Int32 = withExtendedLifetime(window) {
        let overlay: Overlay
        do throws(OverlayError) { overlay = try Overlay(now: Player.monotonicNow()) } catch {
            report(error.description)
            return 1
        }
        player.start()
        let loop = PlayerLoop(session: session, window: window, player: player, channel: channel, overlay: overlay) { state in
            ipc?.stateDidChange(state)
            statusLine.update(state)
        }
        return loop.run()
    }
    // Clients hear `shutdown` before the socket closes.
    channel.emit(.shutdown)
    ipc?.stop()
    statusLine.finish()
    player.shutdown()
    let cost = StatsReport.ProcessCost.measure(since: launchedAt, now: Player.monotonicNow())
    if options.bench {
        print(StatsReport.benchLine(stats: player.stats, cost: cost))
    }
    if let path = options.dumpStatsPath {
        let text = StatsReport.document(stats: player.stats, cost: cost) + "\n"
        do { try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic) } catch {
            report("cannot write stats to '\(path)': \(error.localizedDescription)")
        }
    }
    return status
}

exit(run())
