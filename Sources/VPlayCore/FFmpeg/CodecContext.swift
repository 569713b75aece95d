import CFFmpeg

/// Owns one opened AVCodecContext for a stream.
final class CodecContext: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<AVCodecContext>
    let timeBase: AVRational

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
            // Frame threading on every core: decode runs ahead of presentation.
            ctx.pointee.thread_count = 0
            var options: OpaquePointer?
            av_dict_set(&options, "threads", "auto", 0)
            status = avcodec_open2(ctx, codec, &options)
            av_dict_free(&options)
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
