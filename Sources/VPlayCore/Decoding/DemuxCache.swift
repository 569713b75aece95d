/// The demuxer cache's ranges, kept by the demux thread alone. The current range lives in the
/// stream queues (packets kept behind the decoders, and queued ahead of them). A seek outside
/// it parks it here whole, so that a later seek into it reads nothing; reading on into a parked
/// range joins that range to the current one instead of reading it again (mpv's cached ranges).
final class DemuxCache {
    /// A range set aside: each played stream's packets.
    struct ParkedRange {
        var runs: [Int: PacketRun]
        /// What the packets keep in memory.
        let bytes: Int
        /// Where a seek into it costs no read, over the streams that play.
        let span: ClosedRange<Double>?

        init(runs: [Int: PacketRun], sparse: Set<Int>) {
            self.runs = runs
            bytes = runs.values.reduce(0) { $0 + $1.bytes }
            var common = CommonSpan()
            for (index, run) in runs where !sparse.contains(index) { common.add(run.span) }
            span = common.range
        }
    }

    /// Where the reading stands after a range was taken up (restored by a seek, or joined).
    struct Resumption {
        /// Each stream's last packet queued now: the source gives it again when read on.
        var marks: [Int: PacketMark]
        /// The streams whose packets end with the end of the stream.
        var ended: Set<Int>
        /// Every stream ended: nothing is left to read.
        var reachedEnd: Bool
        /// Where reading the source on is to start (seconds): the earliest of the played
        /// streams' last keyframes in the range (sparse ones aside).
        var readFrom: Double?
    }

    let limits: DemuxCacheLimits
    /// Least recently used first.
    private(set) var parked: [ParkedRange] = []
    /// The parked ranges' spans and bytes, remade when they change rather than per packet.
    private var parkedSpans: [ClosedRange<Double>] = []
    private var parkedBytes = 0

    init(limits: DemuxCacheLimits) {
        self.limits = limits
    }

    /// Sets the current range aside (a seek outside it): the queues hand over their packets and
    /// start timeline `serial` empty.
    func park(_ routes: Demuxer.Routes, serial: Int, dropBefore: Double?) {
        var runs: [Int: PacketRun] = [:]
        for (index, queue) in routes.queues { runs[index] = queue.park(toSerial: serial, dropBefore: dropBefore) }
        let range = ParkedRange(runs: runs, sparse: routes.sparse)
        guard range.span != nil else { return }
        parked.append(range)
        parkedChanged()
    }

    /// A seek inside the current range, when every stream that plays has what it needs there:
    /// the queues go back (or forward) among their packets on timeline `serial`, and nothing is
    /// read. False when some stream lacks it.
    func rewind(_ target: Double, _ routes: Demuxer.Routes, serial: Int, dropBefore: Double?) -> Bool {
        guard !routes.queues.isEmpty else { return false }
        var starts: [(PacketQueue, Int)] = []
        for (index, queue) in routes.queues {
            guard let start = queue.rewindIndex(for: target, sparse: routes.sparse.contains(index)) else { return false }
            starts.append((queue, start))
        }
        for (queue, start) in starts { queue.rewind(to: start, serial: serial, dropBefore: dropBefore) }
        return true
    }

    /// A seek outside the current range: when a parked range holds `target` for every stream that
    /// plays, it becomes the current one and the queues start at the target's keyframe on
    /// timeline `serial`. The current range is parked in its place when `keepingCurrent`, else
    /// dropped. Nil when no parked range holds the target.
    func restore(_ target: Double, _ routes: Demuxer.Routes, serial: Int, dropBefore: Double?,
                 keepingCurrent: Bool) -> Resumption? {
        guard let (position, starts) = parkedRange(holding: target, routes) else { return nil }
        let range = parked.remove(at: position)
        parkedChanged()
        if keepingCurrent {
            park(routes, serial: serial, dropBefore: dropBefore)
        } else {
            for queue in routes.queues.values { queue.flush(toSerial: serial, dropBefore: dropBefore) }
        }
        for (queue, run, start) in starts { queue.restore(run, at: start, serial: serial, dropBefore: dropBefore) }
        return Resumption(range, routes, marks: [:])
    }

    /// After reading: joins to the current range the nearest parked range that begins inside it,
    /// once every played stream has read into it (the queues go on with its packets after the
    /// last one read). A range that begins inside but cannot be joined (it lacks the packets read
    /// last: it lies wholly inside, or the source gave other packets) is dropped, as is one inside
    /// a current range that `ended`. `marks` are the streams' last packets read. Nil when none
    /// was joined.
    func joinReached(_ routes: Demuxer.Routes, marks: [Int: PacketMark], ended: Bool) -> Resumption? {
        guard !parked.isEmpty, let current = currentSpan(routes) else { return nil }
        var nearest: (position: Int, start: Double)?
        for (position, range) in parked.enumerated() {
            guard let start = range.span?.lowerBound, start >= current.lowerBound, start < current.upperBound,
                  start < nearest?.start ?? .infinity else { continue }
            nearest = (position, start)
        }
        guard let position = nearest?.position else { return nil }
        guard !ended, let starts = joinPoints(parked[position], routes, marks: marks) else {
            drop(at: position)
            return nil
        }
        guard !starts.isEmpty else { return nil }
        let range = parked.remove(at: position)
        parkedChanged()
        var joined = marks
        for (index, queue) in routes.queues {
            guard let run = range.runs[index], let start = starts[index] else { continue }
            queue.append(run, from: start)
            if run.entries[start...].contains(where: PacketRun.isPacket), let mark = run.lastMark { joined[index] = mark }
        }
        return Resumption(range, routes, marks: joined)
    }

    /// Keeps what is behind the decoders within `--demuxer-max-back-bytes`: the parked ranges
    /// count there whole and go first, least recently used first; then the current range's
    /// oldest packets, whichever stream they belong to. Returns the bytes kept behind.
    func trim(_ routes: Demuxer.Routes) -> Int {
        var kept = parkedBytes
        for queue in routes.queues.values { kept += queue.keptBytes }
        while kept > limits.maxBackBytes, !parked.isEmpty {
            kept -= parked[0].bytes
            drop(at: 0)
        }
        while kept > limits.maxBackBytes {
            var oldest: (queue: PacketQueue, time: Double)?
            for queue in routes.queues.values {
                guard let time = queue.oldestKeptTime, time < oldest?.time ?? .infinity else { continue }
                oldest = (queue, time)
            }
            guard let queue = oldest?.queue else { break }
            let freed = queue.dropOldestKept()
            if freed == 0 { break }
            kept -= freed
        }
        return kept
    }

    /// What the cache holds; `kept` is from `trim`.
    func status(_ routes: Demuxer.Routes, kept: Int) -> DemuxCacheStatus {
        var status = DemuxCacheStatus()
        status.range = currentSpan(routes)
        status.parkedRanges = parkedSpans
        for queue in routes.queues.values { status.forwardBytes += queue.currentFill.bytes }
        status.keptBytes = kept
        return status
    }

    /// The streams that play changed: parked ranges keep only their packets, and those missing
    /// one of them are dropped (they could not serve a seek).
    func restrict(to routes: Demuxer.Routes) {
        guard !parked.isEmpty else { return }
        parked = parked.compactMap { range in
            guard routes.queues.keys.allSatisfy({ range.runs[$0] != nil }) else { return nil }
            let range = ParkedRange(runs: range.runs.filter { routes.queues[$0.key] != nil }, sparse: routes.sparse)
            return range.span == nil ? nil : range
        }
        parkedChanged()
    }

    /// The current range: from the latest first keyframe to the earliest end over the streams
    /// that play (sparse ones aside).
    private func currentSpan(_ routes: Demuxer.Routes) -> ClosedRange<Double>? {
        var common = CommonSpan()
        for (index, queue) in routes.queues where !routes.sparse.contains(index) { common.add(queue.span) }
        return common.range
    }

    /// The most recently used parked range holding `target` for every stream that plays, with
    /// where each queue would start in it.
    private func parkedRange(holding target: Double, _ routes: Demuxer.Routes)
        -> (position: Int, starts: [(PacketQueue, PacketRun, Int)])? {
        ranges: for position in parked.indices.reversed() {
            var starts: [(PacketQueue, PacketRun, Int)] = []
            for (index, queue) in routes.queues {
                guard let run = parked[position].runs[index],
                      let start = run.seekIndex(for: target, sparse: routes.sparse.contains(index)) else { continue ranges }
                starts.append((queue, run, start))
            }
            return starts.isEmpty ? nil : (position, starts)
        }
        return nil
    }

    /// Where each played stream goes on in `range` after its packet `marks` names; empty while
    /// a stream has not read into it yet, nil when it cannot be joined.
    private func joinPoints(_ range: ParkedRange, _ routes: Demuxer.Routes, marks: [Int: PacketMark]) -> [Int: Int]? {
        var starts: [Int: Int] = [:]
        for index in routes.queues.keys {
            guard let run = range.runs[index] else { return nil }
            if routes.sparse.contains(index) {
                starts[index] = run.index(past: marks[index])
                continue
            }
            guard let mark = marks[index], !run.startsAfter(mark) else { return [:] }
            guard let start = run.index(after: mark) else { return nil }
            starts[index] = start
        }
        return starts
    }

    private func drop(at position: Int) {
        parked.remove(at: position)
        parkedChanged()
    }

    private func parkedChanged() {
        parkedSpans = parked.compactMap(\.span)
        parkedBytes = parked.reduce(0) { $0 + $1.bytes }
    }
}

extension DemuxCache.Resumption {
    /// Reading stands at the end of `range`; `marks` (the last packets read) for streams it adds
    /// nothing to.
    fileprivate init(_ range: DemuxCache.ParkedRange, _ routes: Demuxer.Routes, marks: [Int: PacketMark]) {
        self.marks = marks
        for (index, run) in range.runs where self.marks[index] == nil {
            if let mark = run.lastMark { self.marks[index] = mark }
        }
        ended = Set(range.runs.filter { $0.value.endsWithEndOfStream }.keys)
        reachedEnd = routes.queues.keys.allSatisfy(ended.contains)
        for (index, run) in range.runs where !routes.sparse.contains(index) {
            guard let time = run.lastKeyframeTime else { continue }
            readFrom = min(readFrom ?? .infinity, time)
        }
    }
}
