/// What the demuxer cache holds, as the demux thread last saw it. Times are seconds on the
/// media timeline (the file's start time included).
public struct DemuxCacheStatus: Sendable, Equatable {
    /// The current range, where the decoders take from: a seek inside it costs no read. From
    /// the latest first keyframe to the earliest end over the streams that play. Nil when it
    /// holds nothing.
    public var range: ClosedRange<Double>?
    /// The ranges set aside by seeks elsewhere, where a seek costs no read either.
    public var parkedRanges: [ClosedRange<Double>] = []
    /// Bytes queued ahead of the decoders, and kept behind them (the parked ranges included).
    public var forwardBytes = 0
    public var keptBytes = 0
    /// Bytes of packets read since the source was opened (for the speed).
    public var bytesRead = 0
    /// The source was read to its end: nothing more is coming.
    public var reachedEnd = false

    public init() {}

    /// Every range, current and parked, by start.
    public var ranges: [ClosedRange<Double>] {
        (parkedRanges + (range.map { [$0] } ?? [])).sorted { $0.lowerBound < $1.lowerBound }
    }
}

/// The range some streams' spans have in common, taken one stream at a time (without
/// collecting them: the demux thread works it out after each packet).
struct CommonSpan {
    private var start = -Double.infinity, end = Double.infinity
    private var taken = false, lacking = false

    /// Takes a stream's span; nil: the stream has nothing, so nothing is in common.
    mutating func add(_ span: ClosedRange<Double>?) {
        taken = true
        guard let span else { lacking = true; return }
        start = max(start, span.lowerBound)
        end = min(end, span.upperBound)
    }

    /// Nil when no span was taken, one was nil, or they do not meet.
    var range: ClosedRange<Double>? { taken && !lacking && start <= end ? start...end : nil }
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
