import VPlayCore

/// Every option vplay knows: mpv's long names with ffplay's short aliases.
enum OptionTable {
    static func spec(named name: String) -> OptionSpec? {
        all.first { $0.names.contains(name) }
    }

    /// The general options, the playlist's, those for network sources and the cache, then web pages'.
    static let all: [OptionSpec] = general + playlistOptions + network + web

    /// What `--volume-max` takes (mpv's range).
    static let volumeMaxRange: ClosedRange<Double> = 100...1000

    static let general: [OptionSpec] = [
        OptionSpec(["--start", "-ss"], .value("TIME"), "start at TIME (seconds or [[h:]m:]ss[.fff])", default: "0") { draft, use throws(OptionError) in
            draft.options.player.start = try use.time()
        },
        OptionSpec(["--length", "-t"], .value("TIME"), "stop TIME after the start", default: "whole file") { draft, use throws(OptionError) in
            draft.length = (use, try use.time())
        },
        OptionSpec(["--end"], .value("TIME"), "stop at TIME", default: "whole file") { draft, use throws(OptionError) in
            draft.end = (use, try use.time())
        },
        OptionSpec(["--pause"], .flag, "start paused", default: "no") { draft, use throws(OptionError) in
            draft.options.player.startPaused = try use.flag(for: "pause")
        },
        OptionSpec(["--autoexit", "-autoexit"], .flag, "quit at the end instead of pausing there", default: "no") { draft, use throws(OptionError) in
            draft.options.player.autoExit = try use.flag()
        },
        OptionSpec(["--idle"], .flag, "with no file, or at the end of the last one, wait in the idle window", default: "no") { draft, use throws(OptionError) in
            draft.options.player.idle = try use.flag()
        },
        OptionSpec(["--force-window"], .flag, "keep the window when the last file ends: wait in the idle window, as --idle (with no file it shows anyway)", default: "no") { draft, use throws(OptionError) in
            draft.options.forceWindow = try use.flag()
        },
        OptionSpec(["--loop", "--loop-file"], .optionalValue("N|inf|no"), "play N more times; bare or inf/yes: forever", default: "no") { draft, use throws(OptionError) in
            switch use.value {
            case nil, "inf", "yes": draft.options.player.loopCount = nil
            case "no": draft.options.player.loopCount = 0
            default: draft.options.player.loopCount = try use.integer(in: 0...Int(Int32.max))
            }
        },
        OptionSpec(["--loop-playlist"], .optionalValue("inf|no"), "after the last file, play the first again", default: "no") { draft, use throws(OptionError) in
            switch use.value {
            case nil, "inf", "yes": draft.options.player.loopsPlaylist = true
            case "no": draft.options.player.loopsPlaylist = false
            case let other?: throw .invalidValue(use.name, other, expected: "inf or no")
            }
        },
        OptionSpec(["-loop"], .value("N"), "ffplay style: play N times in all; 0: forever", default: "1") { draft, use throws(OptionError) in
            let plays = try use.integer(in: 0...Int(Int32.max))
            draft.options.player.loopCount = plays == 0 ? nil : plays - 1
        },
        OptionSpec(["--volume"], .value("PERCENT"), "volume, 0..volume-max", default: "100") { draft, use throws(OptionError) in
            _ = try use.number()   // a number now; its range once --volume-max is known
            draft.volume = use
        },
        OptionSpec(["--volume-max"], .value("PERCENT"), "highest volume allowed, \(ValueText.describe(volumeMaxRange))",
                   default: ValueText.describe(LaunchOptions().player.volumeMax)) { draft, use throws(OptionError) in
            draft.options.player.volumeMax = try use.number(in: volumeMaxRange)
        },
        OptionSpec(["--mute"], .flag, "start muted", default: "no") { draft, use throws(OptionError) in
            draft.options.player.muted = try use.flag(for: "mute")
        },
        OptionSpec(["--speed"], .value("X"), "playback speed, \(ValueText.describe(Speed.range))", default: "1") { draft, use throws(OptionError) in
            draft.options.player.speed = try use.number(for: "speed")
        },
        OptionSpec(["--fs", "--fullscreen", "-fs"], .flag, "start in full screen", default: "no") { draft, use throws(OptionError) in
            draft.options.fullscreen = try use.flag(for: "fullscreen")
        },
        OptionSpec(["--geometry"], .value("WxH"), "window size in pixels", default: "video size") { draft, use throws(OptionError) in
            let text = try use.text()
            let parts = text.split(separator: "x", omittingEmptySubsequences: false)
            guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]), width > 0, height > 0 else {
                throw .invalidValue(use.name, text, expected: "WxH (e.g. 1280x720)")
            }
            draft.options.windowWidth = width
            draft.options.windowHeight = height
        },
        OptionSpec(["-x"], .value("W"), "window width in pixels", default: "video width") { draft, use throws(OptionError) in
            draft.options.windowWidth = try use.integer(in: 1...65535)
        },
        OptionSpec(["-y"], .value("H"), "window height in pixels", default: "video height") { draft, use throws(OptionError) in
            draft.options.windowHeight = try use.integer(in: 1...65535)
        },
        OptionSpec(["--no-audio", "-an"], .flag, "ignore the audio stream", default: "no") { draft, use throws(OptionError) in
            draft.options.player.audioEnabled = !(try use.flag())
        },
        OptionSpec(["--no-video", "-vn"], .flag, "play the sound only, with no window; quit at the end", default: "no") { draft, use throws(OptionError) in
            draft.options.player.videoEnabled = !(try use.flag())
        },
        OptionSpec(["--aid"], .value("ID"), "the audio track to play: an id from 1, auto or no", default: "auto") { draft, use throws(OptionError) in
            draft.options.player.audioTrack = try use.track()
        },
        OptionSpec(["--vid"], .value("ID"), "the video track to play: an id from 1, auto or no", default: "auto") { draft, use throws(OptionError) in
            draft.options.player.videoTrack = try use.track()
        },
        OptionSpec(["--sid"], .value("ID"), "the subtitle track to show: an id from 1, auto or no", default: "auto") { draft, use throws(OptionError) in
            draft.options.player.subtitleTrack = try use.track()
        },
        OptionSpec(["--alang"], .value("LANGS"), "audio languages to prefer, e.g. en,fr (ISO 639-1 or -2)", default: "none") { draft, use throws(OptionError) in
            draft.options.player.audioLanguages = try use.languages()
        },
        OptionSpec(["--slang"], .value("LANGS"), "subtitle languages to prefer, e.g. en,fr", default: "none") { draft, use throws(OptionError) in
            draft.options.player.subtitleLanguages = try use.languages()
        },
        OptionSpec(["--audio-file"], .value("PATH|URL"), "add an audio track from another file or URL, played with the video (repeatable)", default: "none") { draft, use throws(OptionError) in
            draft.options.player.audioFiles.append(try use.text())
        },
    ] + subtitleOptions + pictureOptions + audioOptions + [
        OptionSpec(["--thumbnails"], .flag, "seek-bar previews: a picture of the video above the pointer", default: "yes") { draft, use throws(OptionError) in
            draft.options.thumbnails = try use.flag()
        },
        OptionSpec(["--stop-screensaver"], .optionalValue("yes|no|always"), "keep the screensaver off while video plays; always: also paused", default: "yes") { draft, use throws(OptionError) in
            let text = use.value ?? "yes"
            guard let policy = ScreensaverPolicy(rawValue: text) else {
                throw .invalidValue(use.name, text, expected: "yes, no or always")
            }
            draft.options.stopScreensaver = policy
        },
        OptionSpec(["--play-dir"], .value("forward|backward"), "backward: play from the end (or --start) towards the start, sound reversed", default: "forward") { draft, use throws(OptionError) in
            draft.options.player.playDirection = PlayDirection(rawValue: try use.choice(for: "play-dir")) ?? .forward
        },
        OptionSpec(["--deinterlace"], .value("auto|yes|no"), "deinterlace (bwdif, one frame per field): auto = frames flagged interlaced", default: "auto") { draft, use throws(OptionError) in
            draft.options.player.picture.deinterlace = DeinterlaceMode(rawValue: try use.choice(for: "deinterlace")) ?? .auto
        },
        OptionSpec(["--tone-mapping"], .value("auto|clip|mobius|reinhard|hable|bt.2390"), "how HDR (PQ, HLG) highlights fit into SDR white", default: "auto") { draft, use throws(OptionError) in
            draft.options.player.picture.toneMapping = ToneMappingCurve(rawValue: try use.choice(for: "tone-mapping")) ?? .auto
        },
        OptionSpec(["--hdr-peak"], .value("auto|NITS"), "brightest HDR content in cd/m², 100..10000; auto: the stream's metadata", default: "auto") { draft, use throws(OptionError) in
            draft.options.player.picture.hdrPeak = use.value == "auto" ? nil : try use.number(in: 100...10000)
        },
        OptionSpec(["--hwdec"], .value("no|auto|auto-safe|vaapi|vdpau|nvdec"), "decode video on the GPU where one can; software when it cannot", default: "no") { draft, use throws(OptionError) in
            draft.options.player.picture.hwdec = HardwareDecoding(rawValue: try use.choice(for: "hwdec")) ?? .no
        },
        OptionSpec(["--vd-lavc-threads"], .value("N"), "video decoding threads, 0..16; 0: one for light streams in real time (more once pictures come late), else one per core and one more", default: "0") { draft, use throws(OptionError) in
            draft.options.player.videoDecodingThreads = try use.integer(in: 0...16)
        },
        OptionSpec(["--screenshot-directory"], .value("DIR"), "where screenshots go", default: "current directory") { draft, use throws(OptionError) in
            draft.options.player.screenshotDirectory = try use.text()
        },
        OptionSpec(["--ab-loop-a"], .value("TIME"), "A-B loop start", default: "none") { draft, use throws(OptionError) in
            draft.options.player.abLoopA = try use.time(for: "ab-loop-a")
        },
        OptionSpec(["--ab-loop-b"], .value("TIME"), "A-B loop end", default: "none") { draft, use throws(OptionError) in
            draft.options.player.abLoopB = try use.time(for: "ab-loop-b")
        },
        OptionSpec(["--ab-loop-count"], .value("N"), "how many times the A-B loop repeats (inf: forever)", default: "inf") { draft, use throws(OptionError) in
            draft.options.player.abLoopCount = use.value == "inf" ? nil : try use.integer(in: 0...Int(Int32.max))
        },
        OptionSpec(["--resume"], .flag, "resume files where they were left (--no-resume: don't)", default: "yes") { draft, use throws(OptionError) in
            draft.options.resume = try use.flag()
        },
        OptionSpec(["--no-resume"], .flag, "start files at the beginning", default: "no") { draft, use throws(OptionError) in
            draft.options.resume = !(try use.flag())
        },
        OptionSpec(["--save-position-on-quit"], .flag, "remember the position on quit", default: "yes") { draft, use throws(OptionError) in
            draft.options.savePositionOnQuit = try use.flag()
        },
        OptionSpec(["--allow-nested-files"], .flag, "let playlists and concat lists open the files they name", default: "no") { draft, use throws(OptionError) in
            draft.options.player.allowsNestedFiles = try use.flag()
        },
        OptionSpec(["--title"], .value("TEXT"), "window title", default: "file name") { draft, use throws(OptionError) in
            draft.options.title = use.value
        },
        OptionSpec(["--really-quiet"], .flag, "print nothing but errors", default: "no") { draft, use throws(OptionError) in
            draft.options.reallyQuiet = try use.flag()
        },
        OptionSpec(["-v"], .flag, "more log output; repeat for more", default: "0") { draft, use throws(OptionError) in
            if try use.flag() {
                draft.options.verbosity += 1
                draft.options.player.verbose = true
            }
        },
        OptionSpec(["--input-ipc-server"], .value("PATH"), "serve mpv-style JSON IPC on a Unix socket at PATH", default: "none") { draft, use throws(OptionError) in
            draft.options.ipcServerPath = try use.text()
        },
        OptionSpec(["--bench"], .flag, "benchmark mode: measure playback speed", default: "no") { draft, use throws(OptionError) in
            draft.options.bench = try use.flag()
        },
        OptionSpec(["--dump-stats"], .value("FILE"), "write playback statistics to FILE at exit", default: "none") { draft, use throws(OptionError) in
            draft.options.dumpStatsPath = try use.text()
        },
        OptionSpec(["--help", "-h"], .flag, "show this help and exit", default: "no") { draft, use throws(OptionError) in
            draft.options.showHelp = try use.flag()
        },
        OptionSpec(["--list-properties"], .flag, "list the properties IPC reads and sets, and exit", default: "no") { draft, use throws(OptionError) in
            draft.options.listProperties = try use.flag()
        },
        OptionSpec(["--version", "-V"], .flag, "show the version and exit", default: "no") { draft, use throws(OptionError) in
            draft.options.showVersion = try use.flag()
        },
    ]
}
