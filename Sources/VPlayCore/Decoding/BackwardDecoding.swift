import CFFmpeg
import Foundation

/// Decodes one video stream backwards on a thread of its own, with its own open of the
/// source: span after span as `BackwardPlan` says, each handed to the main loop whole, its
/// frames latest first. Frames come from a fixed pool (`BackwardPlan.framesInMemory`): the
/// span on screen, the next one, and the picture up; the thread waits for the pool rather
/// than grow it. With `sound`, each span's sound is decoded too, turned round and queued
/// once the span is handed over (see `StretchSoundReader`).
final class BackwardDecoding: @unchecked Sendable {
    /// A decoded span, its frames in the order they go up.
    struct Span {
        var frames: [Frame]
        var serial: Int
    }

    private let condition = NSCondition()
    private var pool: [Frame]
    private var ready: Span?
    private var plan: BackwardPlan?
    private var serial = 0
    private var aborted = false
    private var failure: String?
    private let limit: Int
    private let path: String
    private let options: PlayerOptions
    private let streamIndex: Int
    private let picture: SharedPictureSettings
    /// Guarded by `condition`; `soundChanged` tells the thread to take up another.
    private var currentSound: BackwardSound?
    private var soundChanged = false
    private let interrupt = InterruptFlag()
    private let wake: @Sendable () -> Void
    private let warn: @Sendable (String) -> Void
    private let done = DispatchSemaphore(value: 0)
    /// Packets read for one span before it is cut short (a broken index, a stream without
    /// keyframes): playing on matters more than every frame.
    static let packetLimit = 3_000

    /// Frames kept in all, for a picture of `width`×`height` (8-bit 4:2:0, or about as large).
    static func framesInMemory(width: Int, height: Int) -> Int {
        BackwardPlan.framesInMemory(frameBytes: width * height * 3 / 2, budget: memoryBudget)
    }

    /// Decoded pictures held for playing backwards, in bytes: two spans of 33 frames and the
    /// picture up at 1080p.
    static let memoryBudget = 200 << 20

    init(path: String, options: PlayerOptions, streamIndex: Int, width: Int, height: Int,
         picture: SharedPictureSettings, sound: BackwardSound?,
         wake: @escaping @Sendable () -> Void, warn: @escaping @Sendable (String) -> Void) {
        self.path = path
        self.options = options
        self.streamIndex = streamIndex
        self.picture = picture
        currentSound = sound
        self.wake = wake
        self.warn = warn
        let total = Self.framesInMemory(width: width, height: height)
        limit = BackwardPlan.spanLimit(framesInMemory: total)
        pool = (0..<total).map { _ in Frame() }
    }

    func start() {
        let thread = Thread { [self] in
            run()
            done.signal()
        }
        thread.name = "vplay.backward"
        thread.start()
    }

    /// Ends the thread and waits for it; the frames it holds go with it.
    func stop() {
        let first = condition.withLock {
            defer { aborted = true; condition.broadcast() }
            return !aborted
        }
        guard first else { return }
        sound?.stop()
        interrupt.raise()
        done.wait()
    }

    /// Plays backwards from the frame covering `time` (seconds, the stream's timeline): the
    /// spans planned or decoded so far are forgotten. Returns the new serial.
    @discardableResult
    func restart(at time: Double, fileStart: Double) -> Int {
        condition.withLock {
            serial += 1
            currentSound?.restart(serial: serial)
            plan = BackwardPlan(from: time, fileStart: fileStart, limit: limit)
            if let old = ready { old.frames.forEach(recycleLocked) }
            ready = nil
            condition.broadcast()
            return serial
        }
    }

    /// The next span, if decoded; nil while it is being decoded (or when none is left).
    func takeSpan() -> Span? {
        condition.withLock {
            defer { ready = nil; condition.broadcast() }
            return ready
        }
    }

    /// Nothing before the spans handed out is left: the start is reached.
    func hasReachedStart(serial: Int) -> Bool {
        condition.withLock { serial == self.serial && ready == nil && (plan?.isFinished ?? true) }
    }

    /// The sound turned round; nil when playing backwards in silence.
    var sound: BackwardSound? { condition.withLock { currentSound } }

    /// Plays `sound` (another track's, or none) from the next restart on.
    func setSound(_ sound: BackwardSound?) {
        condition.withLock {
            currentSound?.stop()
            currentSound = sound
            soundChanged = true
        }
    }

    /// The sound to take up, when it changed since the thread last asked.
    private func takeSoundChange() -> BackwardSound?? {
        condition.withLock {
            defer { soundChanged = false }
            return soundChanged ? .some(currentSound) : .none
        }
    }

    /// Why the source cannot be played backwards, once the thread found out.
    var failureReason: String? { condition.withLock { failure } }

    /// Gives a frame shown (or no longer wanted) back to the pool.
    func recycle(_ frame: Frame) {
        condition.withLock { recycleLocked(frame) }
    }

    private func recycleLocked(_ frame: Frame) {
        frame.unref()
        pool.append(frame)
        condition.broadcast()
    }

    // MARK: the thread

    private func run() {
        var fileOptions = options
        fileOptions.audioEnabled = false
        let file: MediaFile
        let codec: CodecContext
        do {
            file = try MediaFile(path: path, options: fileOptions, interrupt: interrupt)
            codec = try CodecContext(stream: file.stream(streamIndex), path: path)
        } catch {
            fail(error.reason)
            return
        }
        var soundReader = openSound(sound, in: file)
        discardOthers(in: file, keeping: soundReader)
        var warnedOfCut = false
        let processor = PictureProcessor(settings: picture, timeBase: codec.timeBase)
        processor.onTrouble = warn
        let reader = SpanReader(file: file, codec: codec, streamIndex: streamIndex, processor: processor)
        while let (span, serial) = nextSpan() {
            if let change = takeSoundChange() {
                soundReader = openSound(change, in: file)
                discardOthers(in: file, keeping: soundReader)
            }
            guard let result = reader.decode(span, frame: { takeFrame(serial: serial) },
                                             recycle: recycle, isCurrent: { isCurrent(serial) }) else { continue }
            if result.cutShort && !warnedOfCut {
                warnedOfCut = true
                warn("backward playback: the file's index leads far from where it should; skipping ahead")
            }
            // The span's sound: from its earliest picture to where the span before began.
            let heard = result.frames.map(\.pts).min().map { earliest in
                soundReader?.read(from: earliest, to: span.end, isCurrent: { isCurrent(serial) }) ?? false
            } ?? false
            hand(result, of: span, serial: serial)
            if heard { soundReader?.queue(serial: serial, isCurrent: { isCurrent(serial) }) }
        }
    }

    /// The reader of the sound's stretches, in `file` or on an open of the sound file of its
    /// own; nil without sound, or when that file or its decoder cannot open (the picture plays
    /// backwards in silence).
    private func openSound(_ sound: BackwardSound?, in file: MediaFile) -> StretchSoundReader? {
        guard let sound else { return nil }
        do throws(PlayerError) {
            guard let separate = sound.separateFile else {
                let codec = try CodecContext(stream: file.stream(sound.streamIndex), path: path)
                return StretchSoundReader(file: file, codec: codec, sound: sound, pictureStream: streamIndex)
            }
            var soundOptions = options
            if let network = options.audioFileNetwork[separate] { soundOptions.network = network }
            let soundFile = try MediaFile(path: separate, options: soundOptions, interrupt: interrupt)
            let codec = try CodecContext(stream: soundFile.stream(sound.streamIndex), path: separate)
            for index in 0..<Int(soundFile.context.pointee.nb_streams) {
                soundFile.stream(index).pointee.discard = index == sound.streamIndex ? AVDISCARD_DEFAULT : AVDISCARD_ALL
            }
            return StretchSoundReader(file: soundFile, codec: codec, sound: sound, pictureStream: nil)
        } catch {
            if !interrupt.isRaised { warn("backward playback: cannot decode the sound (\(error.reason)); playing it silent") }
            return nil
        }
    }

    /// Reads the picture's stream alone, and the sound's when it lies in the same file.
    private func discardOthers(in file: MediaFile, keeping sound: StretchSoundReader?) {
        let soundStream = sound?.readsFile(file) == true ? sound?.streamIndex : nil
        for index in 0..<Int(file.context.pointee.nb_streams) {
            let kept = index == streamIndex || index == soundStream
            file.stream(index).pointee.discard = kept ? AVDISCARD_DEFAULT : AVDISCARD_ALL
        }
    }

    private func fail(_ reason: String) {
        condition.withLock { failure = reason }
        wake()
    }

    /// Waits for a span to decode; nil on stop.
    private func nextSpan() -> (BackwardPlan.Span, Int)? {
        condition.withLock {
            while !aborted {
                if let span = plan?.next { return (span, serial) }
                condition.wait()
            }
            return nil
        }
    }

    private func isCurrent(_ serial: Int) -> Bool {
        condition.withLock { !aborted && serial == self.serial }
    }

    /// A frame from the pool, waiting for one; nil when the span is no longer wanted.
    private func takeFrame(serial: Int) -> Frame? {
        condition.withLock {
            while !aborted && serial == self.serial && pool.isEmpty { condition.wait() }
            guard !aborted, serial == self.serial else { return nil }
            return pool.removeLast()
        }
    }

    /// Waits until the span before was taken, then hands this one over.
    private func hand(_ result: SpanReader.Result, of span: BackwardPlan.Span, serial: Int) {
        // Every frame kept has a time (see `SpanReader`), so the order places them all.
        let frames = BackwardPlan.presentationOrder(of: result.frames.map(\.pts)).map { result.frames[$0] }
        condition.withLock {
            while !aborted && serial == self.serial && ready != nil { condition.wait() }
            guard !aborted, serial == self.serial else {
                frames.forEach(recycleLocked)
                return
            }
            plan?.record(.init(earliest: frames.last?.pts, overflowed: result.overflowed), of: span)
            ready = frames.isEmpty ? nil : Span(frames: frames, serial: serial)
        }
        wake()
    }
}

/// Reads and decodes one span: seeks to the keyframe before its target and decodes on to its
/// end, through the same picture processing as forward, keeping the latest frames within its limit. Used by the backward thread alone.
private final class SpanReader {
    struct Result {
        /// In the order decoded.
        var frames: [Frame]
        var overflowed: Bool
        /// Stopped at `BackwardDecoding.packetLimit` packets before the end came.
        var cutShort: Bool
    }

    private let file: MediaFile
    private let codec: CodecContext
    private let streamIndex: Int
    private let packet = Packet()
    private let scratch = Frame()
    private let frameDuration: Double
    private let processor: PictureProcessor

    init(file: MediaFile, codec: CodecContext, streamIndex: Int, processor: PictureProcessor) {
        self.file = file
        self.codec = codec
        self.streamIndex = streamIndex
        self.processor = processor
        let rate = av_guess_frame_rate(file.context, file.stream(streamIndex), nil)
        frameDuration = rate.num > 0 && rate.den > 0 ? av_q2d(av_inv_q(rate)) : 0
    }

    /// Nil when the span stopped being wanted (a seek, stopping) before it was done.
    func decode(_ span: BackwardPlan.Span, frame: () -> Frame?, recycle: (Frame) -> Void,
                isCurrent: () -> Bool) -> Result? {
        var kept: [Frame] = []
        var overflowed = false
        var reachedEnd = false
        var packets = 0
        func dropAll() { kept.forEach(recycle); kept.removeAll() }
        seek(to: span.seekTarget)
        avcodec_flush_buffers(codec.pointer)
        processor.reset()
        // A picture as the processor lets it out (deinterlaced, tone-mapped, filtered).
        func keep(_ picture: Frame) -> Bool {
            guard picture.pts.isFinite, picture.pts < span.end else { picture.unref(); return true }
            let slot: Frame
            if kept.count >= span.limit, let oldest = kept.indices.min(by: { kept[$0].pts < kept[$1].pts }) {
                slot = kept.remove(at: oldest)
                overflowed = true
            } else {
                guard let free = frame() else { picture.unref(); return false }
                slot = free
            }
            slot.take(picture)
            kept.append(slot)
            return true
        }
        func receive() -> Bool {
            while avcodec_receive_frame(codec.pointer, scratch.pointer) >= 0 {
                let time = MediaFile.seconds(scratch.pointer.pointee.best_effort_timestamp, codec.timeBase)
                guard time.isFinite, time < span.end else {
                    scratch.unref()
                    if time.isFinite { reachedEnd = true }
                    continue
                }
                scratch.pts = time
                scratch.duration = frameDuration > 0 ? frameDuration
                    : MediaFile.seconds(scratch.pointer.pointee.pkt_duration, codec.timeBase)
                scratch.seekTarget = .nan
                guard processor.process(scratch, emit: keep) else { return false }
            }
            return true
        }
        while !reachedEnd {
            guard isCurrent() else { dropAll(); return nil }
            av_packet_unref(packet.pointer)
            guard av_read_frame(file.context, packet.pointer) >= 0 else {
                avcodec_send_packet(codec.pointer, nil)
                guard receive() else { dropAll(); return nil }
                break
            }
            guard packet.pointer.pointee.stream_index == streamIndex else { continue }
            packets += 1
            if packets > BackwardDecoding.packetLimit {
                av_packet_unref(packet.pointer)
                return Result(frames: kept, overflowed: true, cutShort: true)
            }
            if avcodec_send_packet(codec.pointer, packet.pointer) == FFmpegError.again {
                guard receive() else { dropAll(); return nil }
                avcodec_send_packet(codec.pointer, packet.pointer)
            }
            guard receive() else { dropAll(); return nil }
        }
        av_packet_unref(packet.pointer)
        // What the deinterlacer still holds belongs to this span.
        guard processor.finish(emit: keep) else { dropAll(); return nil }
        return Result(frames: kept, overflowed: overflowed, cutShort: false)
    }

    private func seek(to time: Double) {
        let base = file.stream(streamIndex).pointee.time_base
        let target = Int64((time / av_q2d(base)).rounded(.down))
        if av_seek_frame(file.context, Int32(streamIndex), target, AVSEEK_FLAG_BACKWARD) < 0 {
            avformat_seek_file(file.context, Int32(streamIndex), Int64.min, target, target, 0)
        }
    }
}
