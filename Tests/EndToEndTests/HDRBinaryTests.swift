import Foundation
import TestSupport
import XCTest

/// HDR video in the built player: reference white shows near SDR white, brighter than the
/// grey around it, and the gradient to the peak rises all the way instead of clipping.
final class HDRBinaryTests: XCTestCase {
    func testHDR10ReferenceWhiteShowsNearWhiteAndHighlightsRollOff() throws {
        try skipWithoutDisplay()
        let picture = try pausedPicture(of: try MediaFactory.clip(.hdr10()))
        try assertToneMapped(picture, peakColumn: 639)
    }

    func testHLGReferenceWhiteShowsNearWhiteAndHighlightsRollOff() throws {
        try skipWithoutDisplay()
        let picture = try pausedPicture(of: try MediaFactory.clip(.hlg))
        try assertToneMapped(picture, peakColumn: 639)
    }

    /// MaxCLL 0 means unknown: the mastering display's peak is used instead, and the picture
    /// is as good.
    func testZeroContentLightLevelStillMapsWell() throws {
        try skipWithoutDisplay()
        let picture = try pausedPicture(of: try MediaFactory.clip(.hdr10(maxCLL: 0)))
        XCTAssertGreaterThanOrEqual(picture.patch, 0.9 * 255)
    }

    /// `--tone-mapping=clip` clips: everything from reference white up is one flat band.
    /// (That the default does not is what the tests above check.)
    func testClipShowsTheFlatBandTheDefaultAvoids() throws {
        try skipWithoutDisplay()
        let picture = try pausedPicture(of: try MediaFactory.clip(.hdr10()), arguments: ["--tone-mapping=clip"])
        XCTAssertGreaterThan(picture.flatTopShare(fromColumn: Self.referenceWhiteColumn), 0.6)
    }

    /// A screenshot of HDR video is tone-mapped as the window shows it.
    func testScreenshotIsToneMappedLikeTheWindow() throws {
        try skipWithoutDisplay()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vplay-hdr-shots-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let player = try PlayerSession(clip: try MediaFactory.clip(.hdr10()),
                                       arguments: ["--pause", "--screenshot-directory=\(directory.path)"], displayAspect: 16.0 / 9)
        let ipc = try XCTUnwrap(player.ipc)
        _ = try XCTUnwrap(try waitForPicture(in: player), "no picture")
        _ = try ipc.command(["screenshot"])
        let png = try XCTUnwrap(try poll(timeout: .seconds(5), until: { _ in true }) {
            try FileManager.default.contentsOfDirectory(atPath: directory.path).first { $0.hasSuffix(".png") }
        }, "no screenshot written")
        let decoded = try ChildProcess.run("ffmpeg", ["-v", "error", "-i", directory.appendingPathComponent(png).path,
                                                      "-f", "rawvideo", "-pix_fmt", "gray", "-"], timeout: .seconds(10))
        let pixels = [UInt8](decoded.standardOutput)
        XCTAssertEqual(pixels.count, 640 * 360)
        let patch = ClipSpec.hdrPatch
        var sum = 0
        for y in (patch.y + 10)..<(patch.y + patch.height - 10) {
            for x in (patch.x + 10)..<(patch.x + patch.width - 10) { sum += Int(pixels[y * 640 + x]) }
        }
        let mean = Double(sum) / Double((patch.width - 20) * (patch.height - 20))
        XCTAssertGreaterThanOrEqual(mean, 0.9 * 255, "reference white in the screenshot")
    }

    // MARK: - Helpers

    /// The gradient's column at 203 cd/m² (of 1000 at column 639).
    static let referenceWhiteColumn = 130

    private struct Picture {
        /// Mean brightness (0...255) of the reference-white patch and of the grey beside it.
        var patch: Double
        var grey: Double
        /// Mean brightness of each column of the gradient.
        var gradient: [Double]

        /// The share of the gradient from `column` on that is within one step of its brightest.
        func flatTopShare(fromColumn column: Int) -> Double {
            let part = gradient[column...]
            let top = part.max() ?? 0
            return Double(part.filter { $0 >= top - 1 }.count) / Double(part.count)
        }
    }

    private func pausedPicture(of clip: URL, arguments: [String] = []) throws -> Picture {
        let player = try PlayerSession(clip: clip, arguments: ["--pause"] + arguments, displayAspect: 16.0 / 9, withIPC: false)
        return try XCTUnwrap(try waitForPicture(in: player), "no picture of the HDR clip")
    }

    /// Polls screenshots until the patch shows (brighter than the grey), then reads the picture.
    private func waitForPicture(in player: PlayerSession) throws -> Picture? {
        let rect = player.videoRect
        XCTAssertEqual(rect.width, 640, "the window is not at the clip's size")
        // Rows of the gradient clear of the bar at the bottom (shown while paused).
        let rows = (ClipSpec.hdrGradientRows.lowerBound + 4)..<min(ClipSpec.hdrGradientRows.upperBound - 4,
                                                                      Int(player.layout.band.y) - 2)
        let patch = ClipSpec.hdrPatch
        return try poll(timeout: .seconds(10), until: { $0.patch > $0.grey + 40 }) { () throws -> Picture? in
            let image = try player.capture()
            let patchRect = PixelRect(x: rect.x + patch.x + 10, y: rect.y + patch.y + 10,
                                      width: patch.width - 20, height: patch.height - 20)
            let greyRect = PixelRect(x: rect.x + 300, y: rect.y + 60, width: 200, height: 80)
            let gradient = (0..<640).map { x in
                image.meanBrightness(PixelRect(x: rect.x + x, y: rect.y + rows.lowerBound, width: 1, height: rows.count))
            }
            return Picture(patch: image.meanBrightness(patchRect), grey: image.meanBrightness(greyRect), gradient: gradient)
        }
    }

    private func assertToneMapped(_ picture: Picture, peakColumn: Int, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertGreaterThanOrEqual(picture.patch, 0.9 * 255, "reference white shows at \(picture.patch / 255) of white",
                                    file: file, line: line)
        XCTAssertGreaterThan(picture.patch, picture.grey + 60, "reference white is not clearly brighter than the grey",
                             file: file, line: line)
        // Monotonic: over steps of 8 columns it never falls by more than noise.
        let steps = stride(from: 0, to: picture.gradient.count - 8, by: 8).map { picture.gradient[$0 + 8] - picture.gradient[$0] }
        XCTAssertGreaterThan(steps.min() ?? -99, -2.5, "the gradient falls somewhere", file: file, line: line)
        // Above reference white the highlights still rise, and no wide band is flat at the top.
        let white = picture.gradient[Self.referenceWhiteColumn]
        XCTAssertGreaterThanOrEqual(picture.gradient[peakColumn] - white, 8, "highlights above reference white do not rise",
                                    file: file, line: line)
        let share = picture.flatTopShare(fromColumn: Self.referenceWhiteColumn)
        XCTAssertLessThanOrEqual(share, 0.3, "\(Int(share * 100)) % of the highlights are one flat band", file: file, line: line)
    }
}

/// Bad input: a stream that turns from SDR to HDR part-way plays on, tone-mapped from the
/// first HDR frame.
final class HDRSwitchBinaryTests: XCTestCase {
    func testAStreamTurningHDRMidwayIsMappedFromThere() throws {
        try skipWithoutDisplay()
        let parts = try ClipSpec.sdrThenHDRParts.map { try MediaFactory.clip($0) }
        let list = MediaFactory.cacheDirectory.appendingPathComponent("sdr-then-hdr-\(UUID().uuidString).txt")
        let clip = list.deletingPathExtension().appendingPathExtension("mkv")
        defer { try? FileManager.default.removeItem(at: list); try? FileManager.default.removeItem(at: clip) }
        try parts.map { "file '\($0.path)'\n" }.joined().write(to: list, atomically: true, encoding: .utf8)
        try ChildProcess.run("ffmpeg", ["-nostdin", "-v", "error", "-y", "-f", "concat", "-safe", "0", "-i", list.path,
                                        "-c", "copy", clip.path], timeout: .seconds(30)).requireSuccess()
        let player = try PlayerSession(clip: clip, arguments: ["--loop=inf"], displayAspect: 16.0 / 9)
        let ipc = try XCTUnwrap(player.ipc)
        let rect = player.videoRect
        let patch = ClipSpec.hdrPatch
        let patchRect = PixelRect(x: rect.x + patch.x + 10, y: rect.y + patch.y + 10, width: patch.width - 20, height: patch.height - 20)
        // The SDR part: one mid-grey; then the HDR part's reference white, near white.
        let grey = try poll(timeout: .seconds(10), until: { (100...150).contains($0) }) {
            try player.capture().meanBrightness(patchRect)
        }
        XCTAssertNotNil(grey, "the SDR part's grey did not show")
        let white = try poll(timeout: .seconds(10), until: { $0 >= 0.9 * 255 }) { try player.capture().meanBrightness(patchRect) }
        XCTAssertNotNil(white, "the HDR part's reference white did not show near white")
        let position = try ipc.double("time-pos")
        XCTAssertNotNil(try poll(timeout: .seconds(5), until: { $0 != position }) { try ipc.double("time-pos") }, "playback stopped")
    }
}

/// 10-bit SDR video is not tone-mapped: it shows as the same picture in 8 bits does.
final class TenBitSDRBinaryTests: XCTestCase {
    func testTenBitSDRShowsAsEightBitDoes() throws {
        try skipWithoutDisplay()
        let eight = try still(of: try MediaFactory.clip(.sdrLayout(tenBit: false)))
        let ten = try still(of: try MediaFactory.clip(.sdrLayout(tenBit: true)))
        let rect = PixelRect(x: 0, y: 0, width: 640, height: ClipSpec.hdrGradientRows.upperBound)
        XCTAssertLessThanOrEqual(ten.meanDifference(from: eight, in: rect), 1.5)
        let patch = PixelRect(x: ClipSpec.hdrPatch.x + 10, y: ClipSpec.hdrPatch.y + 10, width: 140, height: 100)
        XCTAssertEqual(ten.meanBrightness(patch), eight.meanBrightness(patch), accuracy: 1.5)
    }

    /// The first frame, paused, once the patch is up.
    private func still(of clip: URL) throws -> RGBImage {
        let player = try PlayerSession(clip: clip, arguments: ["--pause"], displayAspect: 16.0 / 9, withIPC: false)
        let patch = PixelRect(x: ClipSpec.hdrPatch.x + 10, y: ClipSpec.hdrPatch.y + 10, width: 140, height: 100)
        return try XCTUnwrap(try poll(timeout: .seconds(10), until: { $0.meanBrightness(patch) > 150 }) { try player.capture() },
                             "no picture of \(clip.lastPathComponent)")
    }
}
