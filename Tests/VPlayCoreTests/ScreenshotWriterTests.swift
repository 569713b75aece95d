import CFFmpeg
import TestSupport
import XCTest
@testable import VPlayCore

final class ScreenshotWriterTests: XCTestCase {
    private struct RGB: Equatable { var r, g, b: Int }
    private struct Matrix { var kr, kb: Double }
    private static let bt601 = Matrix(kr: 0.299, kb: 0.114)
    private static let bt709 = Matrix(kr: 0.2126, kb: 0.0722)
    /// Saturated primaries: read with the wrong matrix they are off by 20 or more.
    private let primaries = [RGB(r: 255, g: 0, b: 0), RGB(r: 0, g: 255, b: 0),
                             RGB(r: 0, g: 0, b: 255), RGB(r: 235, g: 235, b: 235)]

    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("shots-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    // MARK: pictures

    func testSDPictureIsReadAsBT601() throws {
        try check(makeYUV(width: 64, height: 48, format: AV_PIX_FMT_YUV420P, matrix: Self.bt601, quadrants: primaries))
    }

    func testUntaggedHDPictureIsReadAsBT709() throws {
        try check(makeYUV(width: 96, height: 600, format: AV_PIX_FMT_YUV420P, matrix: Self.bt709, quadrants: primaries))
    }

    func testTaggedMatrixWinsOverSize() throws {
        try check(makeYUV(width: 64, height: 48, format: AV_PIX_FMT_YUV420P, matrix: Self.bt709,
                          colorspace: AVCOL_SPC_BT709, quadrants: primaries))
        try check(makeYUV(width: 96, height: 600, format: AV_PIX_FMT_YUV420P, matrix: Self.bt601,
                          colorspace: AVCOL_SPC_SMPTE170M, quadrants: primaries))
    }

    func testFullRangeIsHonoured() throws {
        // Dark and light greys land 15-20 levels off if full range were read as limited.
        let colours = [RGB(r: 20, g: 20, b: 20), RGB(r: 240, g: 240, b: 240),
                       RGB(r: 200, g: 40, b: 60), RGB(r: 40, g: 90, b: 200)]
        try check(makeYUV(width: 64, height: 48, format: AV_PIX_FMT_YUV420P, matrix: Self.bt601,
                          fullRange: true, quadrants: colours))
        try check(makeYUV(width: 64, height: 48, format: AV_PIX_FMT_YUVJ420P, matrix: Self.bt601,
                          fullRange: true, tagRange: false, quadrants: colours))
    }

    func testTenBit422AtAnOddSize() throws {
        try check(makeYUV(width: 37, height: 21, format: AV_PIX_FMT_YUV422P10LE, matrix: Self.bt601, quadrants: primaries))
    }

    func testRGBSource() throws {
        let colours = [RGB(r: 250, g: 10, b: 20), RGB(r: 1, g: 2, b: 3), RGB(r: 90, g: 160, b: 220), RGB(r: 255, g: 255, b: 255)]
        let frame = Frame()
        try allocate(frame, width: 40, height: 30, format: AV_PIX_FMT_BGR0)
        let f = frame.pointer.pointee
        for y in 0..<30 {
            for x in 0..<40 {
                let c = quadrant(colours, x: x, y: y, width: 40, height: 30)
                let pixel = f.data.0! + y * Int(f.linesize.0) + x * 4
                (pixel[0], pixel[1], pixel[2], pixel[3]) = (UInt8(c.b), UInt8(c.g), UInt8(c.r), 0)
            }
        }
        try check((frame, colours), tolerance: 0)
    }

    // MARK: files

    func testWritingReplacesAtomicallyAndLeavesNothingElse() throws {
        let (frame, _) = try makeYUV(width: 64, height: 48, format: AV_PIX_FMT_YUV420P, matrix: Self.bt601, quadrants: primaries)
        let url = directory.appendingPathComponent("shot.png")
        try Data("old".utf8).write(to: url)
        try ScreenshotWriter.writePNG(of: frame.pointer, to: url)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), ["shot.png"])
        XCTAssertEqual(try Data(contentsOf: url).prefix(8), Data([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    }

    func testUnwritableDirectoryGivesAnActionableError() throws {
        let (frame, _) = try makeYUV(width: 64, height: 48, format: AV_PIX_FMT_YUV420P, matrix: Self.bt601, quadrants: primaries)
        let notADirectory = directory.appendingPathComponent("file")
        try Data().write(to: notADirectory)
        let url = notADirectory.appendingPathComponent("shot.png")
        XCTAssertThrowsError(try ScreenshotWriter.writePNG(of: frame.pointer, to: url)) { error in
            XCTAssertEqual("\(error)", "cannot write screenshot '\(url.path)': Not a directory")
        }
        let missing = directory.appendingPathComponent("missing/shot.png")
        XCTAssertThrowsError(try ScreenshotWriter.writePNG(of: frame.pointer, to: missing)) { error in
            XCTAssertEqual("\(error)", "cannot write screenshot '\(missing.path)': No such file or directory")
        }
        // The rename fails last: the temporary file must not be left behind.
        let taken = directory.appendingPathComponent("taken.png")
        try FileManager.default.createDirectory(at: taken.appendingPathComponent("sub"), withIntermediateDirectories: true)
        XCTAssertThrowsError(try ScreenshotWriter.writePNG(of: frame.pointer, to: taken)) { error in
            XCTAssertEqual("\(error)", "cannot write screenshot '\(taken.path)': Is a directory")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted(), ["file", "taken.png"])
    }

    func testEmptyFrameIsAnError() {
        let url = directory.appendingPathComponent("shot.png")
        let empty = Frame()   // held: its AVFrame must outlive the call
        XCTAssertThrowsError(try ScreenshotWriter.writePNG(of: empty.pointer, to: url)) { error in
            XCTAssertEqual("\(error)", "cannot write screenshot '\(url.path)': cannot convert a 0x0 'none' picture to RGB")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: url.path))
        withExtendedLifetime(empty) {}
    }

    func testFileNames() {
        XCTAssertEqual(ScreenshotWriter.fileName(mediaPath: "/v/clip.mp4", position: 12.345), "clip-00-00-12.345.png")
        XCTAssertEqual(ScreenshotWriter.fileName(mediaPath: "clip.mp4", position: 3723.0004), "clip-01-02-03.000.png")
        XCTAssertEqual(ScreenshotWriter.fileName(mediaPath: "/v/clip.mp4", position: 59.9996), "clip-00-01-00.000.png")
        XCTAssertEqual(ScreenshotWriter.fileName(mediaPath: "/v/long.mkv", position: 100 * 3600), "long-100-00-00.000.png")
        XCTAssertEqual(ScreenshotWriter.fileName(mediaPath: "/v/clip.mp4", position: .nan), "clip-00-00-00.000.png")
        XCTAssertEqual(ScreenshotWriter.fileName(mediaPath: "/v/clip.mp4", position: -3), "clip-00-00-00.000.png")
        XCTAssertEqual(ScreenshotWriter.fileName(mediaPath: "/v/My Film (2020) $x;rm.mkv", position: 1),
                       "My_Film__2020___x_rm-00-00-01.000.png")
        XCTAssertEqual(ScreenshotWriter.fileName(mediaPath: "/v/Über-ñ_1.v2.webm", position: 1), "Über-ñ_1.v2-00-00-01.000.png")
        XCTAssertEqual(ScreenshotWriter.fileName(mediaPath: "/v/..hidden.mp4", position: 1), "hidden-00-00-01.000.png")
        XCTAssertEqual(ScreenshotWriter.fileName(mediaPath: "https://host/watch?v=a/b", position: 1), "b-00-00-01.000.png")
        XCTAssertEqual(ScreenshotWriter.fileName(mediaPath: "/v/.mp4", position: 1), "mp4-00-00-01.000.png")
        XCTAssertEqual(ScreenshotWriter.fileName(mediaPath: "", position: 1), "screenshot-00-00-01.000.png")
        let long = ScreenshotWriter.fileName(mediaPath: "/v/" + String(repeating: "é", count: 300) + ".mkv", position: 1)
        XCTAssertLessThanOrEqual(long.utf8.count, 200, "room for the temporary-file suffix in 255 bytes")
    }

    func testUniqueURLCountsUpPastExistingFiles() throws {
        let name = "clip-00-00-12.345.png"
        XCTAssertEqual(ScreenshotWriter.uniqueURL(in: directory, name: name).lastPathComponent, name)
        try Data().write(to: directory.appendingPathComponent(name))
        XCTAssertEqual(ScreenshotWriter.uniqueURL(in: directory, name: name).lastPathComponent, "clip-00-00-12.345-1.png")
        try Data().write(to: directory.appendingPathComponent("clip-00-00-12.345-1.png"))
        let third = ScreenshotWriter.uniqueURL(in: directory, name: name)
        XCTAssertEqual(third, directory.appendingPathComponent("clip-00-00-12.345-2.png"))
        try Data().write(to: directory.appendingPathComponent("plain"))
        XCTAssertEqual(ScreenshotWriter.uniqueURL(in: directory, name: "plain").lastPathComponent, "plain-1")
    }

    // MARK: helpers

    /// Writes the frame, decodes the PNG with the ffmpeg CLI, and compares each quadrant's centre.
    private func check(_ made: (frame: Frame, colours: [RGB]), tolerance: Int = 3,
                       file: StaticString = #filePath, line: UInt = #line) throws {
        let frame = made.frame.pointer
        let width = Int(frame.pointee.width), height = Int(frame.pointee.height)
        let url = directory.appendingPathComponent("check.png")
        try ScreenshotWriter.writePNG(of: frame, to: url)

        let probe = try ChildProcess.run("ffprobe", ["-v", "error", "-show_entries", "stream=width,height,pix_fmt",
                                                     "-of", "csv=p=0", url.path]).requireSuccess()
        XCTAssertEqual(probe.outputText.trimmingCharacters(in: .whitespacesAndNewlines), "\(width),\(height),rgb24",
                       file: file, line: line)
        let decoded = try ChildProcess.run("ffmpeg", ["-v", "error", "-i", url.path, "-f", "rawvideo",
                                                      "-pix_fmt", "rgb24", "-"]).requireSuccess()
        let pixels = [UInt8](decoded.standardOutput)
        XCTAssertEqual(pixels.count, width * height * 3, file: file, line: line)
        guard pixels.count == width * height * 3 else { return }
        for (x, y) in [(width / 4, height / 4), (3 * width / 4, height / 4),
                       (width / 4, 3 * height / 4), (3 * width / 4, 3 * height / 4)] {
            let offset = (y * width + x) * 3
            let got = RGB(r: Int(pixels[offset]), g: Int(pixels[offset + 1]), b: Int(pixels[offset + 2]))
            let want = quadrant(made.colours, x: x, y: y, width: width, height: height)
            let error = max(abs(got.r - want.r), abs(got.g - want.g), abs(got.b - want.b))
            XCTAssertLessThanOrEqual(error, tolerance, "at \(x),\(y): got \(got), want \(want)", file: file, line: line)
        }
    }

    private func quadrant(_ colours: [RGB], x: Int, y: Int, width: Int, height: Int) -> RGB {
        colours[(y >= height / 2 ? 2 : 0) + (x >= width / 2 ? 1 : 0)]
    }

    private func allocate(_ frame: Frame, width: Int, height: Int, format: AVPixelFormat) throws {
        frame.pointer.pointee.format = format.rawValue
        frame.pointer.pointee.width = Int32(width)
        frame.pointer.pointee.height = Int32(height)
        XCTAssertGreaterThanOrEqual(av_frame_get_buffer(frame.pointer, 0), 0)
    }

    /// A planar YUV frame with one colour per quadrant, encoded with `matrix` and range
    /// the way an encoder would (`tagRange` false leaves the range to the pixel format).
    private func makeYUV(width: Int, height: Int, format: AVPixelFormat, matrix: Matrix,
                         colorspace: AVColorSpace = AVCOL_SPC_UNSPECIFIED, fullRange: Bool = false,
                         tagRange: Bool = true, quadrants: [RGB]) throws -> (frame: Frame, colours: [RGB]) {
        let frame = Frame()
        try allocate(frame, width: width, height: height, format: format)
        frame.pointer.pointee.colorspace = colorspace
        frame.pointer.pointee.color_range = tagRange ? (fullRange ? AVCOL_RANGE_JPEG : AVCOL_RANGE_MPEG)
            : AVCOL_RANGE_UNSPECIFIED
        let descriptor = try XCTUnwrap(av_pix_fmt_desc_get(format)).pointee
        let depth = Int(descriptor.comp.0.depth)
        let f = frame.pointer.pointee
        let planes = [f.data.0!, f.data.1!, f.data.2!]
        let strides = [Int(f.linesize.0), Int(f.linesize.1), Int(f.linesize.2)]
        for plane in 0..<3 {
            let shiftX = plane == 0 ? 0 : Int(descriptor.log2_chroma_w)
            let shiftY = plane == 0 ? 0 : Int(descriptor.log2_chroma_h)
            for cy in 0..<((height + (1 << shiftY) - 1) >> shiftY) {
                for cx in 0..<((width + (1 << shiftX) - 1) >> shiftX) {
                    let colour = quadrant(quadrants, x: cx << shiftX, y: cy << shiftY, width: width, height: height)
                    let value = yuv(colour, matrix: matrix, fullRange: fullRange, depth: depth)[plane]
                    let row = planes[plane] + cy * strides[plane]
                    if depth > 8 {
                        (row + cx * 2).withMemoryRebound(to: UInt16.self, capacity: 1) { $0.pointee = UInt16(value).littleEndian }
                    } else {
                        row[cx] = UInt8(value)
                    }
                }
            }
        }
        return (frame, quadrants)
    }

    /// Y, Cb, Cr of `colour` at `depth` bits, as the standard equations give them.
    private func yuv(_ colour: RGB, matrix: Matrix, fullRange: Bool, depth: Int) -> [Int] {
        let r = Double(colour.r) / 255, g = Double(colour.g) / 255, b = Double(colour.b) / 255
        let y = matrix.kr * r + (1 - matrix.kr - matrix.kb) * g + matrix.kb * b
        let cb = (b - y) / (2 * (1 - matrix.kb)), cr = (r - y) / (2 * (1 - matrix.kr))
        let scale = Double(1 << (depth - 8)), top = Double((1 << depth) - 1)
        let levels = fullRange ? [255 * y, 128 + 255 * cb, 128 + 255 * cr]
                               : [16 + 219 * y, 128 + 224 * cb, 128 + 224 * cr]
        return levels.map { Int(min(top, max(0, ($0 * scale).rounded()))) }
    }
}
