/// Thumbnails by keyframe, least recently used evicted first once their bytes exceed the
/// capacity. Each entry also remembers the span of times it is known to stand for (from its
/// keyframe up to, not including, the next keyframe), so a pointer moving within one group of
/// pictures needs no decoding. Not thread-safe: the owner locks.
struct ThumbnailCache {
    struct Entry {
        var thumbnail: Thumbnail
        /// Times (seconds from the start of the file) this keyframe is the one at or before.
        var covers: Range<Double>
        fileprivate var lastUse: UInt64
    }

    let capacityBytes: Int
    private(set) var totalBytes = 0
    private var entries: [Double: Entry] = [:]
    private var clock: UInt64 = 0

    init(capacityBytes: Int) {
        self.capacityBytes = max(0, capacityBytes)
    }

    var count: Int { entries.count }

    /// Keyframe times, least recently used first.
    var keysByRecency: [Double] {
        entries.sorted { $0.value.lastUse < $1.value.lastUse }.map(\.key)
    }

    /// Stores `thumbnail` under its keyframe time (replacing an entry for the same keyframe and
    /// widening its span), then evicts the least recently used entries until the total fits.
    /// A thumbnail larger than the whole capacity is not kept.
    mutating func insert(_ thumbnail: Thumbnail, covering span: Range<Double>) {
        let key = thumbnail.keyframeTime
        var covers = span
        if let old = entries.removeValue(forKey: key) {
            totalBytes -= old.thumbnail.byteCount
            covers = Self.union(old.covers, span)
        }
        guard thumbnail.byteCount <= capacityBytes else { return }
        clock += 1
        entries[key] = Entry(thumbnail: thumbnail, covers: covers, lastUse: clock)
        totalBytes += thumbnail.byteCount
        evict()
    }

    /// Widens the span of the entry for `keyframeTime`, if it is still cached.
    mutating func extend(_ keyframeTime: Double, toCover span: Range<Double>) {
        guard var entry = entries[keyframeTime] else { return }
        entry.covers = Self.union(entry.covers, span)
        entries[keyframeTime] = entry
    }

    /// The entry for exactly this keyframe; counts as a use.
    mutating func thumbnail(keyframe keyframeTime: Double) -> Thumbnail? {
        guard var entry = entries[keyframeTime] else { return nil }
        clock += 1
        entry.lastUse = clock
        entries[keyframeTime] = entry
        return entry.thumbnail
    }

    /// The entry whose span contains `time`; counts as a use. When spans overlap (a request
    /// landed on a later keyframe than expected) the latest keyframe wins.
    mutating func thumbnail(covering time: Double) -> Thumbnail? {
        var best: Double?
        for (key, entry) in entries where entry.covers.contains(time) {
            if best.map({ key > $0 }) ?? true { best = key }
        }
        return best.flatMap { thumbnail(keyframe: $0) }
    }

    /// Looks without counting as a use.
    func peek(covering time: Double) -> Entry? {
        entries.values.filter { $0.covers.contains(time) }.max { $0.thumbnail.keyframeTime < $1.thumbnail.keyframeTime }
    }

    mutating func removeAll() {
        entries.removeAll()
        totalBytes = 0
    }

    private mutating func evict() {
        while totalBytes > capacityBytes,
              let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            entries.removeValue(forKey: oldest.key)
            totalBytes -= oldest.value.thumbnail.byteCount
        }
    }

    private static func union(_ a: Range<Double>, _ b: Range<Double>) -> Range<Double> {
        if a.isEmpty { return b }
        if b.isEmpty { return a }
        return min(a.lowerBound, b.lowerBound)..<max(a.upperBound, b.upperBound)
    }
}
