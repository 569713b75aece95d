import CFFmpeg

/// Owns the H.264 encoder of one re-encoded stretch of a clip. Its parameter sets carry id 1
/// and travel inside its first packet, so the decoder of the finished clip tells them from the
/// copied packets' (id 0, in the file's header) across each join; no B-frames, so its packets
/// come out in order and their decoding times can be set to sit before the copied ones.
final class ClipEncoder {
    let pointer: UnsafeMutablePointer<AVCodecContext>

    init(like decoder: UnsafeMutablePointer<AVCodecContext>, stream: UnsafeMutablePointer<AVStream>) throws(ClipError) {
        guard let codec = avcodec_find_encoder_by_name("libx264") else {
            throw ClipError("this FFmpeg has no H.264 encoder (libx264)")
        }
        guard let context = avcodec_alloc_context3(codec) else { throw ClipError("out of memory") }
        pointer = context
        context.pointee.width = decoder.pointee.width
        context.pointee.height = decoder.pointee.height
        context.pointee.pix_fmt = decoder.pointee.pix_fmt
        context.pointee.sample_aspect_ratio = decoder.pointee.sample_aspect_ratio
        context.pointee.color_range = decoder.pointee.color_range
        context.pointee.color_primaries = decoder.pointee.color_primaries
        context.pointee.color_trc = decoder.pointee.color_trc
        context.pointee.colorspace = decoder.pointee.colorspace
        context.pointee.chroma_sample_location = decoder.pointee.chroma_sample_location
        context.pointee.time_base = stream.pointee.time_base
        context.pointee.framerate = stream.pointee.avg_frame_rate
        // One thread: the export runs beside playback and must not take its cores.
        context.pointee.thread_count = 1
        var options: OpaquePointer?
        av_dict_set(&options, "preset", "veryfast", 0)
        av_dict_set(&options, "crf", "16", 0)
        av_dict_set(&options, "x264-params", "sps-id=1:bframes=0", 0)
        let status = avcodec_open2(context, codec, &options)
        av_dict_free(&options)
        if status < 0 {
            throw ClipError("the H.264 encoder refused the picture (\(FFmpegError.message(status)))")
        }
    }

    deinit {
        var context: UnsafeMutablePointer<AVCodecContext>? = pointer
        avcodec_free_context(&context)
    }

    /// Feeds `frame` (nil: the end) and hands each finished packet to `write`.
    func encode(_ frame: UnsafeMutablePointer<AVFrame>?, packet: UnsafeMutablePointer<AVPacket>,
                write: (UnsafeMutablePointer<AVPacket>) throws(ClipError) -> Void) throws(ClipError) {
        var status = avcodec_send_frame(pointer, frame)
        guard status >= 0 else { throw ClipError("encoding failed (\(FFmpegError.message(status)))") }
        while true {
            status = avcodec_receive_packet(pointer, packet)
            if status == vp_averror_eagain() || status == vp_averror_eof() { return }
            guard status >= 0 else { throw ClipError("encoding failed (\(FFmpegError.message(status)))") }
            defer { av_packet_unref(packet) }
            try write(packet)
        }
    }
}
