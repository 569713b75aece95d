import CFFmpeg
import Foundation

/// The sound played backwards, as the audio output takes it: the stretches the backward thread
/// decoded and turned round, queued on the mirrored timeline (`ReversedSound`) under serials of
/// their own.
final class BackwardSound: @unchecked Sendable {
    let timeline = ReversedSound()
    /// The audio stream's index in the file it lies in.
    let streamIndex: Int
    /// The sound file it lies in when not the video's own (`--audio-file`, `audio-add`): the
    /// backward thread opens it a second time.
    let separateFile: String?
    let frames = FrameQueue(capacity: capacity, keepsLast: false)
    /// Carries the serial alone: the renderer drops frames of an older one.
    let packets = PacketQueue(secondsPerTick: 1)

    /// Pieces queued at most: 40 s, more than two spans' sound at any picture size.
    static let capacity = 400
    /// Seconds of sound a queued piece holds.
    static let pieceSeconds = 0.1

    init(streamIndex: Int, separateFile: String? = nil) {
        self.streamIndex = streamIndex
        self.separateFile = separateFile
    }

    var source: AudioRenderer.Source { AudioRenderer.Source(frames: frames, packets: packets) }

    /// The renderer's serial for the backward timeline `serial`: negative, so never a forward
    /// timeline's, and never held for a forward picture (`AudioRenderer.holdSound`).
    static func soundSerial(_ serial: Int) -> Int { -2 - serial }

    /// A new backward timeline: what is queued of older ones goes unheard.
    func restart(serial: Int) {
        packets.flush(toSerial: Self.soundSerial(serial))
    }

    func stop() { frames.abort() }
}

/// Reads and decodes the sound of one stretch of the file, turns it round and queues it.
/// Used by the backward thread alone, on its own open of the file (or of the sound file).
final class StretchSoundReader {
    private let file: MediaFile
    private let codec: CodecContext
    private let sound: BackwardSound
    /// The picture's stream when the sound lies in the same file: seeks go by its index, which
    /// every container has (a Matroska file's cues may list no sound). Nil in a sound file of
    /// its own, which seeks by time.
    private let pictureStream: Int?
    private let packet = Packet()
    private let decoded = Frame()
    /// To interleaved 16-bit at the stream's own rate, so that samples map to times exactly.
    private let converter: Resampler
    private var converted = ResampleBuffer()
    /// The stretch, interleaved; its storage is kept from stretch to stretch.
    private var samples: [Int16] = []
    private var stretchStart = Double.nan
    private let rate: Int
    private let channels: Int
    /// Seconds read before a stretch, for the decoder to settle (from the keyframe before that).
    static let preroll = 0.2
    /// Packets of sound read for one stretch before giving it up (an index that lies).
    static let packetLimit = 5_000

    var streamIndex: Int { sound.streamIndex }

    /// The sound is read from `other` (not from a file of its own).
    func readsFile(_ other: MediaFile) -> Bool { file === other }

    init(file: MediaFile, codec: CodecContext, sound: BackwardSound, pictureStream: Int?) {
        self.file = file
        self.codec = codec
        self.sound = sound
        self.pictureStream = pictureStream
        let parameters = file.stream(sound.streamIndex).pointee.codecpar.pointee
        rate = Int(parameters.sample_rate > 0 ? parameters.sample_rate : 48000)
        channels = Int(max(1, min(8, parameters.ch_layout.nb_channels)))
        converter = Resampler(output: AudioFormat(sampleRate: rate, channels: channels, bufferFrames: 0))
    }

    /// Decodes the sound from `start` to `end` (seconds, the stream's timeline) and turns it
    /// round; false when there is none or the stretch stopped being wanted.
    func read(from start: Double, to end: Double, isCurrent: () -> Bool) -> Bool {
        samples.removeAll(keepingCapacity: true)
        stretchStart = .nan
        guard end > start else { return false }
        seek(to: start - Self.preroll)
        avcodec_flush_buffers(codec.pointer)
        var packets = 0
        var done = false
        func receive() {
            while !done && avcodec_receive_frame(codec.pointer, decoded.pointer) >= 0 {
                take(from: start, to: end, done: &done)
                decoded.unref()
            }
        }
        while !done && packets < Self.packetLimit {
            guard isCurrent() else { return false }
            av_packet_unref(packet.pointer)
            guard av_read_frame(file.context, packet.pointer) >= 0 else {
                avcodec_send_packet(codec.pointer, nil)
                receive()
                break
            }
            guard packet.pointer.pointee.stream_index == sound.streamIndex else { continue }
            packets += 1
            if avcodec_send_packet(codec.pointer, packet.pointer) == FFmpegError.again {
                receive()
                avcodec_send_packet(codec.pointer, packet.pointer)
            }
            receive()
        }
        av_packet_unref(packet.pointer)
        guard !samples.isEmpty else { return false }
        samples.withUnsafeMutableBufferPointer { ReversedSound.reverse($0, channels: channels) }
        return true
    }

    /// Keeps the samples of the frame decoded that lie between `start` and `end`.
    private func take(from start: Double, to end: Double, done: inout Bool) {
        let time = MediaFile.seconds(decoded.pointer.pointee.best_effort_timestamp, codec.timeBase)
        let frameStart = time.isFinite ? time
            : stretchStart + Double(samples.count / channels) / Double(rate)
        guard frameStart.isFinite else { return }
        if frameStart >= end { done = true; return }
        let bytes = converter.convert(decoded.pointer, into: &converted)
        let count = bytes / (2 * channels)
        // Frames follow on: once the stretch has begun, a frame's samples go after the last.
        let first = samples.isEmpty ? max(0, Int(((start - frameStart) * Double(rate)).rounded())) : 0
        let sampleStart = samples.isEmpty ? frameStart + Double(first) / Double(rate) : stretchStart
        let wanted = Int(((end - sampleStart) * Double(rate)).rounded()) - samples.count / channels
        let last = min(count, first + max(0, wanted))
        guard last > first else {
            if !samples.isEmpty { done = true }
            return
        }
        if samples.isEmpty { stretchStart = sampleStart }
        let values = UnsafeRawPointer(converted.base).assumingMemoryBound(to: Int16.self)
        samples.append(contentsOf: UnsafeBufferPointer(start: values + first * channels, count: (last - first) * channels))
        if last < count { done = true }
    }

    /// Queues the stretch read last, in pieces, on timeline `serial`. A queue with no room left
    /// (pieces of older timelines the paused device has not dropped yet) lets the rest go:
    /// the picture then runs on the system's clock.
    func queue(serial: Int, isCurrent: () -> Bool) {
        let count = samples.count / channels
        let piece = max(1, Int(Double(rate) * BackwardSound.pieceSeconds))
        let soundSerial = BackwardSound.soundSerial(serial)
        for part in sound.timeline.pieces(start: stretchStart, samples: count, rate: rate, piece: piece) {
            guard isCurrent(), sound.frames.freeSlots > 0, let slot = sound.frames.writableSlot() else { return }
            guard fill(slot, from: part.offset, count: part.count) else { return }
            slot.pts = part.mirroredStart
            slot.duration = Double(part.count) / Double(rate)
            slot.serial = soundSerial
            slot.seekTarget = .nan
            slot.position = -1
            sound.frames.push()
        }
    }

    private func fill(_ slot: Frame, from offset: Int, count: Int) -> Bool {
        let frame = slot.pointer
        av_frame_unref(frame)
        frame.pointee.format = AV_SAMPLE_FMT_S16.rawValue
        frame.pointee.sample_rate = Int32(rate)
        frame.pointee.nb_samples = Int32(count)
        vp_default_channel_layout(&frame.pointee.ch_layout, Int32(channels))
        guard av_frame_get_buffer(frame, 0) >= 0, let data = frame.pointee.data.0 else { return false }
        samples.withUnsafeBytes { bytes in
            _ = memcpy(data, bytes.baseAddress! + offset * channels * 2, count * channels * 2)
        }
        return true
    }

    private func seek(to time: Double) {
        guard let pictureStream else {
            let target = Int64((time * Double(vp_time_base())).rounded(.down))
            if avformat_seek_file(file.context, -1, Int64.min, target, target, 0) < 0 {
                avformat_seek_file(file.context, -1, Int64.min, target, Int64.max, 0)
            }
            return
        }
        let base = file.stream(pictureStream).pointee.time_base
        let target = Int64((time / av_q2d(base)).rounded(.down))
        if av_seek_frame(file.context, Int32(pictureStream), target, AVSEEK_FLAG_BACKWARD) < 0 {
            avformat_seek_file(file.context, Int32(pictureStream), Int64.min, target, target, 0)
        }
    }
}
