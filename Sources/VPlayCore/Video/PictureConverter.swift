import CFFmpeg

/// Exposes a frame as a `VideoPicture`. 8-bit 4:2:0 and NV12 pass straight through
/// (no copy); anything else (10-bit, 4:2:2, 4:4:4, RGB) is converted once by swscale
/// into a buffer reused from frame to frame.
final class PictureConverter {
    private var scaler: OpaquePointer?
    private var target: UnsafeMutablePointer<AVFrame>?
    private var sourceKey: (format: Int32, width: Int32, height: Int32)?

    deinit {
        sws_freeContext(scaler)
        av_frame_free(&target)
    }

    func picture(from frame: Frame, startTime: Double) -> VideoPicture? {
        let f = frame.pointer
        let format = AVPixelFormat(f.pointee.format)
        let matrix: VideoPicture.ColorMatrix = Colorimetry(of: f).isHD ? .bt709 : .bt601
        let time = frame.pts - startTime
        switch format {
        case AV_PIX_FMT_YUV420P, AV_PIX_FMT_YUVJ420P:
            return Self.wrap(f, layout: .yuv420p, planeCount: 3, matrix: matrix, time: time)
        case AV_PIX_FMT_NV12:
            return Self.wrap(f, layout: .nv12, planeCount: 2, matrix: matrix, time: time)
        default:
            guard let converted = convert(f) else { return nil }
            return Self.wrap(converted, layout: .yuv420p, planeCount: 3, matrix: matrix, time: time)
        }
    }

    private func convert(_ f: UnsafeMutablePointer<AVFrame>) -> UnsafeMutablePointer<AVFrame>? {
        let w = f.pointee.width, h = f.pointee.height
        if sourceKey == nil || sourceKey! != (f.pointee.format, w, h) {
            sws_freeContext(scaler)
            av_frame_free(&target)
            scaler = sws_getContext(w, h, AVPixelFormat(f.pointee.format), w, h, AV_PIX_FMT_YUV420P,
                                    Int32(SWS_BICUBIC), nil, nil, nil)
            target = av_frame_alloc()
            guard scaler != nil, let target else { sourceKey = nil; return nil }
            target.pointee.format = AV_PIX_FMT_YUV420P.rawValue
            target.pointee.width = w
            target.pointee.height = h
            guard av_frame_get_buffer(target, 32) >= 0 else { sourceKey = nil; return nil }
            sourceKey = (f.pointee.format, w, h)
        }
        guard let target else { return nil }
        let status = sws_scale_frame(scaler, target, f)
        return status >= 0 ? target : nil
    }

    private static func wrap(_ f: UnsafeMutablePointer<AVFrame>, layout: VideoPicture.Layout, planeCount: Int,
                             matrix: VideoPicture.ColorMatrix, time: Double) -> VideoPicture? {
        let data = f.pointee.data
        let lines = f.pointee.linesize
        guard let y = data.0, let u = data.1 else { return nil }
        let v = planeCount == 3 ? data.2.map { UnsafePointer($0) } : nil
        if planeCount == 3 && v == nil { return nil }
        let planes = (UnsafePointer(y), UnsafePointer(u), v)
        let pitches = (Int(lines.0), Int(lines.1), Int(lines.2))
        return VideoPicture(layout: layout, width: Int(f.pointee.width), height: Int(f.pointee.height),
                            planes: planes, pitches: pitches, colorMatrix: matrix, time: time)
    }
}
