import Foundation

/// Seek-bar previews: pictures of the keyframes under the pointer, decoded on one low-priority
/// thread from a separate reader of the source, so playback is never disturbed.
///
/// The view calls `request(time:)` whenever the pointer moves over the slider (newest position
/// wins; older ones not yet started are dropped), and draws `thumbnail(near:)` above the pointer.
/// `onReady` is called from the thumbnail thread when a new picture has been decoded.
public final class ThumbnailService: @unchecked Sendable {
    struct State {
        var cache: ThumbnailCache
        /// The picture for the most recent request carried out (kept even if evicted).
        var latest: Thumbnail?
        /// Keyframes decoded so far.
        var decodes = 0
    }

    /// Seconds; nil when unknown.
    public let duration: Double?
    private let decoder: ThumbnailDecoder
    private let state: Locked<State>
    private let worker: LatestRequestWorker<Double>

    /// Opens `source` a second time for previews: one more connection for a network source,
    /// whose requests go one after another, and none while playback's cache holds the keyframe. Nil for audio-only files, files whose only picture
    /// is cover art, pipes, live streams, and sources that cannot be opened or decoded.
    /// - Parameters:
    ///   - facts: what playback's open of `source` learned: the second open takes its format and
    ///     streams from them rather than probing the source again.
    ///   - options: the settings playback opened the source with.
    ///   - interrupt: raised by another thread, makes the open give up (see `stop` for later reads).
    ///   - cached: playback's cached keyframes (`Player.cachedKeyframes`), decoded instead of
    ///     reading the source where they reach.
    ///   - maxWidth, maxHeight: the box thumbnails are fitted into (with the displayed aspect).
    ///   - cacheBytes: how much memory decoded thumbnails may take, least recently used evicted first.
    ///   - onReady: called on the thumbnail thread after a new picture is available; typically
    ///     pushes an event so the UI thread redraws.
    public convenience init?(source: Source, facts: SourceFacts? = nil, options: PlayerOptions = PlayerOptions(),
                             interrupt: InterruptFlag = InterruptFlag(), cached: CachedKeyframes? = nil,
                             maxWidth: Int = 240, maxHeight: Int = 160,
                             cacheBytes: Int = 32 << 20, onReady: @escaping @Sendable () -> Void) {
        self.init(source: source, facts: facts, options: options, interrupt: interrupt, cached: cached, maxWidth: maxWidth,
                  maxHeight: maxHeight, cacheBytes: cacheBytes, beforeEachJob: nil, onReady: onReady)
    }

    /// - Parameter beforeEachJob: tests hold the thread here to line requests up.
    init?(source: Source, facts: SourceFacts? = nil, options: PlayerOptions = PlayerOptions(),
          interrupt: InterruptFlag = InterruptFlag(), cached: CachedKeyframes? = nil, maxWidth: Int, maxHeight: Int,
          cacheBytes: Int, beforeEachJob: (@Sendable (Double) -> Void)?, onReady: @escaping @Sendable () -> Void) {
        guard let decoder = ThumbnailDecoder(source: source, facts: facts, options: options, maxWidth: maxWidth,
                                             maxHeight: maxHeight, interrupt: interrupt, cached: cached) else { return nil }
        let state = Locked(State(cache: ThumbnailCache(capacityBytes: cacheBytes)))
        self.decoder = decoder
        self.state = state
        duration = decoder.duration
        worker = LatestRequestWorker(name: "vplay.thumbnails") { time, isSuperseded in
            beforeEachJob?(time)
            Self.produce(time: time, decoder: decoder, state: state, onReady: onReady, isSuperseded: isSuperseded)
        }
    }

    deinit { stop() }

    /// Asks for the picture at `time` (seconds from the start of the file). Replaces a request
    /// not yet started. Returns true when the picture is already cached: `thumbnail(near:)` has it
    /// now and `onReady` will not be called for it.
    @discardableResult
    public func request(time: Double) -> Bool {
        guard time.isFinite else { return false }
        let time = min(max(0, time), duration ?? .infinity)
        let cached = state.withLock { state -> Bool in
            guard let hit = state.cache.thumbnail(covering: time) else { return false }
            state.latest = hit
            return true
        }
        if cached {
            worker.cancelPending()
        } else {
            worker.submit(time)
        }
        return cached
    }

    /// The cached picture of the keyframe at or before `time` when known; otherwise the picture
    /// of the most recent request carried out (possibly of another position: check
    /// `keyframeTime`), so the preview does not blink while a new one is decoded. Nil before the
    /// first picture is ready.
    public func thumbnail(near time: Double) -> Thumbnail? {
        state.withLock { state in
            (time.isFinite ? state.cache.thumbnail(covering: max(0, time)) : nil) ?? state.latest
        }
    }

    /// Stops the thread (interrupting a read in progress) and frees the decoder and the file.
    /// Later requests do nothing. Safe to call twice.
    public func stop() {
        decoder.interruptBlockingCalls()
        worker.stop()
        decoder.close()
        state.withLock { $0.cache.removeAll() }
    }

    // MARK: for tests and stats

    /// Keyframes decoded so far.
    var decodeCount: Int { state.withLock { $0.decodes } }
    /// Packets read from the source by the previews; only meaningful between jobs.
    var sourceReads: Int { decoder.sourceReads }
    /// Whether the source was opened with what playback's open learned, not probed again.
    var tookPlaybacksFacts: Bool { decoder.tookPlaybacksFacts }
    var requestCounts: LatestRequestWorker<Double>.Counts { worker.counts }
    var cachedBytes: Int { state.withLock { $0.cache.totalBytes } }
    /// The cached keyframe whose span contains `time`, without counting as a use.
    func cachedKeyframe(covering time: Double) -> Double? {
        state.withLock { $0.cache.peek(covering: time)?.thumbnail.keyframeTime }
    }

    // MARK: the thumbnail thread

    private static func produce(time: Double, decoder: ThumbnailDecoder, state: Locked<State>,
                                onReady: @Sendable () -> Void, isSuperseded: () -> Bool) {
        // An earlier request may have covered this time meanwhile.
        let cached = state.withLock { state -> Bool in
            guard let hit = state.cache.thumbnail(covering: time) else { return false }
            state.latest = hit
            return true
        }
        if cached {
            onReady()
            return
        }
        guard let thumbnail = decoder.decodeKeyframe(at: time, isSuperseded: isSuperseded) else { return }
        let key = thumbnail.keyframeTime
        // The seek for `time` found this keyframe, so everything between the two maps to it.
        let span = min(key, time)..<max(key, time).nextUp
        state.withLock { state in
            state.decodes += 1
            state.cache.insert(thumbnail, covering: span)
            state.latest = thumbnail
        }
        onReady()
        // Learn how far this keyframe reaches, so nearby requests need no decoding.
        let end = decoder.coverageEnd(after: key, isSuperseded: isSuperseded)
        state.withLock { $0.cache.extend(key, toCover: key..<max(end, key.nextUp)) }
    }
}
