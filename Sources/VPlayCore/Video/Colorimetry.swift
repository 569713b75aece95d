import CFFmpeg
import CPictureKernels

/// How the player reads a frame's Y'CbCr: BT.709 for HD (tagged, or untagged above 576 lines),
/// else BT.601; full range when tagged so or in a JPEG-style format, else limited.
struct Colorimetry: Equatable, Hashable {
    var isHD: Bool
    var isFullRange: Bool

    /// swscale's coefficients for the matrix (16.16 fixed point, limited range).
    var coefficients: UnsafePointer<Int32> {
        sws_getCoefficients(isHD ? SWS_CS_ITU709 : SWS_CS_ITU601)
    }

    /// The matrix our conversion kernel takes: swscale's coefficients, with its handling of
    /// range (limited: luma stretched from 16...235; full: chroma narrowed to 224/255, the
    /// coefficients being made for limited chroma).
    var kernelMatrix: vp_yuv_matrix {
        let c = coefficients
        let chroma: (Int32) -> Int32 = { isFullRange ? Int32(Int64($0) * 224 / 255) : $0 }
        return vp_yuv_matrix(luma_offset: isFullRange ? 0 : 16, luma_scale: isFullRange ? 1 << 16 : Int32((1 << 16) * 255 / 219),
                             cr_to_r: chroma(c[0]), cb_to_g: chroma(c[2]), cr_to_g: chroma(c[3]), cb_to_b: chroma(c[1]),
                             cb_to_r: 0, cr_to_b: 0, lift: 0, luma_table: nil)
    }
}

extension Colorimetry {
    init(of frame: UnsafeMutablePointer<AVFrame>) {
        let space = frame.pointee.colorspace
        self.init(isHD: space == AVCOL_SPC_BT709 || (space == AVCOL_SPC_UNSPECIFIED && frame.pointee.height > 576),
                  isFullRange: frame.pointee.color_range == AVCOL_RANGE_JPEG
                      || AVPixelFormat(frame.pointee.format) == AV_PIX_FMT_YUVJ420P)
    }
}
