/// A frame number drawn into every frame of a test clip as a row of black and
/// white blocks, so a test can tell which frame is on screen from a screenshot
/// or a decoded picture.
///
/// The band fills the top eighth of the picture (the player's control bar is at
/// the bottom) and is split into 16 equal blocks across the full width: block 0
/// (leftmost) is bit 15, white is 1 and black is 0. Big flat blocks at full
/// contrast survive compression, scaling and YUV→RGB conversion.
public enum FramePattern {
    public static let bitCount = 16

    /// An ffmpeg filtergraph fragment that draws the pattern onto a `width`×`height`
    /// stream of 8-bit YUV frames. It has one unlabelled input and output, so it can
    /// be used as `-vf`, or appended with a comma to a chain in `-filter_complex`.
    ///
    /// The bits are computed by `geq` (whose `N` is the frame's index) on a 16×2
    /// picture, then scaled up without smoothing and laid over the top of the frame;
    /// running `geq` over the full frame would be far slower at 1080p.
    public static func filter(width: Int, height: Int) -> String {
        // Even height keeps the band aligned with 4:2:0 chroma rows.
        let bandHeight = max(2, height / 16 * 2)
        return "split[vp_pattern_main][vp_pattern_source];"
            + "[vp_pattern_source]scale=\(bitCount):2,"
            + "geq=lum='255*mod(floor(N/pow(2,\(bitCount - 1)-X)),2)':cb=128:cr=128,"
            + "scale=\(width):\(bandHeight):flags=neighbor[vp_pattern_bits];"
            + "[vp_pattern_main][vp_pattern_bits]overlay=0:0"
    }

    /// Reads the frame number from the packed RGB pixels of an image (3 bytes per
    /// pixel, no row padding) in which the video occupies `rect` (the whole image
    /// when nil). Returns nil when any block is neither clearly black nor clearly
    /// white, e.g. when the picture does not carry the pattern or is mid-transition.
    public static func read(rgb: UnsafeRawBufferPointer, width: Int, height: Int, rect: PixelRect? = nil) -> Int? {
        let video = rect ?? PixelRect(x: 0, y: 0, width: width, height: height)
        precondition(rgb.count >= width * height * 3, "buffer smaller than \(width)x\(height) RGB")
        guard video.width >= bitCount, video.height >= 16,
              video.x >= 0, video.y >= 0,
              video.x + video.width <= width, video.y + video.height <= height
        else { return nil }

        let blockWidth = Double(video.width) / Double(bitCount)
        let centreY = video.y + video.height / 16
        // A patch well inside the block, clear of edges blurred by scaling.
        let radius = max(0, min(Int(blockWidth), video.height / 8) / 6)
        var value = 0
        for block in 0..<bitCount {
            let centreX = video.x + Int((Double(block) + 0.5) * blockWidth)
            let level = averageBrightness(rgb: rgb, width: width, x: centreX, y: centreY, radius: radius)
            switch level {
            case ..<64: value <<= 1
            case 192...: value = value << 1 | 1
            default: return nil
            }
        }
        return value
    }

    /// Reads the frame number from packed RGB bytes; see `read(rgb:width:height:rect:)`.
    public static func read(rgb: [UInt8], width: Int, height: Int, rect: PixelRect? = nil) -> Int? {
        rgb.withUnsafeBytes { read(rgb: $0, width: width, height: height, rect: rect) }
    }

    /// Reads the frame number from an image in which the video occupies `rect`.
    public static func read(_ image: RGBImage, rect: PixelRect? = nil) -> Int? {
        read(rgb: image.pixels, width: image.width, height: image.height, rect: rect)
    }

    /// Mean of all channels over the square of the given radius around (x, y).
    private static func averageBrightness(rgb: UnsafeRawBufferPointer, width: Int, x: Int, y: Int, radius: Int) -> Double {
        var sum = 0
        var count = 0
        for row in (y - radius)...(y + radius) {
            for column in (x - radius)...(x + radius) {
                let offset = (row * width + column) * 3
                sum += Int(rgb[offset]) + Int(rgb[offset + 1]) + Int(rgb[offset + 2])
                count += 3
            }
        }
        return Double(sum) / Double(count)
    }
}
