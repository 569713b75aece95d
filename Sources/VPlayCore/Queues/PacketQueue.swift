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
/// `rewind`s the queue instead of reading the source again. What it holds is the current
/// range of the cache: a seek elsewhere `park`s it, a seek into a parked range `restore`s that
/// one, and reading on into a parked range `append`s it.
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
    private var run: PacketRun
    private var head = 0
    private var fill = Fill()
    private var currentSerial = 0
    private var dropBefore: Double?
    private var aborted = false
    private var holding = false
    private var awaitingRelease = false
    /// Keep taken entries (before `head`) for seeking back; else they are dropped at once.
    private let keepsTaken: Bool
    /// Bytes the taken packets kept keep in memory (`Packet.footprint`).
    private var backBytes = 0
    /// Told after each take, so a reader waiting for room can go on. Set before threads start.
    var onTake: (@Sendable () -> Void)?

    /// `secondsPerTick` converts packet durations and timestamps to seconds.
    init(secondsPerTick: Double, keepsTaken: Bool = false) {
        run = PacketRun(secondsPerTick: secondsPerTick)
        self.keepsTaken = keepsTaken
        run.entries.reserveCapacity(64)
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
            fill.duration += Double(packet.duration) * run.secondsPerTick
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
            run.entries.removeAll(keepingCapacity: true)
            start(serial: serial, dropBefore: target)
        }
    }

    /// Blocks until an entry is available; nil once aborted.
    func take() -> Entry? {
        defer { onTake?() }
        return condition.withLock { () -> Entry? in
            while head == run.entries.count && !aborted { condition.wait() }
            guard !aborted else { return nil }
            let entry = run.entries[head]
            head += 1
            if head == run.entries.count && !keepsTaken {
                run.entries.removeAll(keepingCapacity: true)
                head = 0
            }
            if case .packet(let packet) = entry.item {
                fill.count -= 1
                fill.bytes -= entry.bytes
                fill.duration -= Double(packet.duration) * run.secondsPerTick
                if keepsTaken { backBytes += entry.bytes }
            }
            return entry
        }
    }

    /// Wakes every waiter for good; used on shutdown.
    func abort() {
        condition.withLock {
            aborted = true
            run.entries.removeAll()
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
    var span: ClosedRange<Double>? { condition.withLock { run.span } }

    /// Where a seek to `target` (seconds) would start in what is kept (`PacketRun.seekIndex`).
    func rewindIndex(for target: Double, sparse: Bool) -> Int? {
        condition.withLock { run.seekIndex(for: target, sparse: sparse) }
    }

    /// Starts timeline `serial` at entry `index` of what is kept (from `rewindIndex`): the
    /// decoder takes the packets from there again, as after a flush, but none is read anew.
    func rewind(to index: Int, serial: Int, dropBefore target: Double?) {
        condition.withLock { restart(at: index, serial: serial, dropBefore: target) }
    }

    /// Hands over everything held, kept and queued, and starts timeline `serial` empty: the
    /// current range set aside by a seek elsewhere.
    func park(toSerial serial: Int, dropBefore target: Double?) -> PacketRun {
        condition.withLock {
            var parked = PacketRun(secondsPerTick: run.secondsPerTick)
            parked.entries.reserveCapacity(64)
            swap(&parked, &run)
            start(serial: serial, dropBefore: target)
            return parked
        }
    }

    /// Holds `parked` instead of what it holds, and starts timeline `serial` at its entry `index`
    /// (`PacketRun.seekIndex`): a seek into a parked range, which reads nothing.
    func restore(_ parked: PacketRun, at index: Int, serial: Int, dropBefore target: Double?) {
        condition.withLock {
            run.entries = parked.entries
            restart(at: index, serial: serial, dropBefore: target)
        }
    }

    /// Queues `parked`'s entries from `index` on, after what is queued: the reading has reached
    /// a parked range, which goes on from there without reading it again.
    func append(_ parked: PacketRun, from index: Int) {
        condition.withLock {
            guard !aborted, index < parked.entries.count else { return }
            run.entries.reserveCapacity(run.entries.count + parked.entries.count - index)
            for entry in parked.entries[index...] {
                if case .packet(let packet) = entry.item {
                    fill.count += 1
                    fill.bytes += entry.bytes
                    fill.duration += Double(packet.duration) * run.secondsPerTick
                }
                run.entries.append(Entry(item: entry.item, bytes: entry.bytes, serial: currentSerial, dropBefore: dropBefore))
            }
            condition.broadcast()
        }
    }

    /// The time (seconds) of the oldest packet kept behind the decoder, nil when none is.
    var oldestKeptTime: Double? {
        condition.withLock { head > 0 ? run.entries[..<head].lazy.compactMap { self.run.time(of: $0) }.first : nil }
    }

    /// Drops the oldest kept packets up to the next keyframe (so what stays starts with one);
    /// returns the bytes freed.
    @discardableResult
    func dropOldestKept() -> Int {
        condition.withLock {
            guard head > 0 else { return 0 }
            var end = 1
            while end < head && !PacketRun.isKeyframe(run.entries[end]) { end += 1 }
            let freed = run.entries[..<end].reduce(0) { $0 + $1.bytes }
            run.entries.removeFirst(end)
            head -= end
            backBytes -= freed
            return freed
        }
    }

    /// The last keyframe held (kept or queued) at or before `time`, with the time of the next
    /// one held (`PacketRun.keyframe(at:)`): what a seek-bar preview can decode without reading.
    func keyframe(at time: Double) -> (packet: Packet, time: Double, nextKeyframeTime: Double?)? {
        condition.withLock { run.keyframe(at: time) }
    }

    /// A new reference to every packet held, kept and queued, in order: a clip written from
    /// the cache owns these while the queue goes on.
    func copies() -> [Packet] {
        condition.withLock {
            run.entries.compactMap { entry in
                guard case .packet(let packet) = entry.item else { return nil }
                let copy = Packet()
                return av_packet_ref(copy.pointer, packet.pointer) >= 0 ? copy : nil
            }
        }
    }

    private func append(_ item: Item, bytes: Int) {
        run.entries.append(Entry(item: item, bytes: bytes, serial: currentSerial, dropBefore: dropBefore))
        condition.signal()
    }

    /// Starts timeline `serial` with nothing taken (under the lock).
    private func start(serial: Int, dropBefore target: Double?) {
        head = 0
        fill = Fill()
        backBytes = 0
        currentSerial = serial
        dropBefore = target
        condition.broadcast()
    }

    /// Starts timeline `serial` at entry `index` of what is held: what is before it counts as
    /// taken, what is from it on as queued on the new timeline (under the lock).
    private func restart(at index: Int, serial: Int, dropBefore target: Double?) {
        let index = min(index, run.entries.count)
        start(serial: serial, dropBefore: target)
        head = index
        for position in run.entries.indices {
            guard position >= index else {
                backBytes += run.entries[position].bytes
                continue
            }
            run.entries[position].serial = serial
            run.entries[position].dropBefore = target
            if case .packet(let packet) = run.entries[position].item {
                fill.count += 1
                fill.bytes += run.entries[position].bytes
                fill.duration += Double(packet.duration) * run.secondsPerTick
            }
        }
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
