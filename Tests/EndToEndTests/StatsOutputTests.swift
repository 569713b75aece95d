import Foundation
import TestSupport
import XCTest

/// `--bench` and `--dump-stats` print documents other programs read: valid JSON with
/// figures that agree with the clip played.
final class StatsOutputTests: XCTestCase {
    private func requireDisplay() throws {
        try XCTSkipUnless(Screen.isAvailable, "needs a display (run under scripts/test-env.sh)")
    }

    func testBenchPresentsEveryFrameAndPrintsOneJSONLine() throws {
        try requireDisplay()
        let clip = try MediaFactory.clip(.av(seconds: 2))
        let result = try BinaryRunner.run(["--bench", clip.path], timeout: .seconds(30))
        XCTAssertTrue(result.succeeded, result.errorText)
        let lines = result.outputText.split(separator: "\n")
        XCTAssertEqual(lines.count, 1)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        XCTAssertEqual(object["frames_decoded"] as? Int, 50)
        XCTAssertEqual(object["frames_presented"] as? Int, 50)
        XCTAssertEqual(object["frames_dropped"] as? Int, 0)
        let wall = try XCTUnwrap(object["wall_seconds"] as? Double)
        let fps = try XCTUnwrap(object["fps"] as? Double)
        // Untimed: far faster than the clip's own 25 fps, and consistent with the wall time.
        XCTAssertGreaterThan(fps, 25)
        XCTAssertEqual(fps * wall, 50, accuracy: 1)
        XCTAssertGreaterThan(try XCTUnwrap(object["cpu_seconds"] as? Double), 0)
        XCTAssertGreaterThan(try XCTUnwrap(object["peak_rss_bytes"] as? Int), 1_000_000)
    }

    func testBenchLengthCountsMediaTimeNotWallTime() throws {
        try requireDisplay()
        let clip = try MediaFactory.clip(.av(seconds: 2))
        let result = try BinaryRunner.run(["--bench", "--length=1", clip.path], timeout: .seconds(30))
        XCTAssertTrue(result.succeeded, result.errorText)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.outputText.utf8)) as? [String: Any])
        // One second of a 25 fps clip, however fast it was decoded.
        XCTAssertEqual(Double(try XCTUnwrap(object["frames_presented"] as? Int)), 26, accuracy: 1)
    }

    func testDumpStatsWritesTheOffsetDistributionAndSeekLatencies() throws {
        try requireDisplay()
        let clip = try MediaFactory.clip(.av(seconds: 2))
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("vplay-stats-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: output) }
        // --start makes one seek before the first frame; --autoexit ends the run.
        let result = try BinaryRunner.run(["--autoexit", "--start=1", "--dump-stats=\(output.path)", clip.path],
                                          timeout: .seconds(30))
        XCTAssertTrue(result.succeeded, result.errorText)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: output)) as? [String: Any])
        let shown = try XCTUnwrap(object["frames_shown"] as? Int)
        XCTAssertEqual(shown + (object["frames_dropped"] as? Int ?? -1), 25, "the second half of a 25 fps clip")
        let first = try XCTUnwrap(object["time_to_first_frame_seconds"] as? Double)
        XCTAssertGreaterThan(first, 0)
        XCTAssertLessThan(first, 5)
        if ProcessInfo.processInfo.environment["VPLAY_AUDIO_CAPTURE"] != nil {
            let offsets = try XCTUnwrap(object["av_offset_seconds"] as? [String: Double])
            // Every frame once the sound runs (the first may go up before the audio clock starts).
            XCTAssertGreaterThanOrEqual(offsets["count"].map(Int.init) ?? 0, shown - 2)
            XCTAssertLessThanOrEqual(offsets["min"]!, offsets["median"]!)
            XCTAssertLessThanOrEqual(offsets["median"]!, offsets["p95"]!)
            XCTAssertLessThanOrEqual(offsets["p95"]!, offsets["max"]!)
            XCTAssertLessThan(abs(offsets["median"]!), 0.1)
        }
    }
}
