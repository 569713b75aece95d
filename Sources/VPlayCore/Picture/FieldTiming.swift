/// The display time of each frame a deinterlacer lets out. A deinterlaced frame's two
/// fields share its duration; a frame passed through whole keeps its own. The filter lets
/// frames out a frame late, so the last few frames in are remembered and an output is
/// matched to the newest input that starts at or before it.
struct FieldTiming {
    struct Entry: Equatable {
        var start: Double
        var duration: Double
        var splitsInFields: Bool
    }

    private var recent: [Entry] = []
    private static let kept = 4

    init() {
        recent.reserveCapacity(Self.kept + 1)
    }

    mutating func reset() {
        recent.removeAll(keepingCapacity: true)
    }

    /// Notes a frame going into the filter.
    mutating func noteInput(start: Double, duration: Double, splitsInFields: Bool) {
        if recent.count == Self.kept { recent.removeFirst() }
        recent.append(Entry(start: start, duration: duration, splitsInFields: splitsInFields))
    }

    /// How long an output frame starting at `start` stays up: half its source frame's
    /// duration when the source was split in fields. 0 when unknown.
    func duration(ofOutputAt start: Double) -> Double {
        // 1 µs: rounding between the input's and the output's time bases.
        let source = recent.last { start.isFinite && $0.start <= start + 0.000_001 } ?? recent.first
        guard let source else { return 0 }
        return source.splitsInFields ? source.duration / 2 : source.duration
    }
}
