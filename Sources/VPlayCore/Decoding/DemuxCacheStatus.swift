/// What the demuxer cache holds, as the demux thread last saw it. Times are seconds on the
/// media timeline (the file's start time included).
public struct DemuxCacheStatus: Sendable, Equatable {
    /// Where a seek costs no read: from the latest first keyframe to the earliest end over the
    /// streams that play. Nil when nothing is cached.
    public var range: ClosedRange<Double>?
    /// Bytes queued ahead of the decoders, and kept behind them.
    public var forwardBytes = 0
    public var keptBytes = 0
    /// Bytes of packets read since the source was opened (for the speed).
    public var bytesRead = 0
    /// The source was read to its end: nothing more is coming.
    public var reachedEnd = false

    public init() {}

    /// The range the given streams' spans have in common; nil when one has nothing.
    static func commonRange(_ spans: [ClosedRange<Double>?]) -> ClosedRange<Double>? {
        guard !spans.isEmpty else { return nil }
        var start = -Double.infinity, end = Double.infinity
        for span in spans {
            guard let span else { return nil }
            start = max(start, span.lowerBound)
            end = min(end, span.upperBound)
        }
        return start <= end ? start...end : nil
    }
}

/// The demuxer cache's limits (`--demuxer-max-bytes`, `--demuxer-max-back-bytes`, `--cache-secs`).
struct DemuxCacheLimits: Sendable, Equatable {
    var maxBytes: Int
    var maxBackBytes: Int
    var readAheadSeconds: Double

    init(_ options: CacheOptions) {
        maxBytes = options.maxBytes
        maxBackBytes = options.maxBackBytes
        readAheadSeconds = options.readAheadSeconds
    }
}
