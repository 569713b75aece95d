import CFFmpeg

/// Scales and converts a frame to packed 32-bit BGRX at the size it will occupy on screen,
/// with swscale's SIMD code, straight into memory the caller provides (a locked texture).
/// Used where the renderer draws in software: one pass here is far cheaper than the
/// renderer converting YUV and scaling per pixel, and there is no intermediate copy.
final class PictureScaler {
    private var context: OpaquePointer?
    /// The colour setup applied to `context` (-1: none yet).
    private var colorimetryKey = -1

    deinit {
        sws_freeContext(context)
    }

    /// Writes `frame` scaled to `width`×`height` into `pixels` (rows `pitch` bytes apart).
    func draw(_ frame: Frame, into pixels: UnsafeMutableRawPointer, pitch: Int, width: Int, height: Int) -> Bool {
        let source = frame.pointer
        guard width > 0, height > 0, source.pointee.width > 0, source.pointee.height > 0 else { return false }
        let previous = context
        context = sws_getCachedContext(context, source.pointee.width, source.pointee.height,
                                       AVPixelFormat(source.pointee.format),
                                       Int32(width), Int32(height), AV_PIX_FMT_BGR0,
                                       Int32(SWS_BILINEAR), nil, nil, nil)
        guard context != nil else { return false }
        if context != previous { colorimetryKey = -1 }   // a new context starts at swscale's defaults
        applyColorimetry(of: source)
        typealias Planes = (UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt8>?,
                            UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt8>?)
        var destination: Planes = (pixels.assumingMemoryBound(to: UInt8.self), nil, nil, nil)
        var destinationStride: (Int32, Int32, Int32, Int32) = (Int32(pitch), 0, 0, 0)
        let lines = withUnsafePointer(to: source.pointee.data) { src in
            withUnsafePointer(to: source.pointee.linesize) { srcStride in
                withUnsafeMutablePointer(to: &destination) { dst in
                    withUnsafeMutablePointer(to: &destinationStride) { dstStride in
                        sws_scale(context,
                                  UnsafeRawPointer(src).assumingMemoryBound(to: UnsafePointer<UInt8>?.self),
                                  UnsafeRawPointer(srcStride).assumingMemoryBound(to: Int32.self),
                                  0, source.pointee.height,
                                  UnsafeMutableRawPointer(dst).assumingMemoryBound(to: UnsafeMutablePointer<UInt8>?.self),
                                  UnsafeMutableRawPointer(dstStride).assumingMemoryBound(to: Int32.self))
                    }
                }
            }
        }
        return lines > 0
    }

    /// swscale assumes BT.601 limited range unless told: HD pictures are BT.709, JPEG-style
    /// sources are full range.
    private func applyColorimetry(of frame: UnsafeMutablePointer<AVFrame>) {
        let space = frame.pointee.colorspace
        let isHD = space == AVCOL_SPC_BT709 || (space == AVCOL_SPC_UNSPECIFIED && frame.pointee.height > 576)
        let key = (isHD ? 1 : 0) | (frame.pointee.color_range == AVCOL_RANGE_JPEG ? 2 : 0)
        guard key != colorimetryKey else { return }
        colorimetryKey = key
        let coefficients = sws_getCoefficients(isHD ? SWS_CS_ITU709 : SWS_CS_ITU601)
        sws_setColorspaceDetails(context, coefficients, Int32(key & 2 != 0 ? 1 : 0),
                                 sws_getCoefficients(SWS_CS_DEFAULT), 1, 0, 1 << 16, 1 << 16)
    }
}
