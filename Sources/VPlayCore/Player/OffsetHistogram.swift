/// Offsets in seconds (audio clock minus video clock at each shown frame) kept as counts in
/// fixed bins rather than one value per frame: hours of playback take the memory of a
/// second's, and recording one allocates nothing. Order statistics read from it are within
/// half a bin (0.05 ms) of the exact ones; count, min, max and the last offset are exact.
/// Offsets beyond ±`range` count in the end bins, where they pull a percentile no further out.
public struct OffsetHistogram: Sendable, Equatable {
    /// Seconds covered by one bin; each offset counts in the bin whose centre is nearest.
    public static let binWidth = 1e-4
    /// Offsets from -range to +range seconds get bins of their own.
    public static let range = 2.0

    private var bins: [UInt32]
    public private(set) var count = 0
    public private(set) var min = Double.infinity
    public private(set) var max = -Double.infinity
    public private(set) var last: Double?

    public init() {
        bins = [UInt32](repeating: 0, count: Int((2 * Self.range / Self.binWidth).rounded()) + 1)
    }

    public var isEmpty: Bool { count == 0 }

    /// Counts `offset`; not finite values are left out.
    public mutating func record(_ offset: Double) {
        guard offset.isFinite else { return }
        let index = Int(((Swift.min(Swift.max(offset, -Self.range), Self.range) + Self.range) / Self.binWidth).rounded())
        bins[index] += 1
        count += 1
        min = Swift.min(min, offset)
        max = Swift.max(max, offset)
        last = offset
    }

    /// The `q` quantile (0...1) with linear interpolation between the closest ranks, as
    /// `Distribution` computes it from every value.
    public func quantile(_ q: Double) -> Double {
        guard count > 0 else { return .nan }
        let position = q * Double(count - 1)
        let lower = Int(position.rounded(.down))
        let low = value(atRank: lower)
        let high = value(atRank: Swift.min(lower + 1, count - 1))
        return low + (high - low) * (position - Double(lower))
    }

    /// The offset at `rank` (0 the smallest) in sorted order: the centre of its bin, kept within min...max.
    private func value(atRank rank: Int) -> Double {
        if rank <= 0 { return min }
        if rank >= count - 1 { return max }
        var seen = 0
        for (index, binCount) in bins.enumerated() {
            seen += Int(binCount)
            if seen > rank {
                return Swift.min(max, Swift.max(min, Double(index) * Self.binWidth - Self.range))
            }
        }
        return max
    }

    /// Where the bins live and how many bytes they take: for tests that memory stays put.
    var storage: (address: UnsafeRawPointer?, bytes: Int) {
        bins.withUnsafeBytes { (UnsafeRawPointer($0.baseAddress), bins.capacity * MemoryLayout<UInt32>.stride) }
    }
}

extension Distribution {
    /// The statistics of the offsets in `histogram`, to within half a bin.
    public init?(_ histogram: OffsetHistogram) {
        guard !histogram.isEmpty else { return nil }
        count = histogram.count
        min = histogram.min
        max = histogram.max
        median = histogram.quantile(0.5)
        p95 = histogram.quantile(0.95)
    }
}
