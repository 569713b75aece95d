import CPictureKernels
import TestSupport
import XCTest
@testable import VPlayCore

/// Our 4:2:0 to BGRA conversion: every pixel within one level of the matrix's exact result,
/// nothing written outside the picture, and the one-pass shrink and convert the same as the
/// two passes it replaces.
final class PictureKernelConversionTests: XCTestCase {
    private struct Picture {
        var planes: [[UInt8]]
        var pitches: [Int]
    }

    /// Random planes of a `width`×`height` 4:2:0 picture, rows padded.
    private func randomPicture(width: Int, height: Int, seed: UInt64) -> Picture {
        var random = SplitMix(seed: seed)
        let chroma = ((width + 1) / 2, (height + 1) / 2)
        let pitches = [width + 5, chroma.0 + 3, chroma.0 + 7]
        let rows = [height, chroma.1, chroma.1]
        let planes = (0..<3).map { p in (0..<(pitches[p] * rows[p])).map { _ in UInt8(truncatingIfNeeded: random.next()) } }
        return Picture(planes: planes, pitches: pitches)
    }

    /// BGRA rows of `pitch` bytes, pre-filled with 0x5A so that stray writes show.
    private func convert(_ picture: Picture, _ colorimetry: Colorimetry, width: Int, height: Int, pitch: Int,
                         shrink: vp_shrink? = nil, lumaTable: [UInt8]? = nil) -> [UInt8] {
        var matrix = colorimetry.kernelMatrix
        var output = [UInt8](repeating: 0x5A, count: pitch * height)
        var scratch = [UInt8](repeating: 0, count: vp_draw_420_scratch_size(Int32(width)))
        let p = picture.pitches
        let table = lumaTable ?? []
        table.withUnsafeBufferPointer { table in
            if lumaTable != nil { matrix.luma_table = table.baseAddress }
            picture.planes[0].withUnsafeBufferPointer { y in
                picture.planes[1].withUnsafeBufferPointer { u in
                    picture.planes[2].withUnsafeBufferPointer { v in
                        output.withUnsafeMutableBufferPointer { o in
                            scratch.withUnsafeMutableBytes { s in
                                if let shrink {
                                    vp_draw_420(&matrix, shrink, y.baseAddress, p[0], u.baseAddress, p[1], v.baseAddress, p[2],
                                                o.baseAddress, pitch, Int32(width), Int32(height), s.baseAddress)
                                } else {
                                    vp_yuv420_to_bgra(&matrix, y.baseAddress, p[0], u.baseAddress, p[1], v.baseAddress, p[2],
                                                      o.baseAddress, pitch, Int32(width), Int32(height), s.baseAddress)
                                }
                            }
                        }
                    }
                }
            }
        }
        return output
    }

    /// R', G', B' from the BT.709 / BT.601 equations, unrounded.
    private func exact(y: UInt8, cb: UInt8, cr: UInt8, _ colorimetry: Colorimetry) -> [Double] {
        let (kr, kb) = colorimetry.isHD ? (0.2126, 0.0722) : (0.299, 0.114)
        let kg = 1 - kr - kb
        let full = colorimetry.isFullRange
        let luma = full ? Double(y) : (Double(y) - 16) * 255 / 219
        let chromaScale = full ? 1 : 255.0 / 224
        let pb = (Double(cb) - 128) * chromaScale, pr = (Double(cr) - 128) * chromaScale
        let r = luma + 2 * (1 - kr) * pr
        let b = luma + 2 * (1 - kb) * pb
        let g = luma - (2 * kb * (1 - kb) * pb + 2 * kr * (1 - kr) * pr) / kg
        return [b, g, r].map { min(255, max(0, $0)) }
    }

    func testEveryPixelIsTheMatrixResultWithinOneLevel() {
        let settings = [Colorimetry(isHD: true, isFullRange: false), Colorimetry(isHD: false, isFullRange: false),
                        Colorimetry(isHD: true, isFullRange: true)]
        // One pixel; odd sizes (the last chroma column and row serve one pixel); past a vector.
        for (width, height) in [(1, 1), (17, 3), (33, 5), (48, 2), (1280, 4)] {
            for (index, colorimetry) in settings.enumerated() {
                let picture = randomPicture(width: width, height: height, seed: UInt64(width * 100 + height * 10 + index))
                let pitch = width * 4 + 12
                let output = convert(picture, colorimetry, width: width, height: height, pitch: pitch)
                var worst = 0.0
                for row in 0..<height {
                    for column in 0..<width {
                        let chroma = row / 2 * picture.pitches[1] + column / 2
                        let want = exact(y: picture.planes[0][row * picture.pitches[0] + column],
                                         cb: picture.planes[1][chroma], cr: picture.planes[2][row / 2 * picture.pitches[2] + column / 2],
                                         colorimetry)
                        let pixel = row * pitch + column * 4
                        for channel in 0..<3 { worst = max(worst, abs(Double(output[pixel + channel]) - want[channel])) }
                        XCTAssertEqual(output[pixel + 3], 255, "alpha opaque")
                    }
                    XCTAssertTrue(output[(row * pitch + width * 4)..<((row + 1) * pitch)].allSatisfy { $0 == 0x5A },
                                  "\(width)x\(height): nothing past the row")
                }
                XCTAssertLessThanOrEqual(worst, 1, "\(width)x\(height), \(colorimetry)")
            }
        }
    }

    func testOnePassEqualsShrinkingThenConverting() {
        let colorimetry = Colorimetry(isHD: true, isFullRange: false)
        // Output heights past one strip of rows and not a multiple of it.
        let cases: [(vp_shrink, Int, Int, Int)] = [(VP_TWO_THIRDS, 3, 2, 0), (VP_HALF, 2, 1, 2), (VP_THIRD, 3, 1, 3)]
        for (shrink, num, den, factor) in cases {
            let (width, height) = (40, 28)
            let (sourceWidth, sourceHeight) = (width * num / den, height * num / den)
            let source = randomPicture(width: sourceWidth, height: sourceHeight, seed: UInt64(num * 10 + den))
            let pitch = width * 4 + 8
            let onePass = convert(source, colorimetry, width: width, height: height, pitch: pitch, shrink: shrink)
            var shrunk = Picture(planes: [], pitches: [width, width / 2, width / 2])
            var row = [UInt16](repeating: 0, count: sourceWidth)
            for p in 0..<3 {
                let (w, h) = p == 0 ? (width, height) : (width / 2, height / 2)
                var plane = [UInt8](repeating: 0, count: w * h)
                source.planes[p].withUnsafeBufferPointer { s in
                    plane.withUnsafeMutableBufferPointer { o in
                        row.withUnsafeMutableBufferPointer { r in
                            if factor == 0 {
                                vp_shrink_two_thirds(s.baseAddress, source.pitches[p], o.baseAddress, w, Int32(w), Int32(h), r.baseAddress)
                            } else {
                                vp_shrink_by(Int32(factor), s.baseAddress, source.pitches[p], o.baseAddress, w, Int32(w), Int32(h),
                                             r.baseAddress)
                            }
                        }
                    }
                }
                shrunk.planes.append(plane)
            }
            let twoPasses = convert(shrunk, colorimetry, width: width, height: height, pitch: pitch)
            XCTAssertEqual(onePass, twoPasses, "shrink \(num)/\(den)")
        }
    }

    /// Gamma's luma table: the picture is the one the table's codes give, every pixel of every
    /// row length (the look-up runs in blocks; the last one is partial).
    func testLumaTableGivesThePictureOfItsCodes() {
        let colorimetry = Colorimetry(isHD: true, isFullRange: false)
        var random = SplitMix(seed: 32)
        let table = (0..<256).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        for width in Array(1...70) + [127, 128, 129, 191, 200, 257] {
            let height = 3 + width % 4
            let picture = randomPicture(width: width, height: height, seed: UInt64(width))
            var mapped = picture
            mapped.planes[0] = picture.planes[0].map { table[Int($0)] }
            let pitch = width * 4 + 12
            XCTAssertEqual(convert(picture, colorimetry, width: width, height: height, pitch: pitch, lumaTable: table),
                           convert(mapped, colorimetry, width: width, height: height, pitch: pitch), "width \(width)")
        }
    }
}
