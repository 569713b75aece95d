import Foundation
import TestSupport
import XCTest

/// Inputs at the edges: paths people really have, and files with nothing to play.
final class PathAndStreamTests: XCTestCase {
    func testAPathWithSpacesAndNonASCIICharactersPlays() throws {
        try skipWithoutDisplay()
        let source = try MediaFactory.clip(.av(seconds: 1))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vplay été \(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("clip – 日本語 ✓.mp4")
        try FileManager.default.copyItem(at: source, to: file)
        let result = try BinaryRunner.run(["--autoexit", "--", file.path], timeout: .seconds(15))
        XCTAssertTrue(result.succeeded, result.errorText)
        XCTAssertEqual(result.errorText, "")
    }

    func testAFileWithOnlySubtitlesIsOneClearError() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vplay-subs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let srt = directory.appendingPathComponent("subs.srt")
        try "1\n00:00:00,000 --> 00:00:02,000\nHello\n".write(to: srt, atomically: true, encoding: .utf8)
        let mkv = directory.appendingPathComponent("subs-only.mkv")
        try ChildProcess.run("ffmpeg", ["-v", "error", "-i", srt.path, "-c:s", "srt", mkv.path], timeout: .seconds(20))
            .requireSuccess()
        let result = try BinaryRunner.run([mkv.path], timeout: .seconds(20))
        XCTAssertFalse(result.timedOut, "still running at the timeout")
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.errorText, "vplay: cannot open '\(mkv.path)': no audio or video stream\n")
    }
}
