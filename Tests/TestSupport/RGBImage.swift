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
}
