/// A packed 8-bit RGB image (3 bytes per pixel, rows top to bottom, no padding).
public struct RGBImage: Sendable {
    public let width: Int
    public let height: Int
    public let pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 3, "pixel buffer does not match \(width)x\(height) RGB")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The whole image as a rectangle.
    public var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

    /// The (red, green, blue) bytes of the pixel at (x, y).
    public subscript(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
        let offset = (y * width + x) * 3
        return (pixels[offset], pixels[offset + 1], pixels[offset + 2])
    }
}
