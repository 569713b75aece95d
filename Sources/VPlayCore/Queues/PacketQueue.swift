import Foundation

/// A blocking FIFO of packets for one stream, between the demux thread and a decoder.
///
/// Every flush (a seek) bumps `serial`; items and frames carry the serial they were
/// queued under, so anything older than the current serial is known to be stale
/// everywhere downstream without chasing it.
final class PacketQueue: @unchecked Sendable {
    enum Item {
        case packet(Packet)
        /// No more packets until the next flush: the decoder drains.
        case endOfStream
    }

    struct Entry {
        let item: Item
        let serial: Int
        /// Frames ending at or before this time (seconds) are dropped: an exact seek's target.
        let dropBefore: Double?
    }

    /// What the demuxer needs to decide whether a stream has enough buffered.
    struct Fill: Equatable {
        var count = 0
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
    /// Told after each take, so a reader waiting for room can go on. Set before threads start.
    var onTake: (@Sendable () -> Void)?

    /// `secondsPerTick` converts packet durations to seconds.
    init(secondsPerTick: Double) {
        self.secondsPerTick = secondsPerTick
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
            fill.count += 1
            fill.bytes += packet.size
            fill.duration += Double(packet.duration) * secondsPerTick
            append(.packet(packet))
        }
    }

    func putEndOfStream() {
        condition.withLock {
            guard !aborted else { return }
            append(.endOfStream)
        }
    }

    /// Drops everything queued and starts timeline `serial` (the demuxer numbers timelines
    /// for all its queues alike, so a queue that joins later takes the current one).
    func flush(toSerial serial: Int, dropBefore target: Double? = nil) {
        condition.withLock {
            entries.removeAll(keepingCapacity: true)
            head = 0
            fill = Fill()
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
            if head == entries.count {
                entries.removeAll(keepingCapacity: true)
                head = 0
            }
            if case .packet(let packet) = entry.item {
                fill.count -= 1
                fill.bytes -= packet.size
                fill.duration -= Double(packet.duration) * secondsPerTick
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
            condition.broadcast()
        }
    }

    private func append(_ item: Item) {
        entries.append(Entry(item: item, serial: currentSerial, dropBefore: dropBefore))
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
