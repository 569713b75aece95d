import CFFmpeg

/// Owns a swscale context that turns one decoded picture into packed RGB24 at the same
/// size, reading its colours the way the player shows them.
final class RGBConverter {
    private let context: OpaquePointer

    init(for source: UnsafeMutablePointer<AVFrame>) throws(EncodingFailure) {
        let width = source.pointee.width, height = source.pointee.height
        let format = AVPixelFormat(source.pointee.format)
        // Full chroma interpolation and accurate rounding: a still is looked at closely.
        let flags = SWS_BICUBIC | SWS_FULL_CHR_H_INT | SWS_ACCURATE_RND
        guard width > 0, height > 0,
              let context = sws_getContext(width, height, format, width, height, AV_PIX_FMT_RGB24,
                                           Int32(flags), nil, nil, nil)
        else {
            let name = av_get_pix_fmt_name(format).map { String(cString: $0) } ?? "none"
            throw EncodingFailure(reason: "cannot convert a \(width)x\(height) '\(name)' picture to RGB")
        }
        self.context = context
        applyColorimetry(of: source)
    }

    deinit { sws_freeContext(context) }

    func convert(_ source: UnsafeMutablePointer<AVFrame>) throws(EncodingFailure) -> Frame {
        let rgb = Frame()
        let target = rgb.pointer
        target.pointee.format = AV_PIX_FMT_RGB24.rawValue
        target.pointee.width = source.pointee.width
        target.pointee.height = source.pointee.height
        guard av_frame_get_buffer(target, 0) >= 0 else { throw EncodingFailure(reason: "out of memory") }
        let status = sws_scale_frame(context, target, source)
        guard status >= 0 else { throw EncodingFailure(reason: "cannot convert the picture to RGB") }
        return rgb
    }

    /// swscale reads YUV as BT.601 unless told. Like the player's own paths: untagged HD
    /// pictures are BT.709, tagged ones use their matrix; a tagged range overrides the
    /// format's default (limited, or full for the JPEG and grey formats).
    private func applyColorimetry(of frame: UnsafeMutablePointer<AVFrame>) {
        var inverse: UnsafeMutablePointer<Int32>?, table: UnsafeMutablePointer<Int32>?
        var sourceRange: Int32 = 0, targetRange: Int32 = 0
        var brightness: Int32 = 0, contrast: Int32 = 0, saturation: Int32 = 0
        guard sws_getColorspaceDetails(context, &inverse, &sourceRange, &table, &targetRange,
                                       &brightness, &contrast, &saturation) >= 0
        else { return }
        let space = frame.pointee.colorspace
        let matrix = space != AVCOL_SPC_UNSPECIFIED ? Int32(space.rawValue)
            : frame.pointee.height > 576 ? SWS_CS_ITU709 : SWS_CS_ITU601
        switch frame.pointee.color_range {
        case AVCOL_RANGE_JPEG: sourceRange = 1
        case AVCOL_RANGE_MPEG: sourceRange = 0
        default: break
        }
        sws_setColorspaceDetails(context, sws_getCoefficients(matrix), sourceRange, table, targetRange,
                                 brightness, contrast, saturation)
    }
}
