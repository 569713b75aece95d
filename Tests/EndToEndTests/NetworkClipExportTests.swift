import Foundation
import TestSupport
import XCTest

/// Exporting the A-B range of a network source: the clip is written from the packets the
/// demuxer cache holds, into `$XDG_VIDEOS_DIR`, without a request to the server.
final class NetworkClipExportTests: XCTestCase {
    func testTheABRangeIsWrittenFromTheCacheWithoutARequest() throws {
        let fixture = try NetworkFixture.shared()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vplay-netexport-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let player = try NetworkPlayer([fixture.server.url("clip.mp4")], environment: ["XDG_VIDEOS_DIR": folder.path])
        // The whole file in the cache: the reading is over, and nginx has logged it.
        try player.waitFor("demuxer-cache-state", timeout: .seconds(30)) { state in
            guard case .array(let list)? = state["seekable-ranges"], list.count == 1,
                  let start = list[0]["start"]?.number, let end = list[0]["end"]?.number else { return false }
            return start <= 0.1 && end >= fixture.media.seconds - 0.5
        }
        XCTAssertTrue(try player.client.command("set_property", "ab-loop-a", 2.5).isSuccess)
        XCTAssertTrue(try player.client.command("set_property", "ab-loop-b", 7.3).isSuccess)
        try fixture.server.waitForRequestsToSettle()
        let before = fixture.server.requests().count

        XCTAssertTrue(try player.client.command("ab-loop-dump-cache").isSuccess)
        let clip = folder.appendingPathComponent("clip [00.02-00.07].mkv")
        XCTAssertEqual(try finishedDuration(of: clip), 7.3 - 2.5, accuracy: 1.0 / 25 + 0.002, "B - A within a frame")
        let streams = try ChildProcess.run("ffprobe", ["-v", "error", "-show_entries", "stream=codec_type", "-of", "csv=p=0",
                                                       clip.path]).requireSuccess()
        XCTAssertEqual(Set(streams.outputText.split(separator: "\n").map(String.init)), ["video", "audio"])
        let decoded = try ChildProcess.run("ffmpeg", ["-v", "error", "-i", clip.path, "-f", "null", "-"], timeout: .seconds(60))
        XCTAssertEqual(decoded.status, 0, decoded.errorText)
        XCTAssertEqual(decoded.errorText, "", "the clip decodes cleanly")
        // 2.5 s is in the source's picture 62 (2.48-2.52): the clip starts with it, encoded again.
        let first = try ChildProcess.run("ffmpeg", ["-v", "error", "-i", clip.path, "-map", "0:v:0", "-vf", "format=rgb24",
                                                    "-frames:v", "1", "-f", "rawvideo", "-"]).requireSuccess()
        XCTAssertEqual(first.standardOutput.withUnsafeBytes { FramePattern.read(rgb: $0, width: 320, height: 240) }, 62)

        // nginx logs a request once it is over: after the player has gone.
        _ = try player.client.sendCommand(["quit"])
        XCTAssertFalse(player.process.waitForExit(timeout: .seconds(10)).timedOut)
        try fixture.server.waitForRequestsToSettle()
        XCTAssertEqual(Array(fixture.server.requests().dropFirst(before)), [], "the export asked the server for something")
    }
}
