import CFFmpeg

/// Owns one opened AVCodecContext for a stream.
final class CodecContext: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<AVCodecContext>
    let timeBase: AVRational

    /// One decoding thread more than there are cores, as FFmpeg chooses itself. Decoding
    /// alone is faster with one per core (1080p H.264 on 2 cores: 0.84 s with 2 threads, 0.99 s
    /// with 3), but in the player the main thread's scaling and presenting leave gaps that a
    /// third frame in flight fills: `vplay --bench` at 1080p took 1.35 s with 3 threads against
    /// 1.50 s with 2 (medians of 6). Exact seeks and real-time CPU were the same either way.
    /// Light streams played in real time start on one thread (`DecodingThreads`).
    static let threadCount = Int32(max(1, min(16, av_cpu_count() + 1)))

    /// Decodes on this device; nil for software.
    let hardware: HardwareDevice?

    /// - Parameters:
    ///   - threads: decoding threads (frame threading above 1); one on a hardware device.
    ///   - hardware: the device to decode on, nil for the CPU.
    ///   - configure: settings applied before the codec opens (skipping, flags).
    init(stream: UnsafeMutablePointer<AVStream>, path: String, threads: Int32 = CodecContext.threadCount,
         hardware: HardwareDevice? = nil,
         configure: (UnsafeMutablePointer<AVCodecContext>) -> Void = { _ in }) throws(PlayerError) {
        let parameters = stream.pointee.codecpar!
        guard let codec = avcodec_find_decoder(parameters.pointee.codec_id) else {
            throw PlayerError.noDecoder(path, Self.missingDecoder(parameters.pointee))
        }
        guard let ctx = avcodec_alloc_context3(codec) else {
            throw PlayerError.noDecoder(path, "out of memory")
        }
        pointer = ctx
        timeBase = stream.pointee.time_base
        self.hardware = hardware
        var status = avcodec_parameters_to_context(ctx, parameters)
        if status >= 0 {
            ctx.pointee.pkt_timebase = stream.pointee.time_base
            // Frame threading: decode runs ahead of presentation.
            ctx.pointee.thread_count = threads
            if let hardware {
                ctx.pointee.hw_device_ctx = hardware.reference()
                ctx.pointee.thread_count = 1
                // The format get_format asks for, carried in the context itself (no captures).
                ctx.pointee.opaque = UnsafeMutableRawPointer(bitPattern: Int(hardware.pixelFormat.rawValue))
                ctx.pointee.get_format = chooseHardwareFormat
            }
            configure(ctx)
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

/// libavcodec's get_format for hardware decoding: the device's format when offered, else
/// the last (a software one), with which the codec decodes on the CPU.
private func chooseHardwareFormat(_ context: UnsafeMutablePointer<AVCodecContext>?,
                                  _ formats: UnsafePointer<AVPixelFormat>?) -> AVPixelFormat {
    let wanted = Int32(truncatingIfNeeded: Int(bitPattern: context?.pointee.opaque))
    var chosen = AV_PIX_FMT_NONE
    var next = formats
    while let format = next?.pointee, format != AV_PIX_FMT_NONE {
        if format.rawValue == wanted { return format }
        chosen = format
        next = next! + 1
    }
    return chosen
}
