/// The one control vocabulary. Keys, mouse, IPC and options all produce these;
/// only `Player.apply(_:)` carries them out.
public enum PlayerCommand: Sendable, Equatable {
    case setPaused(Bool)
    case togglePause
    case seek(SeekTarget, SeekPrecision)
    /// Playback rate; 0 means paused (as in the seed players), otherwise clamped to `Speed.range`.
    case setSpeed(Double)
    case multiplySpeed(Double)
    /// Volume in percent, 0...volumeMax.
    case setVolume(Double)
    case addVolume(Double)
    case setMute(Bool)
    case toggleMute
    case frameStep
    case frameBackStep
    /// Plays forward, or backward towards the start (`play-dir`).
    case setPlayDirection(PlayDirection)
    case setFullscreen(Bool)
    case toggleFullscreen
    case showText(String, seconds: Double)
    /// mpv's `l`: set A, then B, then clear.
    case cycleABLoop
    /// Sets or clears (nil) the loop points, in seconds.
    case setABLoop(a: Double?, b: Double?)
    /// mpv's `add`, `multiply` and `cycle` on a property, from its value when applied.
    case adjust(property: String, PropertyAdjustment)
    /// Saves the current video frame as a PNG, with the subtitles on it.
    case screenshot
    /// Saves the current video frame alone.
    case screenshotVideo
    /// Writes the A-B range (else the chapter playing) to a new file: beside a local original, a
    /// network source's in the videos folder.
    case exportClip
    case playlistNext
    case playlistPrevious
    /// Extra plays of each file: 0 none, nil forever (`loop-file`); the count starts again.
    case setLoopFile(Int?)
    /// Whether the first file follows the last (`loop-playlist`).
    case setLoopPlaylist(Bool)
    /// Opens another file (dropped on the window, or sent over IPC) after the current one.
    case loadFile(String)
    /// Play these files as the new playlist (the Open dialog's choice).
    case openFiles([String])
    /// Stop and empty the playlist: the idle window with `--idle`, else quit (mpv's `stop`).
    case stop
    /// Adds files at the end of the playlist (mpv's `loadfile … append`); `play`: and plays the
    /// first of them when nothing plays (`append-play`).
    case appendFiles([String], play: Bool)
    /// Plays a file again from where it was left (a row of the idle window's history): the
    /// playlist becomes that file, starting at `position` seconds.
    case resume(String, at: Double)
    /// Forgets the choices kept for the folder of the file playing (its series).
    case forgetSeriesChoices
    /// Plays the entry at this index, from 0 (`playlist-play-index`).
    case playlistPlay(Int)
    /// Moves the entry at `from` to stand before the entry now at `to` (`playlist-move`).
    case playlistMove(from: Int, to: Int)
    /// Removes the entry at this index, nil for the current one (`playlist-remove`).
    case playlistRemove(Int?)
    /// Removes every entry but the current one (`playlist-clear`).
    case playlistClear
    /// Puts the entries in random order, the current one first (`playlist-shuffle`), or back in
    /// the order they had (`playlist-unshuffle`).
    case playlistShuffle
    case playlistUnshuffle
    /// Plays another track of a kind (`aid`, `vid`, `sid`), or none.
    case selectTrack(Track.Kind, TrackChoice)
    /// The next track of a kind, then none, round again (`#`, `_`, `j`; `down`: backwards).
    case cycleTrack(Track.Kind, down: Bool)
    /// Seek to a chapter's start (or the end of the file, past the last one).
    case goToChapter(ChapterNavigation.Destination)
    /// How pictures are prepared for the screen (deinterlacing).
    case setPicture(PictureSettings)
    /// Changes where and how the picture shows in the window (zoom, pan, rotation, aspect,
    /// crop, panscan, colour adjustments).
    case setDisplay(DisplaySetting)
    /// Changes what the window does (`ontop`, `window-scale`, picture-in-picture).
    case setWindow(WindowSetting)
    /// Changes the user's video filters (`vf add|remove|set|clr`), from the list when applied.
    case changeVideoFilters(VideoFilterChange)
    /// Changes how subtitles are shown (`sub-visibility`, `sub-delay`, …).
    case setSubtitle(SubtitleSetting)
    /// Changes how sound is played (`audio-delay`, `audio-device`, …).
    case setAudio(AudioSetting)
    /// mpv's `af` command: `set`, `add`, `remove`, `toggle` or `clr` the entries in the text.
    case changeAudioFilters(operation: String, String)
    /// Shows a second subtitle track at the top (`secondary-sid`), or none.
    case selectSecondarySubtitles(TrackChoice)
    /// Adds a subtitle file as a track (`sub-add`, a subtitle file dropped on the window).
    case addSubtitleFile(SubtitleFileRequest, SubtitleAddMode)
    /// Sets yt-dlp's format for the pages opened next (`ytdl-format`).
    case setWebFormat(String)
    /// Adds a sound file or URL as an external audio track while playing (`audio-add`).
    case addAudioFile(AudioFileRequest, AudioAddMode)
    /// Removes an external audio track (`audio-remove`): the one given, or the one playing.
    case removeAudioFile(Int?)
    /// Seeks exactly to the next subtitle line containing the phrase (the overlay's search).
    case searchSubtitles(String)
    /// Seeks to the start of the next (1) or previous (-1) subtitle line, mpv's `sub-seek`.
    case subtitleSeek(Int)
    case quit(code: Int32)
    /// Quits and remembers the position even when saving on quit is off (mpv's `Q`).
    case quitSavingPosition
}

public enum SeekTarget: Sendable, Equatable {
    /// Seconds from the start of the file.
    case absolute(Double)
    /// Seconds relative to the current position.
    case relative(Double)
    /// 0...100 of the duration.
    case absolutePercent(Double)
    /// -100...100 of the duration, relative to the current position.
    case relativePercent(Double)
}

public enum SeekPrecision: Sendable, Equatable {
    /// The first frame shown is the one whose display interval contains the target.
    case exact
    /// Lands on the keyframe at or before the target: cheap, for scrubbing and held keys.
    case keyframe
}

public enum Speed {
    public static let range: ClosedRange<Double> = 0.25...4.0
}
