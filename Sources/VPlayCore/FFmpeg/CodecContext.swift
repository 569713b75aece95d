import CFFmpeg

/// Owns one opened AVCodecContext for a stream.
final class CodecContext: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<AVCodecContext>
    let timeBase: AVRational

    /// One decoding thread per core. FFmpeg's automatic choice is one more than that, which
    /// measured slower here: 1080p H.264 decode-only took 0.99 s with 3 threads on 2 cores and
    /// 0.84 s with 2 (`ffmpeg -threads N -i CLIP -an -f null -`), and each extra frame thread
    /// is one more frame of delay before a seek's first picture.
    static let threadCount = Int32(max(1, min(16, av_cpu_count())))

    init(stream: UnsafeMutablePointer<AVStream>, path: String) throws(PlayerError) {
        let parameters = stream.pointee.codecpar!
        guard let codec = avcodec_find_decoder(parameters.pointee.codec_id) else {
            throw PlayerError.noDecoder(path, Self.missingDecoder(parameters.pointee))
        }
        guard let ctx = avcodec_alloc_context3(codec) else {
            throw PlayerError.noDecoder(path, "out of memory")
        }
        pointer = ctx
        timeBase = stream.pointee.time_base
        var status = avcodec_parameters_to_context(ctx, parameters)
        if status >= 0 {
            ctx.pointee.pkt_timebase = stream.pointee.time_base
            // Frame threading, one thread per core: decode runs ahead of presentation.
            ctx.pointee.thread_count = Self.threadCount
            status = avcodec_open2(ctx, codec, nil)
        }
        if status < 0 {
            throw PlayerError.noDecoder(path, FFmpegError.message(status))
        }
    }

    /// "unknown video codec" when the file names a codec FFmpeg does not know, else
    /// "no decoder for audio codec 'mpegh_3d_audio'".
    static func missingDecoder(_ parameters: AVCodecParameters) -> String {
        let kind = av_get_media_type_string(parameters.codec_type).map { String(cString: $0) } ?? "stream"
        guard parameters.codec_id != AV_CODEC_ID_NONE else { return "unknown \(kind) codec" }
        return "no decoder for \(kind) codec '\(String(cString: avcodec_get_name(parameters.codec_id)))'"
    }

    deinit {
        var ctx: UnsafeMutablePointer<AVCodecContext>? = pointer
        avcodec_free_context(&ctx)
    }
}
