import CFFmpeg
import XCTest
@testable import VPlayCore

/// The software path's scaler: the right colours (BT.709 for HD, BT.601 for SD, full range
/// when flagged) whether it scales in two passes, converts in one, or takes a non-4:2:0 frame.
final class PictureScalerTests: XCTestCase {
    private struct Sample { var y: Int; var u: Int; var v: Int; var rgb: (Int, Int, Int) }

    /// A frame of `width`×`height` in `format`, every pixel the same Y'CbCr (8-bit values,
    /// shifted up for deeper formats).
    private func frame(_ format: AVPixelFormat, _ width: Int, _ height: Int, _ sample: Sample,
                       colorspace: AVColorSpace, range: AVColorRange) throws -> Frame {
        let frame = Frame()
        let f = frame.pointer
        f.pointee.format = format.rawValue
        f.pointee.width = Int32(width)
        f.pointee.height = Int32(height)
        f.pointee.colorspace = colorspace
        f.pointee.color_range = range
        XCTAssertGreaterThanOrEqual(av_frame_get_buffer(f, 0), 0)
        let descriptor = try XCTUnwrap(av_pix_fmt_desc_get(format)).pointee
        let deep = descriptor.comp.0.depth > 8
        let shift = Int(descriptor.comp.0.depth) - 8
        let planes = [f.pointee.data.0, f.pointee.data.1, f.pointee.data.2]
        let pitches = [f.pointee.linesize.0, f.pointee.linesize.1, f.pointee.linesize.2].map(Int.init)
        for (index, value) in [sample.y, sample.u, sample.v].enumerated() {
            let chroma = index > 0
            let w = chroma ? (width + (1 << descriptor.log2_chroma_w) - 1) >> descriptor.log2_chroma_w : width
            let h = chroma ? (height + (1 << descriptor.log2_chroma_h) - 1) >> descriptor.log2_chroma_h : height
            let base = try XCTUnwrap(planes[index])
            for row in 0..<h {
                let line = base + row * pitches[index]
                for column in 0..<w {
                    if deep {
                        UnsafeMutableRawPointer(line).storeBytes(of: UInt16(value << shift), toByteOffset: column * 2, as: UInt16.self)
                    } else {
                        line[column] = UInt8(value)
                    }
                }
            }
        }
        return frame
    }

    private func render(_ frame: Frame, width: Int, height: Int, scaler: PictureScaler = PictureScaler()) -> [(Int, Int, Int)] {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let ok = pixels.withUnsafeMutableBytes {
            scaler.draw(frame, into: $0.baseAddress!, pitch: width * 4, width: width, height: height)
        }
        XCTAssertTrue(ok)
        return stride(from: 0, to: pixels.count, by: 4).map { (Int(pixels[$0 + 2]), Int(pixels[$0 + 1]), Int(pixels[$0])) }
    }

    private func assertColor(_ pixels: [(Int, Int, Int)], _ expected: (Int, Int, Int), _ label: String,
                             file: StaticString = #filePath, line: UInt = #line) {
        let (r, g, b) = pixels[pixels.count / 2 + 3]
        XCTAssertLessThanOrEqual(max(abs(r - expected.0), abs(g - expected.1), abs(b - expected.2)), 4,
                                 "\(label): got (\(r), \(g), \(b)), want \(expected)", file: file, line: line)
    }

    // Limited-range Y'CbCr of pure red and a mid grey-green in each matrix (computed from
    // the BT.709 / BT.601 equations, rounded).
    private let red709 = Sample(y: 63, u: 102, v: 240, rgb: (255, 0, 0))
    private let red601 = Sample(y: 81, u: 90, v: 240, rgb: (255, 0, 0))
    private let green709 = Sample(y: 173, u: 42, v: 26, rgb: (0, 255, 0))
    private let white = Sample(y: 235, u: 128, v: 128, rgb: (255, 255, 255))

    func testTwoPassScalingKeepsBT709Colours() throws {
        for sample in [red709, green709, white] {
            let source = try frame(AV_PIX_FMT_YUV420P, 1920, 1080, sample, colorspace: AVCOL_SPC_BT709, range: AVCOL_RANGE_MPEG)
            assertColor(render(source, width: 640, height: 360), sample.rgb, "1080p scaled, Y \(sample.y)")
            assertColor(render(source, width: 1280, height: 720), sample.rgb, "1080p to two thirds, Y \(sample.y)")
            assertColor(render(source, width: 960, height: 540), sample.rgb, "1080p halved, Y \(sample.y)")
            assertColor(render(source, width: 1024, height: 576), sample.rgb, "1080p scaled by swscale, Y \(sample.y)")
            assertColor(render(source, width: 1920, height: 1080), sample.rgb, "1080p unscaled, Y \(sample.y)")
        }
    }

    func testStandardDefinitionUsesBT601() throws {
        let source = try frame(AV_PIX_FMT_YUV420P, 640, 480, red601, colorspace: AVCOL_SPC_UNSPECIFIED, range: AVCOL_RANGE_MPEG)
        assertColor(render(source, width: 320, height: 240), red601.rgb, "SD scaled")
        assertColor(render(source, width: 640, height: 480), red601.rgb, "SD unscaled")
    }

    func testFullRangeIsNotStretchedTwice() throws {
        // Full range: Y 255 is white and Y 128 (neutral chroma) mid grey 128; read as
        // limited range it would come out as 255 and ~130, so check the grey.
        let grey = Sample(y: 128, u: 128, v: 128, rgb: (128, 128, 128))
        let source = try frame(AV_PIX_FMT_YUV420P, 1280, 720, grey, colorspace: AVCOL_SPC_BT709, range: AVCOL_RANGE_JPEG)
        assertColor(render(source, width: 640, height: 360), grey.rgb, "full range scaled")
        assertColor(render(source, width: 1280, height: 720), grey.rgb, "full range unscaled")
    }

    func testTenBitAndNonSubsampledFrames() throws {
        let deep = try frame(AV_PIX_FMT_YUV420P10LE, 1280, 720, red709, colorspace: AVCOL_SPC_BT709, range: AVCOL_RANGE_MPEG)
        assertColor(render(deep, width: 640, height: 360), red709.rgb, "10-bit scaled")
        assertColor(render(deep, width: 1280, height: 720), red709.rgb, "10-bit same size")
        let full = try frame(AV_PIX_FMT_YUV444P, 1280, 720, red709, colorspace: AVCOL_SPC_BT709, range: AVCOL_RANGE_MPEG)
        assertColor(render(full, width: 640, height: 360), red709.rgb, "4:4:4 scaled")
    }

    /// Playback: the same scaler draws frame after frame at one size. Every frame keeps the
    /// colour setup, not only the first (swscale once re-made its context on each call).
    func testSuccessiveFramesKeepTheirColours() throws {
        let scaler = PictureScaler()
        let hd = try frame(AV_PIX_FMT_YUV420P, 1920, 1080, red709, colorspace: AVCOL_SPC_BT709, range: AVCOL_RANGE_MPEG)
        let sameSize = try frame(AV_PIX_FMT_YUV420P, 1280, 720, red709, colorspace: AVCOL_SPC_BT709, range: AVCOL_RANGE_MPEG)
        let deep = try frame(AV_PIX_FMT_YUV444P, 1280, 720, red709, colorspace: AVCOL_SPC_BT709, range: AVCOL_RANGE_MPEG)
        for (source, label) in [(hd, "scaled"), (sameSize, "same size"), (deep, "4:4:4")] {
            for index in 1...3 {
                assertColor(render(source, width: 1280, height: 720, scaler: scaler), red709.rgb, "\(label), frame \(index)")
            }
        }
    }

    /// One scaler serving frames of changing size and target (a resize, then the next file).
    func testReusedScalerFollowsSizeChanges() throws {
        let scaler = PictureScaler()
        let hd = try frame(AV_PIX_FMT_YUV420P, 1920, 1080, red709, colorspace: AVCOL_SPC_BT709, range: AVCOL_RANGE_MPEG)
        let sd = try frame(AV_PIX_FMT_YUV420P, 640, 480, red601, colorspace: AVCOL_SPC_UNSPECIFIED, range: AVCOL_RANGE_MPEG)
        assertColor(render(hd, width: 640, height: 360, scaler: scaler), red709.rgb, "HD first")
        assertColor(render(hd, width: 1280, height: 720, scaler: scaler), red709.rgb, "HD after resize")
        assertColor(render(sd, width: 800, height: 600, scaler: scaler), red601.rgb, "SD next")
        assertColor(render(hd, width: 1280, height: 720, scaler: scaler), red709.rgb, "HD again")
    }

    /// swscale's unscaled conversion writes whole runs of 16 pixels, and 4:2:0 rows in pairs:
    /// for other widths and odd heights nothing may land past the picture's last row, and that
    /// row still gets its colour.
    func testAnySizeStaysInsideThePicture() throws {
        for format in [AV_PIX_FMT_YUV420P, AV_PIX_FMT_YUV422P] {
            for (width, height) in [(1000, 562), (1006, 561), (1024, 575), (1000, 560)] {
                let scaled = try frame(format, 1920, 1080, red709, colorspace: AVCOL_SPC_BT709, range: AVCOL_RANGE_MPEG)
                let unscaled = try frame(format, width, height, red709, colorspace: AVCOL_SPC_BT709, range: AVCOL_RANGE_MPEG)
                for source in [scaled, unscaled] {
                    let size = width * height * 4, guardBytes = 64
                    var pixels = [UInt8](repeating: 0x5A, count: size + guardBytes)
                    let ok = pixels.withUnsafeMutableBytes {
                        PictureScaler().draw(source, into: $0.baseAddress!, pitch: width * 4, width: width, height: height)
                    }
                    let label = "\(String(cString: av_get_pix_fmt_name(format))) \(source.pointer.pointee.width) to \(width)x\(height)"
                    XCTAssertTrue(ok, label)
                    XCTAssertEqual(pixels[size...].filter { $0 != 0x5A }.count, 0, "\(label): written past the end")
                    let last = size - 4   // bottom-right pixel, BGRA
                    let (r, g, b) = (Int(pixels[last + 2]), Int(pixels[last + 1]), Int(pixels[last]))
                    XCTAssertLessThanOrEqual(max(abs(r - 255), g, b), 4, "\(label): last pixel (\(r), \(g), \(b))")
                }
            }
        }
    }
}
