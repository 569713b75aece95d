import CFFmpeg

/// Why a picture could not be turned into an image file.
struct EncodingFailure: Error, Equatable {
    let reason: String
}

/// Owns FFmpeg's PNG encoder, opened for RGB24 pictures of one size.
final class PNGEncoder {
    private let context: UnsafeMutablePointer<AVCodecContext>

    init(width: Int32, height: Int32) throws(EncodingFailure) {
        guard let codec = avcodec_find_encoder(AV_CODEC_ID_PNG) else {
            throw EncodingFailure(reason: "this FFmpeg has no PNG encoder")
        }
        guard let context = avcodec_alloc_context3(codec) else { throw EncodingFailure(reason: "out of memory") }
        self.context = context
        context.pointee.width = width
        context.pointee.height = height
        context.pointee.pix_fmt = AV_PIX_FMT_RGB24
        context.pointee.time_base = AVRational(num: 1, den: 1)   // required of every encoder, unused by PNG
        let status = avcodec_open2(context, codec, nil)
        if status < 0 { throw EncodingFailure(reason: "PNG encoder: \(FFmpegError.message(status))") }
    }

    deinit {
        var context: UnsafeMutablePointer<AVCodecContext>? = context
        avcodec_free_context(&context)
    }

    /// The PNG file's bytes for `rgb`, an RGB24 picture of the encoder's size.
    func encode(_ rgb: UnsafeMutablePointer<AVFrame>) throws(EncodingFailure) -> [UInt8] {
        let packet = Packet()
        var status = avcodec_send_frame(context, rgb)
        if status >= 0 { status = avcodec_receive_packet(context, packet.pointer) }
        guard status >= 0, let data = packet.pointer.pointee.data else {
            throw EncodingFailure(reason: "PNG encoder: \(FFmpegError.message(status))")
        }
        return Array(UnsafeBufferPointer(start: data, count: packet.size))
    }
}
