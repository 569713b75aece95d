/// Values the snapshot derives from what it holds, as mpv's clients read them.
extension PlayerState {
    /// Playback does not move on now (mpv's `core-idle`): paused, going to a position (the
    /// file's start included), waiting for the cache, or no file at all.
    public var isCoreIdle: Bool {
        path.isEmpty || isIdle || isPaused || isRestarting || isSeeking || isPausedForCache
    }

    /// Seconds of the wall clock until the end at the current speed (mpv's `playtime-remaining`).
    public var playtimeRemaining: Double? {
        guard !path.isEmpty, speed > 0 else { return nil }
        return timeRemaining.map { $0 / speed }
    }

    /// Frames in the file by its length and declared rate (mpv's `estimated-frame-count`):
    /// nil without video, 0 when either is unknown.
    public var estimatedFrameCount: Int? {
        guard !path.isEmpty, hasVideo else { return nil }
        guard let duration, let fps = containerFPS, fps > 0 else { return 0 }
        return Int(duration * fps)
    }

    /// The frame playing, by the position's share of the length (mpv's `estimated-frame-number`).
    public var estimatedFrameNumber: Int? {
        guard let frames = estimatedFrameCount else { return nil }
        guard let duration, duration > 0 else { return 0 }
        return Int((position / duration * Double(frames)).rounded(.toNearestOrEven))
    }
}
