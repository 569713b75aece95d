import CFFmpeg
import Foundation

/// A blocking FIFO of packets for one stream, between the demux thread and a decoder.
///
/// Every flush (a seek) bumps `serial`; items and frames carry the serial they were
/// queued under, so anything older than the current serial is known to be stale
/// everywhere downstream without chasing it.
///
/// A queue that `keepsTaken` (the demuxer cache) keeps the packets its decoder has taken, up
/// to what the demuxer trims: a seek back among them (or forward among those not taken yet)
/// `rewind`s the queue instead of reading the source again.
final class PacketQueue: @unchecked Sendable {
    enum Item {
        case packet(Packet)
        /// No more packets until the next flush: the decoder drains.
        case endOfStream
    }

    struct Entry {
        let item: Item
        /// The packet's `footprint` (0 for the end of stream): what the cache's limits count.
        let bytes: Int
        var serial: Int
        /// Frames ending at or before this time (seconds) are dropped: an exact seek's target.
        var dropBefore: Double?
    }

    /// What the demuxer needs to decide whether a stream has enough buffered.
    struct Fill: Equatable {
        var count = 0
        /// What the queued packets keep in memory (`Packet.footprint`).
        var bytes = 0
        /// Seconds of packet duration queued.
        var duration: Double = 0
    }

    private let condition = NSCondition()
    private var entries: [Entry] = []
    private var head = 0
    private var fill = Fill()
    private var currentSerial = 0
    private var dropBefore: Double?
    private var aborted = false
    private var holding = false
    private var awaitingRelease = false
    private let secondsPerTick: Double
    /// Keep taken entries (before `head`) for seeking back; else they are dropped at once.
    private let keepsTaken: Bool
    /// Bytes the taken packets kept keep in memory (`Packet.footprint`).
    private var backBytes = 0
    /// Told after each take, so a reader waiting for room can go on. Set before threads start.
    var onTake: (@Sendable () -> Void)?

    /// `secondsPerTick` converts packet durations and timestamps to seconds.
    init(secondsPerTick: Double, keepsTaken: Bool = false) {
        self.secondsPerTick = secondsPerTick
        self.keepsTaken = keepsTaken
        entries.reserveCapacity(64)
    }

    var serial: Int { condition.withLock { currentSerial } }
    var currentFill: Fill { condition.withLock { fill } }
    var isAborted: Bool { condition.withLock { aborted } }

    /// Set while the player is paused: only an exact seek's target is wanted then, not the
    /// frames after it (see `Decoder`).
    var isHolding: Bool { condition.withLock { holding } }

    /// True while the decoder has put out a paused seek's target and waits to go on from it.
    var isAwaitingRelease: Bool { condition.withLock { awaitingRelease } }

    func setHolding(_ on: Bool) {
        condition.withLock {
            holding = on
            condition.broadcast()
        }
    }

    /// Waits while holding, `seconds` at most (infinite: no limit), unless a seek or shutdown
    /// comes first. True when the frames after the target may be decoded now, false when they
    /// are not wanted any more.
    func awaitRelease(serial: Int, forAtMost seconds: Double) -> Bool {
        // Foundation cannot wait until a date as far off as `distantFuture`.
        let deadline = seconds < 86_400 ? Date(timeIntervalSinceNow: seconds) : nil
        return condition.withLock {
            awaitingRelease = true
            defer { awaitingRelease = false }
            while holding && currentSerial == serial && !aborted {
                guard let deadline else { condition.wait(); continue }
                if !condition.wait(until: deadline) { break }
            }
            return currentSerial == serial && !aborted
        }
    }

    func put(_ packet: Packet) {
        condition.withLock {
            guard !aborted else { return }
            let bytes = packet.footprint
            fill.count += 1
            fill.bytes += bytes
            fill.duration += Double(packet.duration) * secondsPerTick
            append(.packet(packet), bytes: bytes)
        }
    }

    func putEndOfStream() {
        condition.withLock {
            guard !aborted else { return }
            append(.endOfStream, bytes: 0)
        }
    }

    /// Drops everything queued and starts timeline `serial` (the demuxer numbers timelines
    /// for all its queues alike, so a queue that joins later takes the current one).
    func flush(toSerial serial: Int, dropBefore target: Double? = nil) {
        condition.withLock {
            entries.removeAll(keepingCapacity: true)
            head = 0
            fill = Fill()
            backBytes = 0
            currentSerial = serial
            dropBefore = target
            condition.broadcast()
        }
    }

    /// Blocks until an entry is available; nil once aborted.
    func take() -> Entry? {
        defer { onTake?() }
        return condition.withLock { () -> Entry? in
            while head == entries.count && !aborted { condition.wait() }
            guard !aborted else { return nil }
            let entry = entries[head]
            head += 1
            if head == entries.count && !keepsTaken {
                entries.removeAll(keepingCapacity: true)
                head = 0
            }
            if case .packet(let packet) = entry.item {
                fill.count -= 1
                fill.bytes -= entry.bytes
                fill.duration -= Double(packet.duration) * secondsPerTick
                if keepsTaken { backBytes += entry.bytes }
            }
            return entry
        }
    }

    /// Wakes every waiter for good; used on shutdown.
    func abort() {
        condition.withLock {
            aborted = true
            entries.removeAll()
            head = 0
            fill = Fill()
            backBytes = 0
            condition.broadcast()
        }
    }

    // MARK: the cache's part

    /// Bytes of taken packets kept for seeking back.
    var keptBytes: Int { condition.withLock { backBytes } }

    /// The seconds the kept and queued packets span: from the first keyframe to the end of the
    /// last packet; nil when there is none.
    var span: ClosedRange<Double>? {
        condition.withLock {
            guard let first = entries.firstIndex(where: { Self.isKeyframe($0) }),
                  let last = entries.last(where: { if case .packet = $0.item { true } else { false } }),
                  let start = time(of: entries[first]), let end = time(of: last, atEnd: true), end >= start else { return nil }
            return start...end
        }
    }

    /// Where a seek to `target` (seconds) would start in what is kept: the last keyframe at or
    /// before it (for a sparse stream, the first packet from it on, or the end); nil when the
    /// kept packets do not reach that far back, or end before it.
    func rewindIndex(for target: Double, sparse: Bool) -> Int? {
        condition.withLock {
            if sparse {
                return entries.firstIndex { (time(of: $0) ?? -.infinity) >= target } ?? entries.count
            }
            guard let last = entries.last(where: { if case .packet = $0.item { true } else { false } }),
                  let end = time(of: last, atEnd: true), end >= target || entries.last.map(Self.isEnd) == true else { return nil }
            return entries.lastIndex { Self.isKeyframe($0) && (time(of: $0) ?? .infinity) <= target }
        }
    }

    /// Starts timeline `serial` at entry `index` of what is kept (from `rewindIndex`): the
    /// decoder takes the packets from there again, as after a flush, but none is read anew.
    func rewind(to index: Int, serial: Int, dropBefore target: Double?) {
        condition.withLock {
            let index = min(index, entries.count)
            head = index
            currentSerial = serial
            dropBefore = target
            fill = Fill()
            backBytes = 0
            for position in entries.indices {
                guard position >= index else {
                    backBytes += entries[position].bytes
                    continue
                }
                entries[position].serial = serial
                entries[position].dropBefore = target
                if case .packet(let packet) = entries[position].item {
                    fill.count += 1
                    fill.bytes += entries[position].bytes
                    fill.duration += Double(packet.duration) * secondsPerTick
                }
            }
            condition.broadcast()
        }
    }

    /// The time (seconds) of the oldest packet kept behind the decoder, nil when none is.
    var oldestKeptTime: Double? {
        condition.withLock { head > 0 ? entries[..<head].lazy.compactMap { self.time(of: $0) }.first : nil }
    }

    /// Drops the oldest kept packets up to the next keyframe (so what stays starts with one);
    /// returns the bytes freed.
    @discardableResult
    func dropOldestKept() -> Int {
        condition.withLock {
            guard head > 0 else { return 0 }
            var end = 1
            while end < head && !Self.isKeyframe(entries[end]) { end += 1 }
            let freed = entries[..<end].reduce(0) { $0 + $1.bytes }
            entries.removeFirst(end)
            head -= end
            backBytes -= freed
            return freed
        }
    }

    /// The last keyframe held (kept or queued) at or before `time` (seconds), with the time of
    /// the next keyframe held after it when there is one: a preview decoded from it needs no
    /// read from the source. Nil when no keyframe held is at or before `time`, or when what is
    /// held ends before `time` (a later keyframe may lie between).
    func keyframe(at time: Double) -> (packet: Packet, time: Double, nextKeyframeTime: Double?)? {
        condition.withLock {
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
            guard let found, next != nil || end > time else { return nil }
            return (found.packet, found.time, next)
        }
    }

    private func time(of entry: Entry, atEnd: Bool = false) -> Double? {
        guard case .packet(let packet) = entry.item else { return nil }
        let p = packet.pointer.pointee
        let stamp = p.pts != vp_nopts_value() ? p.pts : p.dts
        guard stamp != vp_nopts_value() else { return nil }
        return Double(stamp + (atEnd ? max(p.duration, 0) : 0)) * secondsPerTick
    }

    private static func isKeyframe(_ entry: Entry) -> Bool {
        if case .packet(let packet) = entry.item { return packet.pointer.pointee.flags & AV_PKT_FLAG_KEY != 0 }
        return false
    }

    private static func isEnd(_ entry: Entry) -> Bool {
        if case .endOfStream = entry.item { return true }
        return false
    }

    private func append(_ item: Item, bytes: Int) {
        entries.append(Entry(item: item, bytes: bytes, serial: currentSerial, dropBefore: dropBefore))
        condition.signal()
    }
}

extension NSCondition {
    @inline(__always)
    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }
}
