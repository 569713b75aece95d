/// The demuxer cache as the player shows it (mpv's `demuxer-cache-state` and friends).
/// Times are seconds from the start of the file, like `time-pos`.
public struct CacheState: Sendable, Equatable {
    /// Where a seek costs no read, by start: the range playing and those parked by seeks.
    public var seekableRanges: [ClosedRange<Double>] = []
    /// The end of the range playing, nil when it holds nothing.
    public var cacheEnd: Double?
    /// Seconds cached ahead of the position.
    public var duration: Double = 0
    public var forwardBytes = 0
    public var totalBytes = 0
    /// Bytes per second read from the source lately.
    public var speed: Double = 0
    /// 0–100: how far the cache is towards playing on while paused for it; 100 otherwise.
    public var bufferingPercent = 100

    public init() {}

    /// The state for `status` at `position` (seconds from the start; `startTime` is the
    /// file's, which the demuxer's times include).
    init(_ status: DemuxCacheStatus, position: Double, startTime: Double, speed: Double) {
        seekableRanges = status.ranges.map { max(0, $0.lowerBound - startTime)...max(0, $0.upperBound - startTime) }
        if let range = status.range {
            let end = max(0, range.upperBound - startTime)
            cacheEnd = end
            duration = range.contains(position + startTime) ? end - position : 0
        }
        forwardBytes = status.forwardBytes
        totalBytes = status.forwardBytes + status.keptBytes
        self.speed = speed
    }
}

/// Bytes per second from the running total of bytes read, over windows of about a second.
struct ByteRateMeter: Sendable {
    private var windowStart: (bytes: Int, time: Double)?
    private(set) var rate: Double = 0

    /// Takes the total read by `now` (monotonic seconds).
    mutating func record(total: Int, at now: Double) {
        guard let start = windowStart else { windowStart = (total, now); return }
        let elapsed = now - start.time
        guard elapsed >= 1 else { return }
        rate = Double(max(0, total - start.bytes)) / elapsed
        windowStart = (total, now)
    }
}
