import CFFmpeg
import CPictureKernels

/// Scales and converts a frame to packed 32-bit BGRX (alpha byte opaque) at the size it will occupy on screen,
/// straight into memory the caller provides (the window's pixels or a locked texture).
/// Used where the renderer draws in software: far cheaper than the renderer converting YUV
/// and scaling per pixel.
///
/// 8-bit 4:2:0 at the target size or shrunk by our own kernels (`Shrink`: 1080p or 2160p in a
/// 720p window) goes in one pass through `vp_draw_420`, which shrinks strip by strip in the
/// cache and converts as it goes. Other 4:2:0 pictures are scaled by swscale to 8-bit 4:2:0
/// first (planes allocated once per size, never per frame), then converted by the same
/// kernel; anything else goes through swscale alone.
final class PictureScaler {
    private var resize = Stage()
    private var direct = Stage()
    /// The last rows of an unscaled swscale conversion (`convertUnscaled`).
    private var lastRows = Stage()
    private var planes = ScaledPlanes()
    /// The colour setup applied to the contexts (-1: none yet), and the one the frame asks for.
    private var colorimetryKey = -1
    private var wantedColorimetry = 0
    /// Scratch for our kernels, and the last rows of an unscaled swscale conversion.
    private let kernelScratch = ScratchBuffer<UInt8>()
    private let tailRows = ScratchBuffer<UInt8>()

    /// One swscale context and what it was made for; re-made only when that changes. Not
    /// sws_getCachedContext: swscale rewrites some of a context's settings (BGR0 becomes BGRA,
    /// 4:4:4 input or an odd width forces full chroma), after which it never matches the
    /// request again and was re-made on every frame, losing the colour setup.
    private struct Stage {
        struct Parameters: Equatable {
            var sourceWidth, sourceHeight, width, height: Int
            var format, output: AVPixelFormat
        }
        var context: OpaquePointer?
        var madeFor: Parameters?
    }

    deinit {
        lumaTable.deallocate()
        sws_freeContext(resize.context)
        sws_freeContext(direct.context)
        sws_freeContext(lastRows.context)
    }

    /// Writes `frame` (or its part `source`, corners on even pixels) scaled to `width`×`height`
    /// into `pixels` (rows `pitch` bytes apart), with `equalizer`'s adjustments.
    func draw(_ frame: Frame, source part: PixelBox? = nil, equalizer: PictureEqualizer = PictureEqualizer(),
              into pixels: UnsafeMutableRawPointer, pitch: Int, width: Int, height: Int) -> Bool {
        let frame = frame.pointer
        guard width > 0, height > 0, frame.pointee.width > 0, frame.pointee.height > 0,
              let source = SourcePart(frame, part) else { return false }
        let format = source.format
        var destination = Planes(base: pixels.assumingMemoryBound(to: UInt8.self), pitch: pitch)
        if Self.isSubsampled420(format) {
            var matrix = adjustedMatrix(Colorimetry(of: frame), equalizer)
            let scratch = kernelScratch.reserve(vp_draw_420_scratch_size(Int32(width)))
            if let shrink = Shrink(format, from: source.width, source.height, to: width, height) {
                let p = source.planes
                vp_draw_420(&matrix, shrink.kernel, p.data.0, Int(p.pitches.0), p.data.1, Int(p.pitches.1),
                            p.data.2, Int(p.pitches.2), destination.data.0, pitch, Int32(width), Int32(height), scratch)
                return true
            }
            guard planes.prepare(width: width, height: height),
                  setUp(&resize, source.width, source.height, format, to: AV_PIX_FMT_YUV420P, width, height) else { return false }
            applyColorimetry(of: frame)
            var middle = planes.planes
            guard scale(resize.context, source.planes, rows: Int32(source.height), into: &middle) else { return false }
            vp_yuv420_to_bgra(&matrix, middle.data.0, Int(middle.pitches.0), middle.data.1, Int(middle.pitches.1),
                              middle.data.2, Int(middle.pitches.2), destination.data.0, pitch,
                              Int32(width), Int32(height), scratch)
            return true
        }
        guard setUp(&direct, source.width, source.height, format, to: Self.output, width, height) else { return false }
        applyColorimetry(of: frame)
        if source.width == width && source.height == height {
            return convertUnscaled(direct.context, source.planes, format, width, height, into: destination)
        }
        return scale(direct.context, source.planes, rows: Int32(source.height), into: &destination)
    }

    /// The matrix for `colorimetry` with `equalizer` worked in; its luma table (if any) is kept
    /// here and made again only when the adjustments or the colorimetry change.
    private func adjustedMatrix(_ colorimetry: Colorimetry, _ equalizer: PictureEqualizer) -> vp_yuv_matrix {
        let plain = colorimetry.kernelMatrix
        if equalizer.isNeutral { return plain }
        if adjusted?.colorimetry != colorimetry || adjusted?.equalizer != equalizer {
            let (matrix, table) = equalizer.adjusting(plain)
            if let table { lumaTable.update(from: table, count: 256) }
            adjusted = Adjusted(colorimetry: colorimetry, equalizer: equalizer, matrix: matrix, hasTable: table != nil)
        }
        guard let adjusted else { return plain }
        var matrix = adjusted.matrix
        if adjusted.hasTable { matrix.luma_table = UnsafePointer(lumaTable) }
        return matrix
    }
    private struct Adjusted {
        var colorimetry: Colorimetry
        var equalizer: PictureEqualizer
        var matrix: vp_yuv_matrix
        var hasTable: Bool
    }
    private var adjusted: Adjusted?
    private let lumaTable = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)

    /// BGRA: what swscale makes of a BGR0 request anyway. The alpha byte is ignored by the
    /// XRGB surfaces and textures this feeds.
    private static let output = AV_PIX_FMT_BGRA

    /// Planar YUV with chroma halved both ways (8 bits or more): what our kernels take.
    private static func isSubsampled420(_ format: AVPixelFormat) -> Bool {
        guard let descriptor = av_pix_fmt_desc_get(format) else { return false }
        let d = descriptor.pointee
        return d.log2_chroma_w == 1 && d.log2_chroma_h == 1 && d.nb_components >= 3
            && d.flags & UInt64(AV_PIX_FMT_FLAG_RGB) == 0
    }

    private func setUp(_ stage: inout Stage, _ sourceWidth: Int, _ sourceHeight: Int,
                       _ format: AVPixelFormat, to output: AVPixelFormat, _ width: Int, _ height: Int) -> Bool {
        // A struct, not an array: this runs for every frame and must not allocate.
        let parameters = Stage.Parameters(sourceWidth: sourceWidth, sourceHeight: sourceHeight,
                                          width: width, height: height, format: format, output: output)
        if stage.context != nil && parameters == stage.madeFor { return true }
        // Shrinking: area averaging, as fast as bilinear here and closer to a Lanczos
        // reference (1080p → 720p: 46.4 dB PSNR against bilinear's 45.1).
        let flags = Int32(width < sourceWidth && height < sourceHeight ? SWS_AREA : SWS_BILINEAR)
        sws_freeContext(stage.context)
        stage.context = sws_getContext(Int32(sourceWidth), Int32(sourceHeight), format,
                                       Int32(width), Int32(height), output, flags, nil, nil, nil)
        stage.madeFor = stage.context == nil ? nil : parameters
        colorimetryKey = -1   // a new context starts at swscale's defaults
        return stage.context != nil
    }

    /// An unscaled conversion to RGB. swscale's SIMD kernels for it write whole runs of 16
    /// pixels: up to 32 bytes past the end of a row whose width is not a multiple of 16, and a
    /// 4:2:0 picture's rows in pairs. Inside the picture the next row overwrites that; past the
    /// last row it would land outside the texture. So the last rows go through a context of
    /// their own into a padded scratch and are copied; a 4:2:0 picture of odd height repeats
    /// its last row instead of converting it.
    private func convertUnscaled(_ context: OpaquePointer?, _ source: Planes, _ format: AVPixelFormat,
                                 _ width: Int, _ height: Int, into destination: Planes) -> Bool {
        var destination = destination
        let chromaShift = Int(av_pix_fmt_desc_get(format)?.pointee.log2_chroma_h ?? 0)
        let rows = chromaShift > 0 ? height & ~1 : height
        let tail = chromaShift > 0 ? 2 : 1   // a 4:2:0 slice starts on an even row
        let head = rows - tail
        guard head >= 2, let target = destination.data.0,
              setUp(&lastRows, width, tail, format, to: Self.output, width, tail)
        else { return scale(context, source, rows: Int32(height), into: &destination) }
        applyColorimetry(wantedColorimetry)   // in case that context is new
        guard scale(context, source, rows: Int32(head), into: &destination) else { return false }
        let pitch = (width + 16) * 4
        let tailBase = tailRows.reserve(pitch * tail)
        var rest = source
        rest.data.0 = rest.data.0.map { $0 + head * Int(rest.pitches.0) }
        rest.data.1 = rest.data.1.map { $0 + (head >> chromaShift) * Int(rest.pitches.1) }
        rest.data.2 = rest.data.2.map { $0 + (head >> chromaShift) * Int(rest.pitches.2) }
        var scratch = Planes(base: tailBase, pitch: pitch)
        guard scale(lastRows.context, rest, rows: Int32(tail), into: &scratch) else { return false }
        let targetPitch = Int(destination.pitches.0)
        for row in 0..<tail {
            (target + (head + row) * targetPitch).update(from: tailBase + row * pitch, count: width * 4)
        }
        if rows < height {
            (target + rows * targetPitch).update(from: target + (rows - 1) * targetPitch, count: width * 4)
        }
        return true
    }

    private func scale(_ context: OpaquePointer?, _ source: Planes, rows: Int32, into destination: inout Planes) -> Bool {
        var source = source
        return withUnsafePointer(to: &source.data) { sourceData in
            withUnsafePointer(to: &source.pitches) { sourcePitches in
                withUnsafeMutablePointer(to: &destination.data) { data in
                    withUnsafeMutablePointer(to: &destination.pitches) { pitches in
                        sws_scale(context,
                                  UnsafeRawPointer(sourceData).assumingMemoryBound(to: UnsafePointer<UInt8>?.self),
                                  UnsafeRawPointer(sourcePitches).assumingMemoryBound(to: Int32.self),
                                  0, rows,
                                  UnsafeMutableRawPointer(data).assumingMemoryBound(to: UnsafeMutablePointer<UInt8>?.self),
                                  UnsafeMutableRawPointer(pitches).assumingMemoryBound(to: Int32.self)) > 0
                    }
                }
            }
        }
    }

    /// swscale assumes BT.601 limited range unless told: HD pictures are BT.709, JPEG-style
    /// sources are full range. The YUV resize keeps the range as it is; only the conversion
    /// to RGB interprets it.
    private func applyColorimetry(of frame: UnsafeMutablePointer<AVFrame>) {
        let colorimetry = Colorimetry(of: frame)
        wantedColorimetry = (colorimetry.isHD ? 1 : 0) | (colorimetry.isFullRange ? 2 : 0)
        applyColorimetry(wantedColorimetry)
    }

    private func applyColorimetry(_ key: Int) {
        guard key != colorimetryKey else { return }
        colorimetryKey = key
        let fullRange = Int32(key >> 1)
        let coefficients = sws_getCoefficients(key & 1 != 0 ? SWS_CS_ITU709 : SWS_CS_ITU601)
        let unchanged: Int32 = 1 << 16
        if let context = resize.context {
            sws_setColorspaceDetails(context, coefficients, fullRange, coefficients, fullRange, 0, unchanged, unchanged)
        }
        for case let context? in [direct.context, lastRows.context] {
            sws_setColorspaceDetails(context, coefficients, fullRange,
                                     sws_getCoefficients(SWS_CS_DEFAULT), 1, 0, unchanged, unchanged)
        }
    }
}

/// Up to four plane pointers and their pitches, as swscale takes them.
struct Planes {
    var data: (UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt8>?,
               UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt8>?) = (nil, nil, nil, nil)
    var pitches: (Int32, Int32, Int32, Int32) = (0, 0, 0, 0)

    init() {}

    init(base: UnsafeMutablePointer<UInt8>, pitch: Int) {
        data.0 = base
        pitches.0 = Int32(pitch)
    }

    init(frame: UnsafeMutablePointer<AVFrame>) {
        let f = frame.pointee
        data = (f.data.0, f.data.1, f.data.2, f.data.3)
        pitches = (f.linesize.0, f.linesize.1, f.linesize.2, f.linesize.3)
    }
}

/// A frame's planes moved to a part of the picture: no copy, the pointers only.
private struct SourcePart {
    var planes: Planes
    var width: Int
    var height: Int
    var format: AVPixelFormat

    /// Nil for a part outside the frame, or a part of a format whose samples cannot be
    /// addressed by pointer (bitstream formats); the whole frame for `part` nil.
    init?(_ frame: UnsafeMutablePointer<AVFrame>, _ part: PixelBox?) {
        format = AVPixelFormat(frame.pointee.format)
        planes = Planes(frame: frame)
        let frameWidth = Int(frame.pointee.width), frameHeight = Int(frame.pointee.height)
        guard let part, part != PixelBox(x: 0, y: 0, width: frameWidth, height: frameHeight) else {
            (width, height) = (frameWidth, frameHeight)
            return
        }
        guard part.x >= 0, part.y >= 0, part.width > 0, part.height > 0, part.x + part.width <= frameWidth,
              part.y + part.height <= frameHeight, let descriptor = av_pix_fmt_desc_get(format) else { return nil }
        let d = descriptor.pointee
        guard d.flags & UInt64(AV_PIX_FMT_FLAG_BITSTREAM | AV_PIX_FMT_FLAG_HWACCEL) == 0 else { return nil }
        let x = part.x & ~((1 << d.log2_chroma_w) - 1), y = part.y & ~((1 << d.log2_chroma_h) - 1)
        // The first component on each plane says how far apart its samples are. (No arrays:
        // this runs for every frame.)
        var offsets = (0, 0, 0, 0)
        var done = 0
        for index in 0..<min(4, Int(d.nb_components)) {
            let component = switch index {
            case 0: d.comp.0
            case 1: d.comp.1
            case 2: d.comp.2
            default: d.comp.3
            }
            guard done & (1 << component.plane) == 0 else { continue }
            done |= 1 << component.plane
            let chroma = index == 1 || index == 2
            let offset = (chroma ? x >> d.log2_chroma_w : x) * Int(component.step)
                + (chroma ? y >> d.log2_chroma_h : y) * Int(Self.pitch(planes, component.plane))
            switch component.plane {
            case 0: offsets.0 = offset
            case 1: offsets.1 = offset
            case 2: offsets.2 = offset
            default: offsets.3 = offset
            }
        }
        planes.data.0 = planes.data.0.map { $0 + offsets.0 }
        // A palette stays where it is.
        if d.flags & UInt64(AV_PIX_FMT_FLAG_PAL) == 0 { planes.data.1 = planes.data.1.map { $0 + offsets.1 } }
        planes.data.2 = planes.data.2.map { $0 + offsets.2 }
        planes.data.3 = planes.data.3.map { $0 + offsets.3 }
        width = part.width + part.x - x
        height = part.height + part.y - y
    }

    private static func pitch(_ planes: Planes, _ plane: Int32) -> Int32 {
        switch plane {
        case 0: planes.pitches.0
        case 1: planes.pitches.1
        case 2: planes.pitches.2
        default: planes.pitches.3
        }
    }
}

/// The YUV 4:2:0 picture between the two passes; reallocated only when the size changes.
private struct ScaledPlanes {
    private(set) var planes = Planes()
    private var size: (width: Int, height: Int) = (0, 0)
    private var storage: Storage?

    private final class Storage {
        var base: UnsafeMutablePointer<UInt8>?
        deinit { av_freep(&base) }
    }

    mutating func prepare(width: Int, height: Int) -> Bool {
        if storage != nil && size == (width, height) { return true }
        let owner = Storage()
        var data: (UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt8>?,
                   UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt8>?) = (nil, nil, nil, nil)
        var pitches: (Int32, Int32, Int32, Int32) = (0, 0, 0, 0)
        let status = withUnsafeMutablePointer(to: &data) { d in
            withUnsafeMutablePointer(to: &pitches) { p in
                av_image_alloc(UnsafeMutableRawPointer(d).assumingMemoryBound(to: UnsafeMutablePointer<UInt8>?.self),
                               UnsafeMutableRawPointer(p).assumingMemoryBound(to: Int32.self),
                               Int32(width), Int32(height), AV_PIX_FMT_YUV420P, 64)
            }
        }
        guard status >= 0 else { storage = nil; return false }
        owner.base = data.0
        storage = owner
        planes.data = data
        planes.pitches = pitches
        size = (width, height)
        return true
    }
}
