/// Waiting for the demuxer cache: playing pauses when the stream that paces it runs dry, and
/// goes on once `--cache-pause-wait` seconds are in (or the source has ended). The user's pause
/// is kept apart: `paused-for-cache` comes from the lifecycle, not from `pause`.
extension Player {
    /// While playing: enters `buffering` when nothing is left to play and more is coming.
    func watchCache(now: Double) {
        guard demuxerCacheEnabled, options.cache.pausesWhenEmpty, !state.isPaused, !options.untimed,
              !demuxer.isAtEnd, demuxer.failure == nil, pacingStreamRanDry else { return }
        lifecycle.handle(.cacheRanDry)
        holdPlayback(true, at: now)
    }

    /// While buffering: plays on once the cache holds enough.
    func waitForCache(now: Double, into tick: inout Tick) {
        let cache = state.cache ?? CacheState()
        let status = demuxer.cacheState
        let enough = cache.duration >= options.cache.pauseWait || status.reachedEnd || demuxer.isAtEnd
            || demuxer.failure != nil || status.forwardBytes >= options.cache.maxBytes
        if enough {
            lifecycle.handle(.cacheFilled)
            holdPlayback(state.isPaused, at: now)
            // The pictures were held in this turn: they are timed from now on, in the next
            // (nothing else may wake the loop before the queued sound has played out).
            tick.wakeAt = now
            if state.message?.hasPrefix(Self.bufferingText) == true { state.messageExpiry = now }
        } else {
            tick.wakeAt = min(tick.wakeAt, now + 0.05)
        }
    }

    /// The cache's part of the snapshot.
    func publishCache(now: Double) {
        guard demuxerCacheEnabled else { return }
        let status = demuxer.cacheState
        cacheSpeed.record(total: status.bytesRead, at: now)
        var cache = CacheState(status, position: state.position, startTime: startTime, speed: cacheSpeed.rate)
        if lifecycle.isBuffering {
            let wait = options.cache.pauseWait
            cache.bufferingPercent = wait > 0 ? min(99, Int(cache.duration / wait * 100)) : 99
            // Kept up while it lasts; taken down as soon as playing goes on.
            show("\(Self.bufferingText) \(cache.bufferingPercent) %", now: now, seconds: 60)
        }
        state.cache = cache
    }

    static let bufferingText = "Buffering"

    /// The stream whose time paces playback has nothing decoded and nothing queued.
    private var pacingStreamRanDry: Bool {
        if usesAudioClock, let audio {
            return audio.frames.remaining == 0 && audio.packets.currentFill.count == 0
        }
        if let video {
            return video.frames.remaining == 0 && video.packets.currentFill.count == 0
        }
        return false
    }
}

extension Player {
    /// The video keyframes the demuxer cache holds, for seek-bar previews that cost the source
    /// no read; nil without a cache or a picture.
    public var cachedKeyframes: CachedKeyframes? {
        guard demuxerCacheEnabled, let video else { return nil }
        return CachedKeyframes(streamIndex: video.streamIndex, packets: video.packets)
    }
}
