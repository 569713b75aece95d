import CFFmpeg
import Foundation

/// A decoder thread: packets from a `PacketQueue` in, frames into a `FrameQueue` out,
/// using FFmpeg's send/receive API. Follows the queue's serial: when it changes the
/// codec is flushed and frames from before the seek are never produced.
final class Decoder: @unchecked Sendable {
    private var codec: CodecContext
    private let packets: PacketQueue
    private let frames: FrameQueue
    private let kind: AVMediaType
    /// For video: seconds a frame lasts when the stream does not say.
    private let nominalFrameDuration: Double
    private let scratch = Frame()
    private var packetSerial = -1
    private var dropBefore: Double?
    private var shortcut = SeekShortcut()
    /// Set (from any thread) once `SeekShortcutCheck` found that this file's exact seeks may
    /// skip B-frames.
    let skipsBFramesWhenSeeking = Locked(false)
    /// After a paused exact seek has put out its target, how long the way on waits before it is
    /// decoded, unless playing or a frame step wants it sooner: seeks that follow within this
    /// time (scrubbing) find the codec idle instead of busy with frames nobody will see. Set
    /// before `start`.
    var replayHold: Double = 0.3
    /// The current exact seek's packets, while heading for its target; nil otherwise.
    private var approach: SeekApproach?
    /// True while the codec drains towards the target: only the target is passed on.
    private var drainingToTarget = false
    /// After a drain: frames ending at or before this time are out already (the target too).
    private var shownThrough: Double?
    private var damage = DamageTracker()
    /// For video: deinterlacing and tone mapping on the way to the frame queue; set before `start`.
    var processor: PictureProcessor?
    /// Decoding on a hardware device, until it fails; set before `start`.
    var hardware: HardwareSession? {
        didSet { hardwareName.withLock { [name = hardware?.name ?? "no"] in $0 = name } }
    }
    /// What decodes now: a hardware API's name, or `no` (`hwdec-current`).
    let hardwareName = Locked("no")
    /// Told once, on the decoder's thread, when hardware decoding gives way to software.
    var onHardwareFallback: ((String) -> Void)?
    private var needsFallback = false
    /// The newest frame time handed on at this serial: after a fall-back the frames decoded
    /// again up to it are not shown twice.
    private var handedThrough = -Double.infinity
    private var replayDropsThrough: Double?
    /// Told once per burst of damage, on the decoder's thread; set before `start`.
    var onDamage: (@Sendable (DamageTracker.Burst) -> Void)?
    /// A codec with more threads to move to once pictures come late; set before `start`.
    var moreThreads: (() throws -> CodecContext)?
    /// Told once, on the decoder's thread, with the new count when `moreThreads` took over.
    var onThreadsAdded: ((Int32) -> Void)?
    private let isBehind = Locked(false)
    /// True while the codec is drained to hand the stream to another one.
    private var handingOver = false
    private let threads: Locked<Int32>
    private let done = DispatchSemaphore(value: 0)
    private var started = false
    private let state = Locked(State())

    private struct State {
        /// The serial at which the decoder drained completely (end of stream).
        var finishedSerial = -1
        /// Serial of the newest frame handed to the frame queue.
        var pushedSerial = -1
        var framesDecoded = 0
        var decodeErrors = 0
        /// The newest packet time taken (seconds) and its serial.
        var packetTime: Double = .nan
        var packetTimeSerial = -1
    }

    init(codec: CodecContext, packets: PacketQueue, frames: FrameQueue, kind: AVMediaType, frameRate: AVRational) {
        self.codec = codec
        self.packets = packets
        self.frames = frames
        self.kind = kind
        threads = Locked(codec.pointer.pointee.thread_count)
        nominalFrameDuration = frameRate.num > 0 && frameRate.den > 0 ? av_q2d(av_inv_q(frameRate)) : 0
    }

    func start(name: String) {
        let thread = Thread { [self] in
            run()
            done.signal()
        }
        thread.name = name
        started = true
        thread.start()
    }

    /// True once the stream was decoded to its end at the given (current) serial.
    func isFinished(atSerial serial: Int) -> Bool {
        state.withLock { $0.finishedSerial == serial }
    }

    /// Serial of the newest frame decoded and queued.
    var pushedSerial: Int { state.withLock { $0.pushedSerial } }

    var framesDecoded: Int { state.withLock { $0.framesDecoded } }

    /// The time of the newest packet taken on timeline `serial` (seconds), nil before any.
    func packetTime(atSerial serial: Int) -> Double? {
        state.withLock { $0.packetTimeSerial == serial ? $0.packetTime : nil }
    }

    /// Pictures came too late (from any thread): decoding moves to `moreThreads` at the next
    /// keyframe.
    func fallBehind() {
        isBehind.withLock { $0 = true }
    }

    /// Threads decoding now (read from any thread).
    var threadCount: Int32 { threads.withLock { $0 } }

    /// Packets refused, frames failed and frames patched up since the file opened.
    var decodeErrors: Int { state.withLock { $0.decodeErrors } }

    private func run() {
        while let entry = packets.take() {
            if entry.serial != packetSerial {
                // A seek happened: forget everything decoded before it.
                avcodec_flush_buffers(codec.pointer)
                shortcut.reset()
                processor?.reset()
                hardware?.forgetPackets()
                handedThrough = -.infinity
                replayDropsThrough = nil
                packetSerial = entry.serial
                state.withLock { $0.finishedSerial = -1 }
                report(damage.finish())
                approach = kind == AVMEDIA_TYPE_VIDEO ? entry.dropBefore.map(SeekApproach.init) : nil
                shownThrough = nil
            }
            dropBefore = droppingShown(entry.dropBefore)
            switch entry.item {
            case .packet(let packet):
                let time = MediaFile.seconds(packet.pointer.pointee.pts, codec.timeBase)
                if time.isFinite {
                    let serial = packetSerial
                    state.withLock { $0.packetTime = time; $0.packetTimeSerial = serial }
                }
                if packet.pointer.pointee.flags & AV_PKT_FLAG_KEY != 0, mayAddThreads {
                    guard addThreads() else { return }
                }
                skipUnneededFrames(before: packet.pointer)
                hardware?.note(packet)
                send(packet.pointer)
                if approach != nil, heading(for: packet) {
                    guard drainThenReplay() else { return }
                    continue
                }
            case .endOfStream:
                approach = nil
                send(nil)
            }
            guard receiveAll() else { return }
            if needsFallback { guard fallBackToSoftware() else { return } }
        }
    }

    /// Behind, on the CPU, and not in the middle of an exact seek.
    private var mayAddThreads: Bool {
        moreThreads != nil && hardware == nil && approach == nil && dropBefore == nil && isBehind.withLock { $0 }
    }

    /// Hands the stream to a codec with more threads at a keyframe: the current one is drained
    /// first, so every frame before the keyframe comes out once. False on abort.
    private func addThreads() -> Bool {
        guard let make = moreThreads else { return true }
        moreThreads = nil
        guard let threaded = try? make() else { return true }
        handingOver = true
        send(nil)
        let alive = receiveAll()
        handingOver = false
        codec = threaded
        let count = threaded.pointer.pointee.thread_count
        threads.withLock { $0 = count }
        onThreadsAdded?(count)
        return alive
    }

    /// The hardware decoder failed: a software codec takes over, decoding again from the last
    /// keyframe and handing on only the frames after those already shown. False on abort.
    private func fallBackToSoftware() -> Bool {
        needsFallback = false
        guard let session = hardware else { return true }
        hardware = nil
        guard let software = try? session.softwareCodec() else {
            onHardwareFallback?("hwdec: \(session.name) failed and software decoding cannot open")
            return true
        }
        codec = software
        onHardwareFallback?("hwdec: \(session.name) failed; decoding in software from the last keyframe")
        replayDropsThrough = handedThrough
        for packet in session.packetsSinceKeyframe {
            if packets.serial != packetSerial { return true }
            skipUnneededFrames(before: packet.pointer)
            send(packet.pointer)
            guard receiveAll() else { return false }
        }
        return true
    }

    /// An exact seek's drop point, moved past what a drain has put out already.
    private func droppingShown(_ target: Double?) -> Double? {
        guard let shownThrough else { return target }
        return max(target ?? shownThrough, shownThrough)
    }

    /// Keeps `packet` for the approach; true when it is the target's and the player is paused.
    private func heading(for packet: Packet) -> Bool {
        let p = packet.pointer.pointee
        let start = MediaFile.seconds(p.pts, codec.timeBase)
        let duration = p.duration > 0 ? MediaFile.seconds(p.duration, codec.timeBase) : nominalFrameDuration
        guard approach!.keep(packet, start: start, end: start + duration) else { return false }
        if packets.isHolding { return true }
        approach = nil   // playing on: the frames after the target are wanted at once anyway
        return false
    }

    /// Drains the codec so the target comes out now, then, once the frames after it are wanted
    /// (`replayHold`), decodes the approach again from its keyframe, dropping everything up to
    /// the target, so that playback can go on. Gives the replay up when a newer seek arrives.
    /// False on abort.
    private func drainThenReplay() -> Bool {
        let packetsSinceKeyframe = approach?.packets ?? []
        approach = nil
        drainingToTarget = true
        send(nil)
        let alive = receiveAll()
        drainingToTarget = false
        guard alive else { return false }
        guard packets.awaitRelease(serial: packetSerial, forAtMost: replayHold) else {
            return true   // a newer seek (the loop flushes for it) or shutdown (the queue ends)
        }
        // The drain ends the codec's stream (flushed at its end, unless it stopped early on
        // damage or a newer seek): start it afresh, and the shortcut with the keyframe.
        avcodec_flush_buffers(codec.pointer)
        shortcut.reset()
        dropBefore = droppingShown(dropBefore)
        for packet in packetsSinceKeyframe {
            if packets.serial != packetSerial { return true }
            skipUnneededFrames(before: packet.pointer)
            send(packet.pointer)
            guard receiveAll() else { return false }
        }
        return true
    }

    /// Before an exact seek's target, frames that are never shown and that the target does not
    /// depend on may be left undecoded, which shortens exact seeks (`SeekShortcut`).
    private func skipUnneededFrames(before packet: UnsafeMutablePointer<AVPacket>) {
        var discard = AVDISCARD_DEFAULT
        if kind == AVMEDIA_TYPE_VIDEO {
            let start = MediaFile.seconds(packet.pointee.pts, codec.timeBase)
            let end = start + max(MediaFile.seconds(packet.pointee.duration, codec.timeBase), 0)
            let skipsBFrames = dropBefore != nil && skipsBFramesWhenSeeking.withLock { $0 }
            discard = shortcut.discard(start: start, end: end, target: dropBefore, skipsBFrames: skipsBFrames)
        }
        if codec.pointer.pointee.skip_frame != discard { codec.pointer.pointee.skip_frame = discard }
    }

    private func send(_ packet: UnsafeMutablePointer<AVPacket>?) {
        var status = avcodec_send_packet(codec.pointer, packet)
        if status == FFmpegError.again {
            // Output must be drained first; receiveAll does that, then we retry once.
            guard receiveAll() else { return }
            status = avcodec_send_packet(codec.pointer, packet)
        }
        if status < 0, status != FFmpegError.again, status != FFmpegError.endOfFile, hardware != nil {
            needsFallback = true
            return
        }
        // A packet the codec refuses (damage) is skipped; decoding goes on with the next.
        if status < 0, status != FFmpegError.again, status != FFmpegError.endOfFile, let packet {
            recordError(at: MediaFile.seconds(packet.pointee.pts, codec.timeBase))
        }
    }

    private func recordError(at time: Double = .nan) {
        damage.recordError(at: time)
        let total = damage.total
        state.withLock { $0.decodeErrors = total }
    }

    private func report(_ burst: DamageTracker.Burst?) {
        if let burst { onDamage?(burst) }
    }

    /// Moves every frame the codec has ready into the frame queue. False on abort.
    private func receiveAll() -> Bool {
        var failures = 0
        while true {
            let status = avcodec_receive_frame(codec.pointer, scratch.pointer)
            if status == FFmpegError.again { return true }
            if status == FFmpegError.endOfFile {
                avcodec_flush_buffers(codec.pointer)
                if handingOver { return true }   // the stream goes on in another codec
                // The deinterlacer holds a frame back for its look ahead: let it out.
                guard processor?.finish(emit: queue) ?? true else { return false }
                if drainingToTarget { return true }   // not the end of the stream
                state.withLock { $0.finishedSerial = packetSerial }
                report(damage.finish())
                return true
            }
            if status < 0, hardware != nil {
                needsFallback = true
                return true
            }
            if status < 0 {
                // A damaged frame: skip it and keep draining, or the end is never reached.
                failures += 1
                recordError()
                if failures > 64 { return true }
                continue
            }
            if let session = hardware {
                guard session.download(scratch) else {
                    scratch.unref()
                    needsFallback = true
                    return true
                }
                if session.decodesInSoftware {
                    hardware = nil
                    onHardwareFallback?("hwdec: \(session.name) cannot decode this stream; decoding in software")
                }
            }
            stamp(scratch)
            if let through = replayDropsThrough, scratch.pts.isFinite, scratch.pts <= through + 0.000_001 {
                scratch.unref()   // shown already, decoded again after a fall-back
                continue
            }
            let flags = scratch.pointer.pointee
            if flags.decode_error_flags != 0 || flags.flags & AV_FRAME_FLAG_CORRUPT != 0 {
                recordError(at: scratch.pts)   // concealed: shown, but counted as damage
            } else {
                report(damage.recordClean(at: scratch.pts, duration: scratch.duration))
            }
            state.withLock { $0.framesDecoded += 1 }
            // 1 µs: the rounding of a frame's end that falls on the target.
            if let target = dropBefore, scratch.pts.isFinite, scratch.pts + max(scratch.duration, 0.000_002) <= target + 0.000_001 {
                // Before an exact seek's target: decoded only because later frames depend on it.
                scratch.unref()
                continue
            }
            if drainingToTarget {
                // Only the target: later frames may have gaps before them, left for the replay.
                if shownThrough != nil { scratch.unref(); continue }
                shownThrough = scratch.pts.isFinite ? scratch.pts + max(scratch.duration, 0.000_001) : dropBefore
            }
            if packets.serial != packetSerial {
                // A seek came meanwhile: nothing more of this timeline is wanted, and waiting
                // for room in the frame queue would hold the new one up.
                scratch.unref()
                return true
            }
            scratch.seekTarget = dropBefore ?? .nan
            if scratch.pts.isFinite { handedThrough = max(handedThrough, scratch.pts) }
            guard processor?.process(scratch, emit: queue) ?? queue(scratch) else { return false }
        }
    }

    /// Moves `frame` into the frame queue, unless a seek made it stale. False on abort.
    private func queue(_ frame: Frame) -> Bool {
        guard packets.serial == packetSerial else { frame.unref(); return true }
        guard let slot = frames.writableSlot() else { return false }
        slot.take(frame)
        let serial = packetSerial
        state.withLock { $0.pushedSerial = serial }
        frames.push()
        return true
    }

    private func stamp(_ frame: Frame) {
        let f = frame.pointer.pointee
        let timestamp = f.best_effort_timestamp
        frame.pts = MediaFile.seconds(timestamp, codec.timeBase)
        frame.serial = packetSerial
        frame.position = f.pkt_pos
        if kind == AVMEDIA_TYPE_AUDIO {
            frame.duration = f.sample_rate > 0 ? Double(f.nb_samples) / Double(f.sample_rate) : 0
        } else {
            let packetDuration = f.pkt_duration > 0 ? MediaFile.seconds(f.pkt_duration, codec.timeBase) : 0
            frame.duration = nominalFrameDuration > 0 ? nominalFrameDuration : packetDuration
        }
    }

    /// Waits for the thread to end; call after aborting both queues.
    func join() {
        if started { done.wait() }
    }
}
