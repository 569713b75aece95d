import CFFmpeg
import Foundation

/// The picture of one video track: queues, decoder thread, scheduler and conversion for display.
final class VideoPath {
    let streamIndex: Int
    let packets: PacketQueue
    let frames: FrameQueue
    let decoder: Decoder
    let scheduler: VideoScheduler
    let geometry: VideoGeometry
    let frameRate: Double?
    /// Frames are decoded before frames shown earlier (B-frames).
    let hasReorderedFrames: Bool

    /// The picture up covers media time `time`, or the next one starts at or after it.
    func hasShownFrames(upTo time: Double) -> Bool {
        guard frames.hasShownFrame else { return false }
        let shown = frames.peekLast()
        guard shown.serial == packets.serial else { return false }
        if shown.pts + shown.duration >= time - 0.001 { return true }   // 1 ms: rounding of the sum
        return frames.remaining > 0 && frames.peek().serial == shown.serial && frames.peek().pts >= time
    }

    /// - Parameters:
    ///   - picture: deinterlacing, tone mapping and hardware decoding as set now.
    ///   - threads: what `--vd-lavc-threads` and `--bench` ask of the decoding threads.
    ///   - warn: problems worth a line on stderr; `verbose`: lines for `-v` only.
    init(file: MediaFile, stream index: Int, packets: PacketQueue, picture: SharedPictureSettings,
         threads: DecodingThreads.Request,
         warn: @escaping @Sendable (String) -> Void, verbose: @escaping @Sendable (String) -> Void,
         wake: @escaping @Sendable () -> Void) throws {
        if let size = file.refusedPictureSize(of: index) {
            throw PlayerError.noDecoder(file.path, "picture size \(size.width)x\(size.height) is too large")
        }
        let stream = file.stream(index)
        let rate = av_guess_frame_rate(file.context, stream, nil)
        frameRate = rate.num > 0 && rate.den > 0 ? av_q2d(rate) : nil
        let parameters = stream.pointee.codecpar.pointee
        let threadPlan = DecodingThreads(threads, codec: parameters.codec_id, width: Int(parameters.width),
                                         height: Int(parameters.height), frameRate: frameRate, all: CodecContext.threadCount)
        let (codec, hardware) = try Self.openCodec(for: stream, path: file.path, choice: picture.current.hwdec,
                                                   threads: threadPlan.initial, verbose: verbose)
        self.packets = packets
        streamIndex = index
        frames = FrameQueue(capacity: 3, keepsLast: true, onFirstFrame: wake)
        decoder = Decoder(codec: codec, packets: packets, frames: frames, kind: AVMEDIA_TYPE_VIDEO, frameRate: rate)
        if let more = threadPlan.whenBehind {
            let path = file.path
            decoder.moreThreads = { try CodecContext(stream: stream, path: path, threads: more) }
            decoder.onThreadsAdded = { verbose("video decoding: \($0) threads from here (pictures came late with one)") }
        }
        let processor = PictureProcessor(settings: picture, timeBase: codec.timeBase)
        processor.onTrouble = warn
        decoder.processor = processor
        decoder.hardware = hardware
        decoder.onHardwareFallback = verbose
        // Timestamps jumping further than this are discontinuities (ffplay: 10 s, or 3600 s when ts may wrap).
        let discontinuous = file.context.pointee.iformat.pointee.flags & AVFMT_TS_DISCONT != 0
        scheduler = VideoScheduler(frames: frames, packets: packets,
                                   maxFrameDuration: discontinuous ? 10 : 3600,
                                   nominalDuration: frameRate.map { 1 / $0 } ?? 0.04)
        geometry = file.geometry(of: stream)
        hasReorderedFrames = stream.pointee.codecpar.pointee.video_delay > 0
    }

    func start() { decoder.start(name: "vplay.video") }

    func stop() {
        packets.abort()
        frames.abort()
        decoder.join()
    }

    var isDrained: Bool {
        decoder.isFinished(atSerial: packets.serial) && frames.remaining == 0
    }
}
