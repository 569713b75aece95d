/// A read-only snapshot of the player, published once per main-loop turn.
/// The overlay, the status line and IPC properties all read this; none of them
/// reaches into the engine.
public struct PlayerState: Sendable, Equatable {
    public var path: String = ""
    public var title: String = ""
    /// What the file says about itself (container, size, tags, stream parameters); nil without a file.
    public var media: MediaDetails?
    /// The file's `artist` and `album` tags.
    public var artist: String?
    public var album: String?
    /// The cover stored in the file, nil for none.
    public var embeddedPicture: EmbeddedPicture?
    /// The web page's picture (a URL yt-dlp gave), nil for none.
    public var thumbnailURL: String?
    /// Seconds since the start of the file.
    public var position: Double = 0
    /// Seconds; nil when the container does not say.
    public var duration: Double?
    public var isPaused: Bool = false
    public var speed: Double = 1
    /// Which way playback runs (`play-dir`).
    public var playDirection = PlayDirection.forward
    public var volume: Double = 100
    public var volumeMax: Double = 100
    public var isMuted: Bool = false
    public var isSeeking: Bool = false
    /// Going to a position, the file's start included: playback waits for the first picture and sound.
    public var isRestarting: Bool = false
    /// Playing waits for the cache (derived from the lifecycle, apart from `isPaused`).
    public var isPausedForCache: Bool = false
    /// The demuxer cache; nil when there is none (a local file without `--cache=yes`).
    public var cache: CacheState?
    public var eofReached: Bool = false
    public var hasVideo: Bool = false
    public var hasAudio: Bool = false
    public var videoWidth: Int = 0
    public var videoHeight: Int = 0
    public var containerFPS: Double?
    /// A seek can go anywhere (a local file, a ranged download, HLS/DASH of known length).
    public var isSeekable: Bool = false
    public var estimatedFPS: Double?
    public var droppedFrames: Int = 0
    /// Audio minus video clock at the last shown frame, seconds.
    public var avOffset: Double?
    public var isFullscreen: Bool = false
    /// The window as the view last saw it; nil without one.
    public var window: WindowState?
    /// Where screenshots go (`--screenshot-directory`); nil for the current directory.
    public var screenshotDirectory: String?
    /// Deinterlacing, tone mapping and hardware decoding as set now.
    public var picture = PictureSettings()
    /// Zoom, pan, rotation, aspect, crop, panscan and colour adjustments as set now.
    public var display = DisplaySettings()
    /// On top, window scale, picture-in-picture as set now.
    public var windowSettings = WindowSettings()
    /// The hardware API decoding the video now, or `no` (`hwdec-current`).
    public var hwdecCurrent = "no"
    /// The file's tracks, those playing marked selected.
    public var tracks: [Track] = []
    /// The file's chapters in time order, times from the start of the file.
    public var chapters: [Chapter] = []
    /// The subtitle text on screen now (mpv's `sub-text`), nil when none shows.
    public var subtitleText: String?
    /// The second subtitle track's text on screen (mpv's `secondary-sub-text`), nil without one.
    public var secondarySubtitleText: String?
    /// How subtitles are shown: visibility, delay, size, position, text style.
    public var subtitles = SubtitleSettings()
    /// How sound is played: delay, output device.
    public var audio = AudioSettings()
    /// The whole file's integrated loudness (LUFS) once measured or resumed; nil until then.
    public var fileLoudness: Double?
    /// The output devices there are (`audio-device-list`, without `auto`).
    public var audioDevices: [AudioOutputDevice] = []
    /// When the line on screen shows and goes (seconds of the position), nil when none shows.
    public var subtitleStart: Double?
    public var subtitleEnd: Double?
    /// Every line of the subtitle track read so far, timed as they show (seconds of the position).
    public var subtitleList: [SubtitleEvent] = []
    /// A-B loop points in seconds, nil when unset.
    public var abLoopA: Double?
    public var abLoopB: Double?
    /// On-screen message, and the moment (monotonic seconds) it expires.
    public var message: String?
    public var messageExpiry: Double = 0
    /// Extra plays of each file (`loop-file`): 0 none, nil forever.
    public var loopFile: Int? = 0
    /// After the last file comes the first again (`loop-playlist`).
    public var loopsPlaylist = false
    /// yt-dlp's format for the pages opened next (`ytdl-format`).
    public var webFormat = WebOptions().format
    public var playlistPosition: Int = 0
    /// The run's playlist, in playing order (set by the `Session`).
    public var playlist: [PlaylistItem] = []
    public var playlistCount: Int { playlist.count }
    /// The playlist is in shuffled order (`shuffle`).
    public var isShuffled = false
    /// No file: the idle window waits for one (mpv's `idle-active`).
    public var isIdle: Bool = false
    /// Why the file stopped before its end (its source failed for good); reported like a
    /// failed open.
    public var failure: PlayerError?

    public init() {}

    /// 0...100, nil without a known duration.
    public var percentPosition: Double? {
        guard let duration, duration > 0 else { return nil }
        return min(100, max(0, position / duration * 100))
    }

    /// The subtitle track shown at the top, nil for none.
    public var secondarySubtitleID: Int? {
        tracks.first { $0.kind == .sub && $0.isSecondarySelection }?.id
    }

    /// The id of the track of `kind` that plays, nil for none.
    public func selectedTrackID(_ kind: Track.Kind) -> Int? {
        tracks.first { $0.kind == kind && $0.isSelected }?.id
    }

    /// The chapter playing, -1 before the first (mpv's `chapter`).
    public var chapterIndex: Int {
        ChapterNavigation.index(at: position, in: chapters)
    }

    public var timeRemaining: Double? {
        duration.map { max(0, $0 - position) }
    }
}
