import CFFmpeg

/// Scales and converts a frame to packed 32-bit BGRX at the size it will occupy on screen,
/// with swscale's SIMD code, straight into memory the caller provides (a locked texture).
/// Used where the renderer draws in software: one pass here is far cheaper than the
/// renderer converting YUV and scaling per pixel, and there is no intermediate copy.
final class PictureScaler {
    private var context: OpaquePointer?

    deinit {
        sws_freeContext(context)
    }

    /// Writes `frame` scaled to `width`×`height` into `pixels` (rows `pitch` bytes apart).
    func draw(_ frame: Frame, into pixels: UnsafeMutableRawPointer, pitch: Int, width: Int, height: Int) -> Bool {
        let source = frame.pointer
        guard width > 0, height > 0, source.pointee.width > 0, source.pointee.height > 0 else { return false }
        context = sws_getCachedContext(context, source.pointee.width, source.pointee.height,
                                       AVPixelFormat(source.pointee.format),
                                       Int32(width), Int32(height), AV_PIX_FMT_BGR0,
                                       Int32(SWS_BILINEAR), nil, nil, nil)
        guard context != nil else { return false }
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
}
