import CFFmpeg
import CPictureKernels

/// The sizes `vp_draw_420` takes an 8-bit 4:2:0 frame to by itself, for `PictureScaler`: its
/// own size, or shrunk to exactly two thirds (1080p in a 720p window), a half or a third,
/// chroma planes included; 3-5 times faster than swscale's area filter at 1080p and 2160p
/// (`make bench-kernels`).
enum Shrink {
    case none
    case twoThirds
    case by(Int32)

    init?(_ format: AVPixelFormat, from sourceWidth: Int, _ sourceHeight: Int, to width: Int, _ height: Int) {
        guard format == AV_PIX_FMT_YUV420P || format == AV_PIX_FMT_YUVJ420P, width > 0, height > 0 else { return nil }
        if sourceWidth == width && sourceHeight == height {
            self = .none
        } else if width % 4 == 0 && height % 4 == 0 && sourceWidth * 2 == width * 3 && sourceHeight * 2 == height * 3 {
            self = .twoThirds
        } else if width % 2 == 0 && height % 2 == 0 && sourceWidth == width * 2 && sourceHeight == height * 2 {
            self = .by(2)
        } else if width % 2 == 0 && height % 2 == 0 && sourceWidth == width * 3 && sourceHeight == height * 3 {
            self = .by(3)
        } else {
            return nil
        }
    }

    var kernel: vp_shrink {
        switch self {
        case .none: VP_SAME_SIZE
        case .twoThirds: VP_TWO_THIRDS
        case .by(let factor): factor == 2 ? VP_HALF : VP_THIRD
        }
    }
}
