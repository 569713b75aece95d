/// Figures gathered while playing, for `--dump-stats`, `--bench` and the status line.
public struct PlaybackStats: Sendable, Equatable {
    public var framesDecoded = 0
    public var framesShown = 0
    public var framesDropped = 0
    /// Packets refused, frames failed and frames concealed, in every stream.
    public var decodeErrors = 0
    /// Audio clock minus video clock at each shown frame, seconds.
    public var avOffsets = OffsetHistogram()
    /// From each seek request to the first frame (or audio) at the new position, seconds.
    public var seekLatencies: [Double] = []
    /// From the player's start to the first picture (or sound) out, seconds.
    public var timeToFirstFrame: Double?
    /// Times playing backwards held a picture because the span before it was not decoded yet.
    public var backwardStalls = 0

    public init() {}
}

/// Order statistics of a sample, for reports.
public struct Distribution: Sendable, Equatable {
    public var count: Int
    public var min: Double
    public var median: Double
    public var p95: Double
    public var max: Double

    public init?(_ values: [Double]) {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        count = sorted.count
        min = sorted[0]
        max = sorted[sorted.count - 1]
        median = Self.quantile(sorted, 0.5)
        p95 = Self.quantile(sorted, 0.95)
    }

    /// Linear interpolation between closest ranks.
    static func quantile(_ sorted: [Double], _ q: Double) -> Double {
        let position = q * Double(sorted.count - 1)
        let lower = Int(position.rounded(.down))
        let upper = Swift.min(lower + 1, sorted.count - 1)
        return sorted[lower] + (sorted[upper] - sorted[lower]) * (position - Double(lower))
    }
}
