import CFFmpeg
import Foundation

/// The demux thread: reads packets and routes them to the queues of the selected tracks,
/// keeping the queues bounded, and carries out seek requests (latest request wins).
/// Streams no track plays are discarded inside FFmpeg, never queued. When tracks change
/// while playing, the file is read again from the play position for the new stream, and
/// the streams that stay skip what they were already given. With a cache, a seek outside what
/// the queues hold parks it (`DemuxCache`), and a seek into a parked range takes it up again:
/// reading goes on after its end only once more is wanted.
final class Demuxer: @unchecked Sendable {
    struct SeekRequest: Equatable, Sendable {
        /// Seconds on the media timeline (file start time already added).
        var target: Double
        var precision: SeekPrecision
    }

    /// Where each selected stream's packets go. Sparse streams (subtitles) may have no
    /// packet for minutes: they never hold reading back, nor count as short of packets.
    struct Routes {
        var queues: [Int: PacketQueue] = [:]
        var sparse: Set<Int> = []
    }

    /// ffplay's figures: stop reading past 15 MiB in all; a stream has enough with
    /// more than 25 packets lasting more than a second.
    static let maxQueuedBytes = 15 * 1024 * 1024
    static let enoughPackets = 25
    static let enoughSeconds = 1.0

    private let file: MediaFile
    /// The main file and the files adding tracks to it, read in time order: the demux
    /// thread's own list, and the one other threads see (under `condition`), which files
    /// added while playing join first.
    private var reading: DemuxerInputs
    private var shared: DemuxerInputs
    var inputs: DemuxerInputs { condition.withLock { shared } }
    /// Reads the inputs in time order once there are several.
    private var interleaved: InterleavedReader?
    /// Nil without a cache (ffplay's small read-ahead, nothing kept behind).
    private let cache: DemuxCache?
    /// Ranges are parked only when the source can be read again after them.
    private let parksRanges: Bool
    private let condition = NSCondition()
    // Shared with other threads, under `condition`.
    private var pendingSeek: SeekRequest?
    private var pendingRoutes: (routes: Routes, refreshAt: Double?)?
    /// Files added while playing, with the position (media seconds) to read them from.
    private var pendingInputs: [(file: MediaFile, position: Double)] = []
    /// Input numbers removed while playing, to be let go of by the demux thread.
    private var pendingRemovals: [Int] = []
    private var pendingClipCopies: [ClipCopyRequest] = []
    /// The cache reads ahead to its limits only once playback has started (after the open, and
    /// after a seek that reads the source again): until then it reads what a player without a
    /// cache would, so that the first picture's decoding has the CPU to itself.
    private var readsAhead = false
    private var stopping = false
    private var reachedEnd = false
    /// Why a network source stopped delivering (the server went away, `--network-timeout`).
    private var failureMessage: String?
    /// Published by the demux thread after each packet and seek.
    private var cacheStatus = DemuxCacheStatus()
    private var bytesRead = 0
    /// A radio's current song (ICY `StreamTitle`), looked at every `titlePackets` packets.
    private var liveTitle: String?
    private var packetsSinceTitle = 0
    private static let titlePackets = 50
    private var seeksRequested = 0
    private var seeksCompleted = 0
    /// The current timeline: written only by the demux thread, under `condition`.
    private var serial = 0
    private var started = false
    // The demux thread's own (set before it starts, then only there).
    private var routes = Routes()
    private var readErrors = 0
    /// The last packet queued per stream, and the streams skipping what they already had
    /// after a refresh.
    private var lastQueued: [Int: PacketMark] = [:]
    private var catchingUp: [Int: PacketMark] = [:]
    private var endSent: Set<Int> = []
    /// Where the source is to be read again from before the next read: after a range taken up
    /// from the cache (media seconds).
    private var resumeAt: Double?
    private let done = DispatchSemaphore(value: 0)
    /// Told the serial and target after a seek has flushed the queues.
    private let onSeekDone: @Sendable (Int, SeekRequest) -> Void

    /// `added`: files whose streams join the main file's (`DemuxerInputs`). The cache holds the
    /// packets of every stream that plays, whichever file it comes from; reading again after a
    /// parked range seeks every file.
    init(file: MediaFile, added: [MediaFile] = [], cache: DemuxCacheLimits? = nil,
         onSeekDone: @escaping @Sendable (Int, SeekRequest) -> Void) {
        self.file = file
        reading = DemuxerInputs(main: file, added: added)
        shared = reading
        interleaved = added.isEmpty ? nil : InterleavedReader(reading)
        self.cache = cache.map { DemuxCache(limits: $0) }
        parksRanges = cache != nil && file.isSeekable
        self.onSeekDone = onSeekDone
        apply(Routes())
    }

    /// A queue for stream `index` on the current timeline, waking this thread as it drains.
    func makeQueue(for index: Int) -> PacketQueue {
        let queue = PacketQueue(secondsPerTick: av_q2d(inputs.stream(index).pointee.time_base), keepsTaken: cache != nil)
        queue.flush(toSerial: condition.withLock { serial })
        queue.onTake = { [weak self] in self?.poke() }
        return queue
    }

    /// Sets which streams are read and where they go. While playing, `refreshAt` (media
    /// seconds, the play position) reads the file again from there so that a newly selected
    /// stream starts where playback is instead of where reading had got to.
    func setRoutes(_ routes: Routes, refreshAt position: Double? = nil) {
        condition.withLock {
            guard started else {
                apply(routes)
                return
            }
            pendingRoutes = (routes, position)
            condition.signal()
        }
    }

    func start() {
        let thread = Thread { [self] in
            run()
            done.signal()
        }
        thread.name = "vplay.demux"
        condition.withLock { started = true }
        thread.start()
    }

    /// Adds the streams of `added` to the item while it plays (`audio-add`), read from
    /// `position` (media seconds) once one of them is routed. Returns the input number their
    /// indices are made from (`DemuxerInputs.index`).
    func add(_ added: MediaFile, at position: Double) -> Int {
        condition.withLock {
            pendingInputs.append((added, position))
            condition.signal()
            return shared.append(added)
        }
    }

    /// Closes input `input` (`audio-remove`): it is read no more, and the file, with its
    /// connection, closes once the demux thread has let go of it. Its streams must be routed
    /// nowhere by then (`setRoutes` first).
    func remove(input: Int) {
        condition.withLock {
            shared.remove(input)
            pendingRemovals.append(input)
            condition.signal()
        }
    }

    /// Replaces any seek not yet started: a drag or a held key never queues stale seeks.
    func requestSeek(_ request: SeekRequest) {
        condition.withLock {
            pendingSeek = request
            seeksRequested += 1
            condition.signal()
        }
    }

    /// Copies of the packets the cache holds, made on the demux thread between two reads
    /// (`ClipCopyRequest.wait`).
    func requestClipCopy() -> ClipCopyRequest {
        let request = ClipCopyRequest()
        condition.withLock {
            if stopping {
                request.fulfil(nil)
            } else {
                pendingClipCopies.append(request)
                condition.signal()
            }
        }
        return request
    }

    /// Playback has started: the cache may fill up to its limits.
    func startReadingAhead() {
        condition.withLock {
            readsAhead = true
            condition.signal()
        }
    }

    /// Wakes the thread when a decoder freed room in a queue.
    private func poke() {
        condition.withLock { condition.signal() }
    }

    var isAtEnd: Bool { condition.withLock { reachedEnd && pendingSeek == nil && pendingRoutes == nil } }
    /// The song a network radio says is playing now; nil for anything else.
    var streamTitle: String? { condition.withLock { liveTitle } }

    /// What the cache holds now (all zero without a cache).
    var cacheState: DemuxCacheStatus { condition.withLock { cacheStatus } }

    /// Set when the source failed for good rather than ended; cleared by a seek that reads again.
    var failure: String? { condition.withLock { failureMessage } }
    /// The serial of the last finished seek, or nil while one is still to be carried out.
    var settledSerial: Int? {
        condition.withLock { seeksCompleted == seeksRequested ? serial : nil }
    }

    /// Stops the thread, waiting at most `stopGrace` for it. A read blocked in the system (a
    /// pipe whose writer went quiet) cannot be interrupted: the thread is then left to end by
    /// itself once the read returns, keeping the file and queues it uses alive until then.
    func stop() {
        let wasStarted = condition.withLock {
            stopping = true
            for request in pendingClipCopies { request.fulfil(nil) }
            pendingClipCopies = []
            condition.signal()
            return started
        }
        for input in inputs.files { input.interruptBlockingCalls() }
        if wasStarted { _ = done.wait(timeout: .now() + Self.stopGrace) }
    }

    /// Ample for a read from a local disk to finish; short enough that quitting feels immediate.
    static let stopGrace: DispatchTimeInterval = .milliseconds(250)

    private func run() {
        let packet = Packet()
        while true {
            var seek: SeekRequest?
            var newRoutes: (routes: Routes, refreshAt: Double?)?
            var added: [(file: MediaFile, position: Double)] = []
            var removed: [Int] = []
            var mustWait = false
            var clipCopies: [ClipCopyRequest] = []
            let keepGoing = condition.withLock { () -> Bool in
                clipCopies = pendingClipCopies
                pendingClipCopies = []
                if stopping { return false }
                seek = pendingSeek
                pendingSeek = nil
                newRoutes = pendingRoutes
                pendingRoutes = nil
                added = pendingInputs
                pendingInputs.removeAll()
                removed = pendingRemovals
                pendingRemovals.removeAll()
                if seek == nil && newRoutes == nil && added.isEmpty && removed.isEmpty && clipCopies.isEmpty {
                    mustWait = reachedEnd || queuesHaveEnough()
                    if mustWait {
                        // Sleep until a seek, a stop, or a decoder takes a packet: no polling,
                        // so a paused player costs nothing here.
                        condition.wait()
                    }
                }
                return true
            }
            if !keepGoing {
                for request in clipCopies { request.fulfil(nil) }
                return
            }
            for request in clipCopies { request.fulfil(Self.copyTracks(routes, inputs: inputs)) }
            if !clipCopies.isEmpty && seek == nil && newRoutes == nil && added.isEmpty && removed.isEmpty { continue }
            // Before the routes: they may name the new files' streams.
            if !added.isEmpty { take(added) }
            if let newRoutes {
                let kept = Set(routes.queues.keys).intersection(newRoutes.routes.queues.keys)
                apply(newRoutes.routes, startingAt: seek == nil ? newRoutes.refreshAt : nil)
                // A seek replaces the refresh: it reads every stream from its target anyway.
                if let position = newRoutes.refreshAt, seek == nil { refresh(at: position, keeping: kept) }
            }
            // After the routes: they no longer name the removed files' streams.
            if !removed.isEmpty { drop(removed) }
            if let seek {
                perform(seek)
                continue
            }
            // Woken by a decoder taking a packet: what the cache holds has moved.
            if mustWait { updateCache() }
            if newRoutes != nil || mustWait || !added.isEmpty || !removed.isEmpty { continue }
            if let position = resumeAt {
                resumeAt = nil
                condition.withLock { failureMessage = nil }
                readAgain(from: position, keeping: Set(routes.queues.keys))
            }
            read(into: packet)
        }
    }

    /// Routes packets to `newRoutes`. A queue new to them joins the current timeline (a seek
    /// may have finished since it was made); from `position` on, when it starts mid-play.
    private func apply(_ newRoutes: Routes, startingAt position: Double? = nil) {
        for (index, queue) in newRoutes.queues where routes.queues[index] !== queue {
            queue.flush(toSerial: serial, dropBefore: position)
        }
        routes = newRoutes
        interleaved?.routed = Set(newRoutes.queues.keys.map { DemuxerInputs.locate($0).input })
        for (input, slot) in reading.slots.enumerated() {
            guard let media = slot else { continue }
            for local in 0..<Int(media.context.pointee.nb_streams) {
                let index = DemuxerInputs.index(input: input, local: local)
                media.stream(local).pointee.discard = newRoutes.queues[index] == nil ? AVDISCARD_ALL : AVDISCARD_DEFAULT
            }
        }
        lastQueued = lastQueued.filter { newRoutes.queues[$0.key] != nil }
        catchingUp = catchingUp.filter { newRoutes.queues[$0.key] != nil }
        cache?.restrict(to: newRoutes)
    }

    /// Reads again from `position` (or from where a kept stream's queue ends, if earlier) for
    /// the streams just selected; the kept ones skip what they were already given.
    private func refresh(at position: Double, keeping kept: Set<Int>) {
        var target = position
        for index in kept {
            guard let mark = lastQueued[index], mark.dts != vp_nopts_value() else { continue }
            target = min(target, MediaFile.seconds(mark.dts, reading.stream(index).pointee.time_base))
        }
        resumeAt = nil
        readAgain(from: target, keeping: kept)
    }

    /// Reads the source again from the keyframe at or before `position`: the streams in `kept`
    /// skip what they were already given.
    private func readAgain(from position: Double, keeping kept: Set<Int>) {
        let timestamp = Int64((position * Double(vp_time_base())).rounded(.down))
        file.blockingCalls.limit(to: file.callTimeout)
        guard avformat_seek_file(file.context, -1, Int64.min, timestamp, timestamp, 0) >= 0 else { return }
        seekAddedInputs(to: timestamp)
        for index in kept {
            if let mark = lastQueued[index] { catchingUp[index] = mark }
        }
        // Streams that had their end of stream keep it; the new ones get theirs at the end.
        endSent.formIntersection(kept)
        condition.withLock { reachedEnd = false }
    }

    private func queuesHaveEnough() -> Bool {
        var bytes = 0
        var allEnough = true
        let limits = readsAhead ? cache?.limits : nil
        let enoughSeconds = limits?.readAheadSeconds ?? Self.enoughSeconds
        for (index, queue) in routes.queues {
            let fill = queue.currentFill
            bytes += fill.bytes
            if routes.sparse.contains(index) { continue }
            if !(fill.count > Self.enoughPackets && (fill.duration == 0 || fill.duration > enoughSeconds)) {
                allEnough = false
            }
        }
        return bytes > (limits?.maxBytes ?? Self.maxQueuedBytes) || allEnough
    }

    // MARK: the cache

    /// Joins a parked range the reading has reached, keeps the cache within its limits, and
    /// publishes what it holds.
    private func updateCache() {
        guard let cache else { return }
        if let joined = cache.joinReached(routes, marks: lastQueued, ended: condition.withLock { reachedEnd }) {
            takeUp(joined)
        }
        var status = cache.status(routes, kept: cache.trim(routes))
        status.bytesRead = bytesRead
        condition.withLock {
            status.reachedEnd = reachedEnd
            cacheStatus = status
        }
    }

    /// Reading goes on after a range taken up from the cache: each stream skips what it holds,
    /// and the source is read again from where the range ends once more is wanted, unless it
    /// was read to its end.
    private func takeUp(_ resumption: DemuxCache.Resumption) {
        lastQueued = resumption.marks.filter { routes.queues[$0.key] != nil }
        catchingUp.removeAll()
        endSent = resumption.ended
        condition.withLock { reachedEnd = resumption.reachedEnd }
        resumeAt = resumption.reachedEnd ? nil : resumption.readFrom
    }

    private func read(into packet: Packet) {
        let index: Int
        if let interleaved {
            guard let next = readInOrder(interleaved, into: packet) else { return }
            index = next
        } else {
            guard readMain(into: packet) else { return }
            index = packet.streamIndex
        }
        guard let queue = routes.queues[index] else {
            av_packet_unref(packet.pointer)
            return
        }
        if let mark = catchingUp[index] {
            if mark.covers(packet.pointer) {
                av_packet_unref(packet.pointer)
                return
            }
            catchingUp[index] = nil
        }
        lastQueued[index] = PacketMark(packet.pointer)
        let owned = Packet()
        av_packet_move_ref(owned.pointer, packet.pointer)
        bytesRead += owned.size
        queue.put(owned)
        updateCache()
    }

    /// Reads the earliest packet of the inputs into `packet`, returning its stream's index in
    /// the item; nil when there was none (the end, a failure, damaged data).
    private func readInOrder(_ reader: InterleavedReader, into packet: Packet) -> Int? {
        switch reader.read(into: packet) {
        case .packet(let index):
            readErrors = 0
            if file.location.isNetwork { followStreamTitle() }
            return index
        case .end:
            endOfStream()
        case .error(let input, let status):
            if input == 0, let failure = networkFailure(status) {
                condition.withLock { failureMessage = failure }
                endOfStream()
            } else {
                readErrors += 1
                if readErrors > 1000 {
                    reader.end(input)
                    readErrors = 0
                }
            }
        }
        return nil
    }

    /// Reads the main file's next packet into `packet`; false when there was none (its end,
    /// a failure, damaged data).
    private func readMain(into packet: Packet) -> Bool {
        file.blockingCalls.limit(to: file.callTimeout)
        let status = av_read_frame(file.context, packet.pointer)
        if status < 0 {
            if let failure = networkFailure(status) {
                condition.withLock { failureMessage = failure }
                endOfStream()
            } else if status == FFmpegError.endOfFile || avio_feof(file.context.pointee.pb) != 0 {
                endOfStream()
            } else {
                // A damaged region: count it and read on.
                readErrors += 1
                if readErrors > 1000 { endOfStream() }
            }
            return false
        }
        readErrors = 0
        if file.location.isNetwork { followStreamTitle() }
        return true
    }

    /// Reads the connection's ICY metadata now and then: it changes with each song.
    private func followStreamTitle() {
        packetsSinceTitle += 1
        guard packetsSinceTitle >= Self.titlePackets else { return }
        packetsSinceTitle = 0
        let title = file.streamTitle
        condition.withLock { liveTitle = title }
    }

    /// What went wrong when a network source's read failed for a reason other than its end or
    /// damaged data: the connection lost past reconnecting, or silent past the timeout.
    private func networkFailure(_ status: Int32) -> String? {
        guard file.location.isNetwork, !file.interrupt.isRaised else { return nil }
        if file.blockingCalls.hasTimedOut { return MediaFile.timeoutMessage(file.callTimeout) }
        if let pb = file.context.pointee.pb, pb.pointee.error < 0, pb.pointee.error != FFmpegError.endOfFile {
            return FFmpegError.message(pb.pointee.error)
        }
        guard status != FFmpegError.endOfFile, status != FFmpegError.invalidData, status != FFmpegError.again else { return nil }
        return FFmpegError.message(status)
    }

    private func endOfStream() {
        for (index, queue) in routes.queues where !endSent.contains(index) {
            queue.putEndOfStream()
            endSent.insert(index)
        }
        condition.withLock { reachedEnd = true }
        updateCache()
    }

    private func perform(_ request: SeekRequest) {
        let newSerial = condition.withLock { serial + 1 }
        let dropBefore = request.precision == .exact ? request.target : nil
        if cache?.rewind(request.target, routes, serial: newSerial, dropBefore: dropBefore) == true {
            finishSeek(request, serial: newSerial)
            return
        }
        // What a failed source delivered last may be cut short: it is not kept for later.
        let parks = condition.withLock {
            defer { failureMessage = nil }
            return parksRanges && failureMessage == nil
        }
        if let resumption = cache?.restore(request.target, routes, serial: newSerial, dropBefore: dropBefore, keepingCurrent: parks) {
            takeUp(resumption)
            finishSeek(request, serial: newSerial)
            return
        }
        file.blockingCalls.limit(to: file.callTimeout)
        let timestamp = Int64((request.target * Double(vp_time_base())).rounded())
        // Keyframe at or before the target: exact seeks decode forward from it.
        var status = avformat_seek_file(file.context, -1, Int64.min, timestamp, timestamp, 0)
        if status < 0 {
            status = avformat_seek_file(file.context, -1, Int64.min, timestamp, Int64.max, 0)
        }
        seekAddedInputs(to: timestamp)
        if let cache, parks {
            cache.park(routes, serial: newSerial, dropBefore: dropBefore)
        } else {
            for queue in routes.queues.values { queue.flush(toSerial: newSerial, dropBefore: dropBefore) }
        }
        lastQueued.removeAll()
        catchingUp.removeAll()
        endSent.removeAll()
        resumeAt = nil
        condition.withLock {
            reachedEnd = false
            readsAhead = false
        }
        finishSeek(request, serial: newSerial)
    }

    /// The added inputs follow the main file to `timestamp` (`AV_TIME_BASE` units).
    private func seekAddedInputs(to timestamp: Int64) {
        interleaved?.seekAdded(to: timestamp)
    }

    /// Files added while playing join the inputs, their streams discarded until routed.
    private func take(_ added: [(file: MediaFile, position: Double)]) {
        let reader = interleaved ?? InterleavedReader(reading)
        for (media, position) in added {
            _ = reading.append(media)
            reader.add(media, at: position)
        }
        interleaved = reader
        apply(routes)
    }

    /// Lets go of removed inputs: nothing more is read from them, and whatever of their
    /// streams was still routed goes nowhere.
    private func drop(_ removed: [Int]) {
        let gone = Set(removed)
        for input in removed {
            reading.remove(input)
            interleaved?.remove(input)
        }
        var kept = routes
        kept.queues = kept.queues.filter { !gone.contains(DemuxerInputs.locate($0.key).input) }
        kept.sparse = kept.sparse.filter { !gone.contains(DemuxerInputs.locate($0).input) }
        apply(kept)
    }

    /// Starts timeline `newSerial` once the queues hold what follows the seek's target.
    private func finishSeek(_ request: SeekRequest, serial newSerial: Int) {
        condition.withLock {
            serial = newSerial
            // Requests that arrived meanwhile were folded into this one, or are pending.
            seeksCompleted = seeksRequested - (pendingSeek == nil ? 0 : 1)
        }
        updateCache()
        onSeekDone(newSerial, request)
    }
}
