import VPlayCore

/// Everything `vplay [options] FILE...` asked for, validated.
public struct LaunchOptions: Sendable, Equatable {
    /// What the engine needs at start.
    public var player = PlayerOptions()
    public var files: [String] = []
    /// Folders, order, the watch history.
    public var playlist = PlaylistOptions()
    /// After the last file, wait in the idle window instead of quitting, as `--idle` does.
    /// With no file given the idle window shows without it.
    public var forceWindow = false
    public var fullscreen = false
    /// Requested window size in pixels; nil lets the video decide.
    public var windowWidth: Int?
    public var windowHeight: Int?
    /// The window fitted into a size (`--autofit`); nil: the picture's size times `window-scale`.
    public var autofit: WindowFit?
    /// The monitors the window opens on and full screen fills (`--screen`, `--fs-screen`).
    public var screens = ScreenChoice()
    /// Window title; nil means the file name.
    public var title: String?
    /// Start a file where it was left last time.
    public var resume = true
    /// Remember the position on quit (`Q` remembers it regardless).
    public var savePositionOnQuit = true
    /// Seek-bar previews (`--thumbnails=yes|no`): a second, low-priority decoder per video file.
    public var thumbnails = true
    /// When the screensaver is kept off (`--stop-screensaver`).
    public var stopScreensaver = ScreensaverPolicy.yes
    /// No status line and no messages except errors.
    public var reallyQuiet = false
    /// Number of `-v` given.
    public var verbosity = 0
    public var ipcServerPath: String?
    public var bench = false
    public var dumpStatsPath: String?
    public var showHelp = false
    public var showVersion = false
    public var listProperties = false

    public init() {
        // mpv's default: a little headroom above 100 %.
        player.volumeMax = 130
    }
}

extension LaunchOptions {
    /// What the run does beyond one file.
    public var sessionConfiguration: Session.Configuration {
        var configuration = Session.Configuration()
        configuration.options = player
        let headless = !player.videoEnabled
        configuration.idles = !headless && (files.isEmpty || player.idle || forceWindow)
        configuration.quitsAtEnd = player.autoExit
        configuration.resumes = resume && !bench
        configuration.savesPositionOnQuit = savePositionOnQuit
        configuration.playlist = playlist
        if bench {
            configuration.playlist.savesHistory = false
            configuration.playlist.remembersSeries = false
        }
        return configuration
    }
}
