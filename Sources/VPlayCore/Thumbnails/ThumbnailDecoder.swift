import CFFmpeg
import Foundation

/// The thumbnail thread's own reader of the source: demuxer, keyframe-only decoder and scaler,
/// never shared with playback. Used from one thread at a time (the worker), except
/// `interruptBlockingCalls`, which any thread may call.
final class ThumbnailDecoder: @unchecked Sendable {
    /// Seconds; nil when unknown.
    let duration: Double?
    private var file: MediaFile?
    private let streamIndex: Int32
    private let stream: UnsafeMutablePointer<AVStream>
    private var codec: CodecContext?
    private let secondsPerTick: Double
    private let startTime: Double
    /// Clockwise degrees: 0, 90, 180 or 270.
    private let rotation: Int
    private let maxWidth: Int
    private let maxHeight: Int
    private let frame = Frame()
    private let packet = Packet()
    /// Playback's cached keyframes, looked at before the source is read.
    private let cached: CachedKeyframes?
    /// Where the keyframe last served from the cache stands until (nil: none was, or the
    /// source was read since).
    private var cachedCoverageEnd: Double?
    /// Packets read from the source (for tests: a preview from the cache reads none); read by
    /// other threads.
    private let reads = Locked(0)
    var sourceReads: Int { reads.withLock { $0 } }
    /// Opened with what playback's open learned rather than probed (for tests).
    let tookPlaybacksFacts: Bool
    private let scaler = PictureScaler()
    /// HDR keyframes are tone-mapped as playback maps them (the default curve).
    private let toneMapper = ToneMapper()
    private let mapped = Frame()
    /// Packets to look through for a keyframe (or the next one) before giving up.
    private static let packetLimit = 20_000

    /// Nil when the source cannot be opened, is neither a regular file nor a seekable network
    /// source (a pipe is read by playback and cannot be opened twice; a live stream has no
    /// moments to show), or has no video stream other than cover art.
    /// - Parameters:
    ///   - facts: what playback's open of `source` learned, taken instead of probing it again.
    ///   - options: the settings playback opened the source with.
    ///   - interrupt: raised by another thread, makes the open (and later reads) give up.
    ///   - cached: playback's cached keyframes, used instead of reading where they reach.
    init?(source: Source, facts: SourceFacts? = nil, options: PlayerOptions = PlayerOptions(), maxWidth: Int, maxHeight: Int,
          interrupt: InterruptFlag = InterruptFlag(), cached: CachedKeyframes? = nil) {
        if let local = source.location.filePath, !source.isNetwork {
            var info = stat()
            guard stat(local, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        }
        var options = options
        options.audioEnabled = false
        guard let file = try? MediaFile(source: source, options: options, rereading: facts, interrupt: interrupt),
              !source.isNetwork || file.isSeekable, let index = file.videoStream,
              let codec = try? Self.openDecoder(for: file.stream(index), path: source.text) else { return nil }
        self.file = file
        tookPlaybacksFacts = file.isReread
        self.codec = codec
        streamIndex = Int32(index)
        stream = file.stream(index)
        secondsPerTick = av_q2d(stream.pointee.time_base)
        startTime = file.startTime
        duration = file.duration
        rotation = StreamRotation.clockwiseDegrees(of: stream)
        self.maxWidth = max(1, maxWidth)
        self.maxHeight = max(1, maxHeight)
        self.cached = cached?.streamIndex == index ? cached : nil
    }

    deinit { close() }

    /// Frees the decoder and closes the file; later calls find nothing.
    func close() {
        codec = nil
        file = nil
    }

    /// Makes a blocking read return at once (for stopping); permanent.
    func interruptBlockingCalls() {
        file?.interruptBlockingCalls()
    }

    /// Seeks to the keyframe at or before `time` (seconds from the start of the file), decodes
    /// it alone and scales it to fit the bounds. Nil on failure or when superseded.
    func decodeKeyframe(at time: Double, isSuperseded: () -> Bool) -> Thumbnail? {
        guard let file, let codec = codec?.pointer else { return nil }
        cachedCoverageEnd = nil
        if let hit = cached?.keyframe(at: time + startTime), decode(hit.packet.pointer, with: codec) {
            defer { frame.unref() }
            let keyTime = hit.time - startTime
            cachedCoverageEnd = hit.nextKeyframeTime.map { $0 - startTime } ?? keyTime.nextUp
            return picture(keyframeTime: keyTime)
        }
        let target = Int64(((time + startTime) / secondsPerTick).rounded(.down))
        avcodec_flush_buffers(codec)
        if av_seek_frame(file.context, streamIndex, target, AVSEEK_FLAG_BACKWARD) < 0,
           avformat_seek_file(file.context, streamIndex, Int64.min, target, Int64.max, 0) < 0 {
            return nil
        }
        var examined = 0
        var failures = 0
        while examined < Self.packetLimit, !isSuperseded() {
            av_packet_unref(packet.pointer)
            guard av_read_frame(file.context, packet.pointer) >= 0 else { return nil }
            reads.withLock { $0 += 1 }
            guard packet.pointer.pointee.stream_index == streamIndex else { continue }
            examined += 1
            guard packet.pointer.pointee.flags & AV_PKT_FLAG_KEY != 0 else { continue }
            if decode(packet.pointer, with: codec) {
                let keyTime = seconds(frame.pointer.pointee.best_effort_timestamp)
                    ?? seconds(packet.pointer.pointee.pts) ?? seconds(packet.pointer.pointee.dts) ?? time
                defer { frame.unref() }
                return picture(keyframeTime: keyTime)
            }
            failures += 1
            if failures >= 3 { return nil }
        }
        return nil
    }

    /// Reads on from the keyframe just decoded to the next one and returns the end of the span
    /// the keyframe stands for: the next keyframe's time, infinity at the end of the file, or
    /// (when superseded or nothing was found within the limit) just past the latest frame seen.
    func coverageEnd(after keyframeTime: Double, isSuperseded: () -> Bool) -> Double {
        if let cachedCoverageEnd { return cachedCoverageEnd }
        guard let file else { return keyframeTime.nextUp }
        var latest = keyframeTime
        var examined = 0
        defer { av_packet_unref(packet.pointer) }
        while examined < Self.packetLimit, !isSuperseded() {
            av_packet_unref(packet.pointer)
            let status = av_read_frame(file.context, packet.pointer)
            reads.withLock { $0 += 1 }
            if status == FFmpegError.endOfFile { return .infinity }
            guard status >= 0 else { break }
            guard packet.pointer.pointee.stream_index == streamIndex else { continue }
            examined += 1
            guard let time = seconds(packet.pointer.pointee.pts) ?? seconds(packet.pointer.pointee.dts) else { continue }
            if packet.pointer.pointee.flags & AV_PKT_FLAG_KEY != 0 && time > keyframeTime { return time }
            latest = max(latest, time)
        }
        return latest.nextUp
    }

    // MARK: decoding

    /// Decodes `packet` on its own (draining the decoder so even a decoder with reorder delay
    /// hands the picture over) into `frame`, then resets the decoder for the next seek.
    private func decode(_ packet: UnsafePointer<AVPacket>, with codec: UnsafeMutablePointer<AVCodecContext>) -> Bool {
        defer { avcodec_flush_buffers(codec) }
        frame.unref()
        guard avcodec_send_packet(codec, packet) >= 0 else { return false }
        avcodec_send_packet(codec, nil)
        return avcodec_receive_frame(codec, frame.pointer) >= 0
            && frame.pointer.pointee.width > 0 && frame.pointer.pointee.height > 0
    }

    private func seconds(_ timestamp: Int64) -> Double? {
        timestamp == vp_nopts_value() ? nil : Double(timestamp) * secondsPerTick - startTime
    }

    /// Scales `frame` to the largest size that fits the bounds with the displayed aspect
    /// (sample aspect and rotation), never larger than displayed, as BGRX.
    private func picture(keyframeTime: Double) -> Thumbnail? {
        guard let file else { return nil }
        let source = frame.pointer.pointee
        let sar = av_guess_sample_aspect_ratio(file.context, stream, frame.pointer)
        let size = Self.fittedSize(width: Int(source.width), height: Int(source.height),
                                   sampleAspect: sar.num > 0 && sar.den > 0 ? av_q2d(sar) : 1,
                                   rotation: rotation, maxWidth: maxWidth, maxHeight: maxHeight)
        let pitch = size.width * 4
        var pixels = [UInt8](repeating: 0, count: pitch * size.height)
        let shown = toneMapper.map(frame, settings: PictureSettings(), into: mapped) == true ? mapped : frame
        let drawn = pixels.withUnsafeMutableBytes { buffer in
            scaler.draw(shown, into: buffer.baseAddress!, pitch: pitch, width: size.width, height: size.height)
        }
        guard drawn else { return nil }
        let upright = Self.rotate(pixels, width: size.width, height: size.height, clockwise: rotation)
        return Thumbnail(width: upright.width, height: upright.height, pitch: upright.width * 4,
                         pixels: upright.pixels, keyframeTime: keyframeTime)
    }

    /// The size to scale the decoded picture to (before rotation) so that, once turned, it fits
    /// `maxWidth`×`maxHeight` with the displayed aspect. Never enlarges.
    static func fittedSize(width: Int, height: Int, sampleAspect: Double, rotation: Int,
                           maxWidth: Int, maxHeight: Int) -> (width: Int, height: Int) {
        let displayWidth = Double(width) * sampleAspect
        let displayHeight = Double(height)
        let turned = rotation % 180 != 0
        let boundsWidth = Double(turned ? maxHeight : maxWidth)
        let boundsHeight = Double(turned ? maxWidth : maxHeight)
        let scale = min(1, boundsWidth / displayWidth, boundsHeight / displayHeight)
        return (max(1, min(Int(boundsWidth), Int((displayWidth * scale).rounded()))),
                max(1, min(Int(boundsHeight), Int((displayHeight * scale).rounded()))))
    }

    /// Turns a packed 32-bit picture clockwise by 0, 90, 180 or 270 degrees.
    static func rotate(_ pixels: [UInt8], width: Int, height: Int,
                       clockwise degrees: Int) -> (pixels: [UInt8], width: Int, height: Int) {
        guard degrees % 360 != 0 else { return (pixels, width, height) }
        let turned = degrees % 180 != 0
        let outWidth = turned ? height : width
        let outHeight = turned ? width : height
        var out = [UInt8](repeating: 0, count: pixels.count)
        pixels.withUnsafeBytes { src in
            out.withUnsafeMutableBytes { dst in
                let from = src.bindMemory(to: UInt32.self)
                let to = dst.bindMemory(to: UInt32.self)
                for y in 0..<height {
                    for x in 0..<width {
                        let (nx, ny) = switch degrees {
                        case 90: (height - 1 - y, x)
                        case 180: (width - 1 - x, height - 1 - y)
                        default: (y, width - 1 - x)
                        }
                        to[ny * outWidth + nx] = from[y * width + x]
                    }
                }
            }
        }
        return (out, outWidth, outHeight)
    }

    /// One decoder thread, keyframes only, no deblocking: a keyframe is all a preview needs.
    private static func openDecoder(for stream: UnsafeMutablePointer<AVStream>, path: String) throws -> CodecContext {
        try CodecContext(stream: stream, path: path, threads: 1) { context in
            context.pointee.skip_frame = AVDISCARD_NONKEY
            context.pointee.skip_loop_filter = AVDISCARD_ALL
            context.pointee.flags2 |= AV_CODEC_FLAG2_FAST | AV_CODEC_FLAG2_SHOW_ALL
        }
    }
}
