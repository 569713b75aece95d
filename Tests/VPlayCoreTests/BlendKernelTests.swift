import CPictureKernels
import TestSupport
import XCTest

/// The subtitle blending kernels against their definitions computed here pixel by pixel:
/// straight-alpha "over" for glyph masks, and a layer put over the window's opaque pixels.
final class BlendKernelTests: XCTestCase {
    /// Widths below, at and past a vector and a skipped block, rows padded on both sides.
    private let sizes = [(1, 1), (15, 3), (16, 2), (37, 5), (300, 4)]

    func testCoverageIsPaintedOverWhatIsThere() {
        var random = SplitMix(seed: 17)
        for (width, height) in sizes {
            let pitch = width * 4 + 12, maskStride = width + 5
            // Some pixels empty, some opaque, the rest anything; masks with empty stretches.
            var pixels = random.bytes(pitch * height)
            for i in stride(from: 3, to: pixels.count, by: 4) where i % 3 == 0 { pixels[i] = [0, 255][i % 2] }
            var mask = random.bytes(maskStride * height)
            for i in mask.indices where (i / 20) % 2 == 0 { mask[i] = [0, 0, 255][i % 3] }
            let colour = UInt32(truncatingIfNeeded: random.next())
            var output = pixels
            output.withUnsafeMutableBufferPointer { o in
                mask.withUnsafeBufferPointer { m in
                    vp_blend_coverage(o.baseAddress, pitch, m.baseAddress, maskStride, Int32(width), Int32(height), colour)
                }
            }
            forEachPixel(width: width, height: height, pitch: pitch, output: output, input: pixels) { x, y, at in
                let expected = over(colour, coverage: mask[y * maskStride + x], onto: Array(pixels[at..<at + 4]))
                // A pixel left transparent may take any colour: nothing of it shows.
                for c in (expected[3] == 0 ? 3 : 0)..<4 {
                    XCTAssertLessThanOrEqual(abs(Int(output[at + c]) - expected[c]), 1, "\(width)x\(height) at \(x),\(y) byte \(c)")
                }
            }
        }
    }

    func testLayerGoesOverTheWindowAsTheRendererBlends() {
        var random = SplitMix(seed: 23)
        for (width, height) in sizes {
            let pitch = width * 4 + 8, layerPitch = width * 4 + 4
            let window = random.bytes(pitch * height)
            var layer = random.bytes(layerPitch * height)
            // Transparent stretches longer than a block, and fully opaque pixels.
            for i in stride(from: 3, to: layer.count, by: 4) where (i / 80) % 2 == 0 || i % 7 == 0 {
                layer[i] = i % 7 == 0 ? 255 : 0
            }
            var output = window
            output.withUnsafeMutableBufferPointer { o in
                layer.withUnsafeBufferPointer { l in
                    vp_composite_bgra(o.baseAddress, pitch, l.baseAddress, layerPitch, Int32(width), Int32(height))
                }
            }
            forEachPixel(width: width, height: height, pitch: pitch, output: output, input: window) { x, y, at in
                let source = y * layerPitch + x * 4, alpha = Double(layer[source + 3])
                for c in 0..<3 {
                    let expected = ((Double(layer[source + c]) * alpha + Double(window[at + c]) * (255 - alpha)) / 255).rounded()
                    XCTAssertEqual(Double(output[at + c]), expected, "\(width)x\(height) at \(x),\(y) byte \(c)")
                }
            }
        }
    }

    /// Calls `check` with each pixel of the `width`×`height` area (column, row, byte offset) and
    /// checks that the padding after each row was left as it was.
    private func forEachPixel(width: Int, height: Int, pitch: Int, output: [UInt8], input: [UInt8],
                              _ check: (Int, Int, Int) -> Void) {
        for y in 0..<height {
            for x in 0..<width { check(x, y, y * pitch + x * 4) }
            let padding = y * pitch + width * 4..<(y + 1) * pitch
            XCTAssertEqual(output[padding], input[padding], "padding of row \(y) written")
        }
    }

    /// `colour` (0xRRGGBBAA, AA the opacity) through `coverage` over B, G, R, A with straight alpha.
    private func over(_ colour: UInt32, coverage: UInt8, onto pixel: [UInt8]) -> [Int] {
        let a = Double(coverage) * Double(colour & 0xff) / (255 * 255)
        let below = Double(pixel[3]) / 255 * (1 - a), total = a + below
        guard total > 0 else { return pixel.map(Int.init) }
        let bgr = [Double((colour >> 8) & 0xff), Double((colour >> 16) & 0xff), Double(colour >> 24)]
        return (0..<3).map { Int(((bgr[$0] * a + Double(pixel[$0]) * below) / total).rounded()) } + [Int((total * 255).rounded())]
    }
}
