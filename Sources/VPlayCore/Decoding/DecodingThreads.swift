import CFFmpeg

/// How many threads decode a video stream.
///
/// Frame threading has a cost of its own (contexts copied per frame, threads woken per frame,
/// pictures decoded on one core and referenced on another): 1080p H.264 on two cores takes
/// about 10 % more CPU with three threads than with one, decoding alone or playing. Playing in
/// real time, a light stream needs a fraction of one core, so it starts on one thread and
/// moves to `CodecContext.threadCount` the first time pictures come too late. Untimed
/// playback and heavy streams use them all from the start.
struct DecodingThreads: Equatable {
    /// Threads to open the codec with.
    let initial: Int32
    /// Threads to move to when pictures come too late; nil: none to add.
    let whenBehind: Int32?

    /// What `--vd-lavc-threads` and `--bench` ask for.
    struct Request: Equatable, Sendable {
        /// A fixed count, or 0 to choose by the stream.
        var count = 0
        /// Frames shown as fast as they decode: throughput counts, not CPU per frame.
        var untimed = false
    }

    /// Codecs whose single-threaded decoders keep up with a light stream many times over.
    private static let lightCodecs: [AVCodecID] = [AV_CODEC_ID_H264, AV_CODEC_ID_HEVC, AV_CODEC_ID_MPEG2VIDEO,
                                                   AV_CODEC_ID_MPEG1VIDEO, AV_CODEC_ID_MPEG4, AV_CODEC_ID_VP8, AV_CODEC_ID_VP9]
    /// Pixels a second up to which a stream is light: 1080p at 30 frames a second.
    private static let lightPixelRate = 1920.0 * 1088 * 30

    init(initial: Int32, whenBehind: Int32?) {
        self.initial = initial
        self.whenBehind = whenBehind
    }

    /// - Parameters:
    ///   - all: the threads for full speed (`CodecContext.threadCount`).
    ///   - frameRate: frames a second, nil when the stream does not say (taken as 30).
    init(_ request: Request, codec: AVCodecID, width: Int, height: Int, frameRate: Double?, all: Int32) {
        if request.count > 0 {
            initial = Int32(min(request.count, 16))
            whenBehind = nil
            return
        }
        let pixelRate = Double(width) * Double(height) * (frameRate ?? 30)
        let light = Self.lightCodecs.contains(codec) && pixelRate <= Self.lightPixelRate
        if request.untimed || !light || all <= 1 {
            initial = all
            whenBehind = nil
        } else {
            initial = 1
            whenBehind = all
        }
    }
}
