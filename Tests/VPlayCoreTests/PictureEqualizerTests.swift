import CPictureKernels
import Foundation
import TestSupport
import XCTest
@testable import VPlayCore

/// The colour adjustments worked into the conversion kernel: each pixel as mpv's formulas give
/// it (brightness a lift, contrast a gain, saturation and hue a turn of the chroma, gamma a
/// curve on the light), and none of the extra work at their defaults.
final class PictureEqualizerTests: XCTestCase {
    private let colorimetry = Colorimetry(isHD: true, isFullRange: false)

    /// One 4:2:0 picture of `width`×2 with random samples, converted with `equalizer`: BGRA bytes.
    private func convert(_ y: [UInt8], _ u: [UInt8], _ v: [UInt8], width: Int, _ equalizer: PictureEqualizer) -> [UInt8] {
        var (matrix, table) = equalizer.adjusting(colorimetry.kernelMatrix)
        var output = [UInt8](repeating: 0, count: width * 2 * 4)
        var scratch = [UInt8](repeating: 0, count: vp_draw_420_scratch_size(Int32(width)))
        let lut = table ?? []
        lut.withUnsafeBufferPointer { lut in
            if table != nil { matrix.luma_table = lut.baseAddress }
            y.withUnsafeBufferPointer { y in
                u.withUnsafeBufferPointer { u in
                    v.withUnsafeBufferPointer { v in
                        output.withUnsafeMutableBufferPointer { o in
                            scratch.withUnsafeMutableBytes { s in
                                vp_yuv420_to_bgra(&matrix, y.baseAddress, width, u.baseAddress, width / 2, v.baseAddress,
                                                  width / 2, o.baseAddress, width * 4, Int32(width), 2, s.baseAddress)
                            }
                        }
                    }
                }
            }
        }
        return output
    }

    /// mpv's result for one pixel (BT.709, limited range), B, G, R, unrounded but clamped.
    private func reference(y: UInt8, cb: UInt8, cr: UInt8, _ e: PictureEqualizer) -> [Double] {
        let (kr, kb) = (0.2126, 0.0722), kg = 1 - kr - kb
        let gain = 1 + Double(e.contrast) / 100, saturation = 1 + Double(e.saturation) / 100
        let angle = Double(e.hue) / 100 * Double.pi
        let light = max(0, (Double(y) - 16) / 219)
        // Gamma on the light; through the table, capped where its codes end (code 255).
        let curved = 255 * pow(light, 1 / pow(8, Double(e.gamma) / 100)) * gain
        let luma = e.adjusting(colorimetry.kernelMatrix).lumaTable == nil ? curved : min(curved, (255 - 16) * 255 / 219)
        let pb0 = (Double(cb) - 128) * 255 / 224, pr0 = (Double(cr) - 128) * 255 / 224
        let pb = saturation * gain * (cos(angle) * pb0 + sin(angle) * pr0)
        let pr = saturation * gain * (cos(angle) * pr0 - sin(angle) * pb0)
        let lift = Double(e.brightness) / 100 * 255
        let r = luma + 2 * (1 - kr) * pr + lift
        let b = luma + 2 * (1 - kb) * pb + lift
        let g = luma - (2 * kb * (1 - kb) * pb + 2 * kr * (1 - kr) * pr) / kg + lift
        return [b, g, r].map { min(255, max(0, $0)) }
    }

    func testEveryAdjustmentMatchesMpvsFormulas() {
        var random = SplitMix(seed: 7)
        let width = 64
        let y = (0..<(width * 2)).map { _ in UInt8(16 + random.next() % 220) }
        let u = (0..<(width / 2)).map { _ in UInt8(16 + random.next() % 225) }
        let v = (0..<(width / 2)).map { _ in UInt8(16 + random.next() % 225) }
        let cases: [(PictureEqualizer.Control, Int)] = [
            (.brightness, 30), (.brightness, -60), (.contrast, 40), (.contrast, -50), (.contrast, 100),
            (.saturation, -100), (.saturation, 60), (.hue, 25), (.hue, -100), (.gamma, 50), (.gamma, -40),
        ]
        for (control, value) in cases {
            var equalizer = PictureEqualizer()
            equalizer[control] = value
            let output = convert(y, u, v, width: width, equalizer)
            var worst = 0.0
            for row in 0..<2 {
                for x in 0..<width {
                    let want = reference(y: y[row * width + x], cb: u[x / 2], cr: v[x / 2], equalizer)
                    for c in 0..<3 { worst = max(worst, abs(Double(output[(row * width + x) * 4 + c]) - want[c])) }
                }
            }
            // The table's codes are 1.16 levels apart; the matrix alone is within a level.
            XCTAssertLessThanOrEqual(worst, control == .gamma || (control == .contrast && value == 100) ? 2.5 : 1.5,
                                     "\(control) \(value): off by \(worst) levels")
        }
    }

    func testDefaultsChangeNothingAndOnlyGammaOrAGreatContrastNeedsTheTable() {
        let plain = colorimetry.kernelMatrix
        let (neutral, none) = PictureEqualizer().adjusting(plain)
        XCTAssertNil(none)
        XCTAssertEqual(neutral.luma_scale, plain.luma_scale)
        XCTAssertEqual(neutral.cr_to_r, plain.cr_to_r)
        var equalizer = PictureEqualizer()
        equalizer.brightness = 50
        equalizer.saturation = -30
        equalizer.hue = 10
        equalizer.contrast = 50
        XCTAssertNil(equalizer.adjusting(plain).lumaTable, "linear adjustments must stay in the matrix")
        equalizer.contrast = 90
        XCTAssertNotNil(equalizer.adjusting(plain).lumaTable)
        equalizer.contrast = 0
        equalizer.gamma = 1
        XCTAssertNotNil(equalizer.adjusting(plain).lumaTable)
    }

    /// Screenshots: the adjustments applied to the plain RGB give what the screen shows.
    func testScreenshotPixelsMatchTheScreen() {
        var random = SplitMix(seed: 11)
        let width = 32
        // Moderate colours: both ways clamp nothing.
        let y = (0..<(width * 2)).map { _ in UInt8(60 + random.next() % 100) }
        let u = (0..<(width / 2)).map { _ in UInt8(100 + random.next() % 56) }
        let v = (0..<(width / 2)).map { _ in UInt8(100 + random.next() % 56) }
        var equalizer = PictureEqualizer()
        (equalizer.brightness, equalizer.contrast, equalizer.saturation, equalizer.hue, equalizer.gamma) = (10, 15, -30, 12, 20)
        let plain = convert(y, u, v, width: width, PictureEqualizer())
        let shown = convert(y, u, v, width: width, equalizer)
        var rgb: [UInt8] = []
        for pixel in 0..<(width * 2) {
            rgb += [plain[pixel * 4 + 2], plain[pixel * 4 + 1], plain[pixel * 4]]
        }
        rgb.withUnsafeMutableBufferPointer {
            equalizer.apply(toRGB: $0.baseAddress!, pitch: width * 3, width: width, height: 2, colorimetry: colorimetry)
        }
        for pixel in 0..<(width * 2) {
            for (c, bgra) in [(0, 2), (1, 1), (2, 0)] {
                XCTAssertEqual(Double(rgb[pixel * 3 + c]), Double(shown[pixel * 4 + bgra]), accuracy: 4, "pixel \(pixel)")
            }
        }
    }

    func testBrightnessLightensGrey() {
        let width = 16
        let grey = [UInt8](repeating: 126, count: width * 2), neutral = [UInt8](repeating: 128, count: width / 2)
        var equalizer = PictureEqualizer()
        let before = convert(grey, neutral, neutral, width: width, equalizer)[1]
        equalizer.brightness = 20
        let after = convert(grey, neutral, neutral, width: width, equalizer)[1]
        XCTAssertEqual(Double(after) - Double(before), 51, accuracy: 1)
    }
}
