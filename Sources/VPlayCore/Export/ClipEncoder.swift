import CFFmpeg

/// Owns the encoder of one re-encoded stretch of a clip, of the video's own codec. Its
/// parameter sets travel inside its first packet (H.264's carry id 1, so the decoder of the
/// finished clip tells them from the copied packets' across each join; HEVC's replace the
/// file's until the copied packets bring those back); no B-frames, so its packets come out in
/// order and their decoding times can be set to sit before the copied ones.
final class ClipEncoder {
    let pointer: UnsafeMutablePointer<AVCodecContext>

    /// The encoder and its settings for each codec a cut can re-encode.
    private static let encoders: [AVCodecID: (name: String, options: [(String, String)])] = [
        AV_CODEC_ID_H264: ("libx264", [("preset", "veryfast"), ("crf", "16"), ("x264-params", "sps-id=1:bframes=0")]),
        AV_CODEC_ID_HEVC: ("libx265", [("preset", "veryfast"), ("crf", "18"),
                                       ("x265-params", "bframes=0:open-gop=0:frame-threads=1:pools=none:log-level=error")]),
        AV_CODEC_ID_VP9: ("libvpx-vp9", [("deadline", "realtime"), ("cpu-used", "8"), ("crf", "20"), ("b", "0"),
                                         ("lag-in-frames", "0"), ("auto-alt-ref", "0")]),
    ]

    /// Whether this FFmpeg can re-encode part of a `codec` stream for a cut.
    static func canEncode(_ codec: AVCodecID) -> Bool {
        guard let entry = encoders[codec] else { return false }
        return avcodec_find_encoder_by_name(entry.name) != nil
    }

    init(like decoder: UnsafeMutablePointer<AVCodecContext>, stream: UnsafeMutablePointer<AVStream>) throws(ClipError) {
        let id = stream.pointee.codecpar.pointee.codec_id
        guard let entry = Self.encoders[id], let codec = avcodec_find_encoder_by_name(entry.name) else {
            throw ClipError("this FFmpeg has no \(String(cString: avcodec_get_name(id))) encoder")
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
        for (key, value) in entry.options { av_dict_set(&options, key, value, 0) }
        let status = avcodec_open2(context, codec, &options)
        av_dict_free(&options)
        if status < 0 {
            throw ClipError("the \(entry.name) encoder refused the picture (\(FFmpegError.message(status)))")
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
