import CFFmpeg

/// One stream's packets over a stretch of the timeline, in reading order: what a queue of the
/// demuxer cache holds, or what a parked range keeps of that stream. Answers what a seek among
/// them needs to know. Times are seconds on the stream's timeline.
struct PacketRun {
    var entries: [PacketQueue.Entry] = []
    /// Converts packet durations and timestamps to seconds.
    let secondsPerTick: Double

    init(secondsPerTick: Double) {
        self.secondsPerTick = secondsPerTick
    }

    /// What the entries keep in memory (`Packet.footprint`).
    var bytes: Int { entries.reduce(0) { $0 + $1.bytes } }

    /// From the first keyframe to the end of the last packet; nil when there is none.
    var span: ClosedRange<Double>? {
        guard let first = entries.firstIndex(where: Self.isKeyframe),
              let last = entries.last(where: Self.isPacket),
              let start = time(of: entries[first]), let end = time(of: last, atEnd: true), end >= start else { return nil }
        return start...end
    }

    /// Where a seek to `target` would start: the last keyframe at or before it (for a sparse
    /// stream, the first packet from it on, or the end); nil when the run does not reach that
    /// far back, or ends before it.
    func seekIndex(for target: Double, sparse: Bool) -> Int? {
        if sparse {
            return entries.firstIndex { (time(of: $0) ?? -.infinity) >= target } ?? entries.count
        }
        guard let last = entries.last(where: Self.isPacket),
              let end = time(of: last, atEnd: true), end >= target || endsWithEndOfStream else { return nil }
        return entries.lastIndex { Self.isKeyframe($0) && (time(of: $0) ?? .infinity) <= target }
    }

    /// The last packet, as the source would give it again; nil when there is none.
    var lastMark: PacketMark? {
        guard case .packet(let packet)? = entries.last(where: Self.isPacket)?.item else { return nil }
        return PacketMark(packet.pointer)
    }

    /// The time of the last keyframe; nil when there is none. A seek of the source to it (seeks
    /// take presentation times) starts there, or at an earlier keyframe, never past it: reading
    /// on from there gives every packet after the run.
    var lastKeyframeTime: Double? {
        entries.last(where: Self.isKeyframe).flatMap { time(of: $0) }
    }

    /// True when the run's first packet comes after what `mark` names (or there is none).
    func startsAfter(_ mark: PacketMark) -> Bool {
        guard case .packet(let first)? = entries.first(where: Self.isPacket)?.item else { return true }
        return !mark.covers(first.pointer)
    }

    /// Where the run goes on after the packet `mark` names: the index after it; nil when the
    /// run does not hold it.
    func index(after mark: PacketMark) -> Int? {
        for index in entries.indices {
            if case .packet(let packet) = entries[index].item, mark.names(packet.pointer) { return index + 1 }
        }
        return nil
    }

    /// The index of the first entry `mark` does not cover (a sparse stream's next packet).
    func index(past mark: PacketMark?) -> Int {
        guard let mark else { return 0 }
        return entries.firstIndex {
            guard case .packet(let packet) = $0.item else { return true }
            return !mark.covers(packet.pointer)
        } ?? entries.count
    }

    /// The last keyframe at or before `time`, with the time of the next keyframe after it when
    /// the run holds one. Nil when no keyframe is at or before `time`, or when the run ends
    /// before `time` (a later keyframe may lie between).
    func keyframe(at time: Double) -> (packet: Packet, time: Double, nextKeyframeTime: Double?)? {
        var found: (packet: Packet, time: Double)?
        var next: Double?
        var end = -Double.infinity
        for entry in entries {
            guard case .packet(let packet) = entry.item, let start = self.time(of: entry) else { continue }
            end = max(end, self.time(of: entry, atEnd: true) ?? start)
            guard Self.isKeyframe(entry) else { continue }
            if start <= time {
                if start >= found?.time ?? -.infinity { found = (packet, start) }
            } else {
                next = min(next ?? .infinity, start)
            }
        }
        guard let found, next != nil || end > time || endsWithEndOfStream else { return nil }
        return (found.packet, found.time, next)
    }

    /// The source was read to its end for this stream.
    var endsWithEndOfStream: Bool {
        if case .endOfStream? = entries.last?.item { return true }
        return false
    }

    func time(of entry: PacketQueue.Entry, atEnd: Bool = false) -> Double? {
        guard case .packet(let packet) = entry.item else { return nil }
        let p = packet.pointer.pointee
        let stamp = p.pts != vp_nopts_value() ? p.pts : p.dts
        guard stamp != vp_nopts_value() else { return nil }
        return Double(stamp + (atEnd ? max(p.duration, 0) : 0)) * secondsPerTick
    }

    static func isKeyframe(_ entry: PacketQueue.Entry) -> Bool {
        if case .packet(let packet) = entry.item { return packet.pointer.pointee.flags & AV_PKT_FLAG_KEY != 0 }
        return false
    }

    static func isPacket(_ entry: PacketQueue.Entry) -> Bool {
        if case .packet = entry.item { return true }
        return false
    }
}
