import CPictureKernels
import TestSupport
import XCTest

/// Our shrink kernels: every output pixel is the rounded area average of the source it
/// covers, checked against that definition computed here pixel by pixel.
final class ShrinkKernelTests: XCTestCase {
    /// Output pixel `i` covers 1.5 source pixels from 1.5·i: weights 2:1 (even i) or 1:2 (odd).
    private func weights(_ i: Int) -> [(index: Int, weight: Int)] {
        let base = i / 2 * 3
        return i % 2 == 0 ? [(base, 2), (base + 1, 1)] : [(base + 1, 1), (base + 2, 2)]
    }

    private func expected(_ source: [UInt8], pitch: Int, x: Int, y: Int) -> UInt8 {
        var sum = 0
        for (row, rowWeight) in weights(y) {
            for (column, columnWeight) in weights(x) {
                sum += rowWeight * columnWeight * Int(source[row * pitch + column])
            }
        }
        return UInt8((Double(sum) / 9).rounded())
    }

    private func shrink(_ source: [UInt8], pitch: Int, width: Int, height: Int, outputPitch: Int) -> [UInt8] {
        var output = [UInt8](repeating: 0xAA, count: outputPitch * height)
        var row = [UInt16](repeating: 0, count: width / 2 * 3)
        source.withUnsafeBufferPointer { s in
            output.withUnsafeMutableBufferPointer { o in
                row.withUnsafeMutableBufferPointer { r in
                    vp_shrink_two_thirds(s.baseAddress, pitch, o.baseAddress, outputPitch,
                                         Int32(width), Int32(height), r.baseAddress)
                }
            }
        }
        return output
    }

    func testEveryPixelIsTheRoundedAreaAverage() {
        // Widths past one vector and not a multiple of one, padded rows on both sides.
        for (width, height) in [(2, 2), (40, 6), (1280, 8), (66, 12)] {
            let sourcePitch = width / 2 * 3 + 13, outputPitch = width + 7
            var random = SplitMix(seed: UInt64(width * 1000 + height))
            let source = (0..<(sourcePitch * height / 2 * 3)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            let output = shrink(source, pitch: sourcePitch, width: width, height: height, outputPitch: outputPitch)
            var wrong = 0
            for y in 0..<height {
                for x in 0..<width where output[y * outputPitch + x] != expected(source, pitch: sourcePitch, x: x, y: y) {
                    wrong += 1
                }
                for x in width..<outputPitch { XCTAssertEqual(output[y * outputPitch + x], 0xAA, "padding kept") }
            }
            XCTAssertEqual(wrong, 0, "\(width)x\(height)")
        }
    }

    func testWholeFactorsAverageEachBlock() {
        for factor in [2, 3] {
            for (width, height) in [(1, 1), (33, 3), (640, 4)] {
                let sourcePitch = width * factor + 5, outputPitch = width + 3
                var random = SplitMix(seed: UInt64(factor * 100_000 + width))
                let source = (0..<(sourcePitch * height * factor)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
                var output = [UInt8](repeating: 0xAA, count: outputPitch * height)
                var row = [UInt16](repeating: 0, count: width * factor)
                source.withUnsafeBufferPointer { s in
                    output.withUnsafeMutableBufferPointer { o in
                        row.withUnsafeMutableBufferPointer { r in
                            vp_shrink_by(Int32(factor), s.baseAddress, sourcePitch, o.baseAddress, outputPitch,
                                         Int32(width), Int32(height), r.baseAddress)
                        }
                    }
                }
                var wrong = 0
                for y in 0..<height {
                    for x in 0..<width {
                        var sum = 0
                        for row in 0..<factor {
                            for column in 0..<factor { sum += Int(source[(y * factor + row) * sourcePitch + x * factor + column]) }
                        }
                        if output[y * outputPitch + x] != UInt8((Double(sum) / Double(factor * factor)).rounded()) { wrong += 1 }
                    }
                    for x in width..<outputPitch { XCTAssertEqual(output[y * outputPitch + x], 0xAA, "padding kept") }
                }
                XCTAssertEqual(wrong, 0, "by \(factor), \(width)x\(height)")
            }
        }
    }

    func testExtremesStayInRange() {
        for value: UInt8 in [0, 255] {
            let source = [UInt8](repeating: value, count: 6 * 6)
            XCTAssertEqual(shrink(source, pitch: 6, width: 4, height: 4, outputPitch: 4), [UInt8](repeating: value, count: 16))
        }
    }
}
