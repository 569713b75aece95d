/// What the engine needs to know at start, already parsed and validated.
public struct PlayerOptions: Sendable, Equatable {
    /// Seconds to start at.
    public var start: Double?
    /// Seconds after which playback counts as ended (from `--end` or `--start` + `--length`).
    public var end: Double?
    public var startPaused = false
    /// Quit at the end of the file instead of returning to the start paused.
    public var autoExit = false
    /// At the end of the last file, go back to the idle window instead of pausing or quitting.
    public var idle = false
    /// Extra plays of the file: 0 plays once, nil loops forever.
    public var loopCount: Int? = 0
    /// After the last file comes the first again.
    public var loopsPlaylist = false
    public var volume: Double = 100
    public var volumeMax: Double = 100
    public var muted = false
    public var speed: Double = 1
    /// `--play-dir`: backward starts at the end (or `--start`) and plays towards the start.
    public var playDirection = PlayDirection.forward
    public var audioEnabled = true
    public var videoEnabled = true
    /// The tracks to play (`--aid`, `--vid`, `--sid`) and the languages `auto` prefers
    /// (`--alang`, `--slang`: ISO 639-1 or -2 codes, most wanted first).
    public var audioTrack = TrackChoice.auto
    public var videoTrack = TrackChoice.auto
    public var subtitleTrack = TrackChoice.auto
    public var audioLanguages: [String] = []
    public var subtitleLanguages: [String] = []
    /// How subtitles are shown at the start (`--sub-delay`, `--sub-scale`, …).
    public var subtitles = SubtitleSettings()
    /// How sound is played at the start (`--audio-delay`, `--audio-device`, …).
    public var audio = AudioSettings()
    /// The whole file's loudness (LUFS) kept with its resume position: normalization uses it
    /// at once instead of measuring. Checked before use (a stored file may say anything).
    public var resumedLoudness: Double?
    /// Audio files or URLs played as extra audio tracks beside the file's own (`--audio-file`).
    public var audioFiles: [String] = []
    /// The network options of the audio files whose requests need their own (a web page's
    /// formats each come with their headers), by path.
    public var audioFileNetwork: [String: NetworkOptions] = [:]
    /// Subtitle files to add (`--sub-file`), and which ones beside the video to add by themselves.
    public var subtitleFiles: [String] = []
    /// The languages of subtitle files whose names do not say (a web page's), by path.
    public var subtitleFileLanguages: [String: String] = [:]
    public var subtitleAutoLoad = SubtitleAutoLoad.exact
    /// The code page of subtitle files that are not UTF-8 (`--sub-codepage`); nil: guessed.
    public var subtitleCodepage: String?
    /// Benchmark mode: every frame is shown as soon as it is decoded, none dropped,
    /// no audio clock.
    public var untimed = false
    /// Video decoding threads (`--vd-lavc-threads`); 0 chooses by the stream.
    public var videoDecodingThreads = 0
    var decodingThreads: DecodingThreads.Request { .init(count: videoDecodingThreads, untimed: untimed) }
    /// Let demuxers open files other than the one named (concat lists, playlists, image
    /// sequences). Off: a crafted file cannot make the player read anything else.
    public var allowsNestedFiles = false
    /// A-B loop points (seconds) and repeat count (nil: forever).
    public var abLoopA: Double?
    public var abLoopB: Double?
    public var abLoopCount: Int?
    /// Where screenshots are written; nil: the current directory.
    public var screenshotDirectory: String?

    /// Seconds a paused exact seek waits, once its picture is up, before decoding the frames
    /// after it (sooner when playing resumes or a frame step asks). Long enough to span the
    /// seeks of a scrub, short enough that a later press of play finds them ready.
    public var seekReplayHold: Double = 0.3
    /// Lines for diagnosis (`-v`): hardware decoding giving way to software, say.
    public var verbose = false
    /// Deinterlacing, tone mapping, hardware decoding.
    public var picture = PictureSettings()
    /// Zoom, pan, rotation, aspect, crop, panscan and colour adjustments.
    public var display = DisplaySettings()
    /// On top, window scale, picture-in-picture.
    public var windowSettings = WindowSettings()
    /// How network sources are reached (ignored for local files).
    public var network = NetworkOptions()
    /// Web pages resolved with yt-dlp.
    public var web = WebOptions()
    /// The demuxer cache.
    public var cache = CacheOptions()

    public init() {}
}
