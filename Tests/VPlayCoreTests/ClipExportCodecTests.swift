import Foundation
import TestSupport
import XCTest
@testable import VPlayCore

/// Clips cut out of HEVC and VP9 video start exactly at A (the pictures up to the next
/// keyframe encoded again in the same codec) and decode cleanly across the joins; a codec
/// without an encoder for the cut starts at the keyframe before A and says so.
final class ClipExportCodecTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("vplay-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func export(_ spec: ClipSpec, from a: Double, to b: Double) throws -> (clip: URL, notice: String?) {
        let made = try MediaFactory.clip(spec)
        let source = folder.appendingPathComponent(made.lastPathComponent)
        try FileManager.default.copyItem(at: made, to: source)
        let destination = ClipName.url(for: source.path, from: a, to: b)
        let writer = try ClipWriter(source: Source(source.path), range: ClipWriter.Range(a: a, b: b), options: PlayerOptions(),
                                    interrupt: InterruptFlag())
        try writer.write(to: destination) { _ in }
        return (destination, writer.notice)
    }

    /// The frame number of every picture of `url`, in order, decoded by ffmpeg, which must
    /// report no damage on the way (nil where a picture carries no readable pattern).
    private func frameNumbers(_ url: URL) throws -> [Int?] {
        let (width, height) = (320, 240)
        let result = try ChildProcess.run("ffmpeg", ["-v", "error", "-i", url.path, "-map", "0:v:0", "-vf", "format=gray",
                                                     "-f", "rawvideo", "-"])
        XCTAssertEqual(result.status, 0, result.errorText)
        XCTAssertEqual(result.errorText, "", "decoding \(url.lastPathComponent) reports nothing")
        let bytes = [UInt8](result.standardOutput), size = width * height
        return stride(from: 0, to: bytes.count - size + 1, by: size).map { start in
            let rgb = bytes[start..<start + size].flatMap { [$0, $0, $0] }
            return rgb.withUnsafeBytes { FramePattern.read(rgb: $0, width: width, height: height) }
        }
    }

    private func duration(_ url: URL) throws -> Double {
        let result = try ChildProcess.run("ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0",
                                                      url.path]).requireSuccess()
        return try XCTUnwrap(Double(result.outputText.trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    private func assertExactCut(_ spec: ClipSpec, codec: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let (clip, notice) = try export(spec, from: 1.3, to: 5.1)
        XCTAssertNil(notice, file: file, line: line)
        let probe = try ChildProcess.run("ffprobe", ["-v", "error", "-select_streams", "v", "-show_entries", "stream=codec_name",
                                                     "-of", "csv=p=0", clip.path]).requireSuccess()
        XCTAssertEqual(probe.outputText.trimmingCharacters(in: .whitespacesAndNewlines), codec, file: file, line: line)
        // 1.3 s falls in frame 32; the last frame starting before 5.1 s is 127; the groups
        // from 2 s to 4 s are copied between re-encoded head and tail.
        XCTAssertEqual(try frameNumbers(clip), (32...127).map { $0 }, "every picture once, in order, across the joins",
                       file: file, line: line)
        XCTAssertEqual(try duration(clip), 5.1 - 1.3, accuracy: 1.0 / 25 + 0.002, "B - A within a frame", file: file, line: line)
    }

    func testHEVCIsCutExactly() throws {
        try assertExactCut(.hevcCut(), codec: "hevc")
    }

    func testVP9IsCutExactly() throws {
        try assertExactCut(.vp9Cut(), codec: "vp9")
    }

    func testACodecWithoutEncoderIsCutAtTheKeyframeBeforeA() throws {
        // MPEG-2's encoder puts its keyframes a picture or so before each 2 s.
        let packets = try ChildProcess.run("ffprobe", ["-v", "error", "-select_streams", "v", "-show_entries",
                                                       "packet=pts_time,flags", "-of", "csv=p=0",
                                                       try MediaFactory.clip(.mpeg2Cut()).path]).requireSuccess()
        let keyframes = packets.outputText.split(separator: "\n").filter { $0.contains("K") }
            .compactMap { Double($0.split(separator: ",")[0]) }
        let keyframe = try XCTUnwrap(keyframes.last { $0 <= 2.5 })
        let first = Int((keyframe * 25).rounded())
        XCTAssertGreaterThan(first, 25, "a keyframe between 1 s and A")
        let (clip, notice) = try export(.mpeg2Cut(), from: 2.5, to: 5.1)
        XCTAssertEqual(notice, "the clip starts at the keyframe before A (\(ClipName.stamp(keyframe))): no mpeg2video encoder to cut exactly")
        let frames = try frameNumbers(clip)
        XCTAssertEqual(Array(frames.prefix(128 - first)), (first...127).map { $0 }, "every picture from the keyframe to B, in order")
        // The last pictures before B may need one after it (B-frames refer to it): up to two frames more.
        XCTAssertEqual(try duration(clip), 5.1 - keyframe, accuracy: 2.0 / 25 + 0.002, "from the keyframe to B")
    }
}
