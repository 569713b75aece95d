import CFFmpeg

/// Brings HDR frames the tone-mapping kernel cannot read directly (8-bit, semi-planar, 4:2:2)
/// to planar 4:2:0 16-bit, into a picture reused from frame to frame.
final class FormatWidener {
    private var scaler: OpaquePointer?
    private var target: UnsafeMutablePointer<AVFrame>?
    private var madeFor: (format: Int32, width: Int32, height: Int32)?

    deinit {
        sws_freeContext(scaler)
        av_frame_free(&target)
    }

    /// Planar 4:2:0 with one little-endian 16-bit word per sample, value in the low bits.
    static func isReadable(_ format: AVPixelFormat) -> Bool {
        guard let d = av_pix_fmt_desc_get(format)?.pointee else { return false }
        return d.nb_components == 3 && d.log2_chroma_w == 1 && d.log2_chroma_h == 1
            && d.flags & UInt64(AV_PIX_FMT_FLAG_RGB | AV_PIX_FMT_FLAG_BE | AV_PIX_FMT_FLAG_HWACCEL) == 0
            && d.comp.0.step == 2 && d.comp.0.shift == 0 && d.comp.0.plane == 0
            && d.comp.1.plane == 1 && d.comp.2.plane == 2
    }

    static func bitDepth(_ format: AVPixelFormat) -> Int? {
        guard isReadable(format), let d = av_pix_fmt_desc_get(format)?.pointee else { return nil }
        return Int(d.comp.0.depth)
    }

    func widen(_ source: UnsafeMutablePointer<AVFrame>) -> UnsafeMutablePointer<AVFrame>? {
        let s = source.pointee
        if madeFor == nil || madeFor! != (s.format, s.width, s.height) {
            sws_freeContext(scaler)
            av_frame_free(&target)
            madeFor = nil
            scaler = sws_getContext(s.width, s.height, AVPixelFormat(s.format), s.width, s.height,
                                    AV_PIX_FMT_YUV420P16LE, Int32(SWS_POINT), nil, nil, nil)
            target = av_frame_alloc()
            guard scaler != nil, let target else { return nil }
            target.pointee.format = AV_PIX_FMT_YUV420P16LE.rawValue
            target.pointee.width = s.width
            target.pointee.height = s.height
            guard av_frame_get_buffer(target, 64) >= 0 else { return nil }
            madeFor = (s.format, s.width, s.height)
        }
        guard let target, sws_scale_frame(scaler, target, source) >= 0 else { return nil }
        return target
    }
}
