import Foundation
import TestSupport
import XCTest

/// Tracks through the real binary: `track-list` over IPC, switching the sound while it plays
/// (heard at the null sink), languages on the command line, the keys, bad track ids.
final class TrackBinaryTests: XCTestCase {
    private func clip() throws -> URL { try MediaFactory.clip(try .multiTrack(seconds: 12)) }

    private func isNear(_ frequency: Double?, _ expected: Int) -> Bool {
        frequency.map { abs($0 - Double(expected)) < Double(expected) * 0.03 } ?? false
    }

    /// Ids the file does not have: one line each, and the file still plays to its end.
    func testMissingTrackIdsAreReportedAndPlaybackGoesOn() throws {
        try skipWithoutDisplay()
        let clip = try MediaFactory.clip(.av(seconds: 1))
        let result = try BinaryRunner.run(["--aid=5", "--sid=9", "--autoexit", clip.path], timeout: .seconds(30))
        XCTAssertTrue(result.succeeded, result.errorText)
        let lines = result.errorText.split(separator: "\n").filter { $0.contains(" track ") }
        XCTAssertEqual(lines, ["vplay: no audio track 5; playing without sound",
                               "vplay: no subtitle track 9; playing without subtitles"])
        let fine = try BinaryRunner.run(["--aid=1", "--autoexit", clip.path], timeout: .seconds(30))
        XCTAssertFalse(fine.errorText.contains(" track "), fine.errorText)
    }

    func testTrackListHasMpvsShapeAndTheSelectedTracks() throws {
        try skipWithoutDisplay()
        let player = try PlayerSession(clip: try clip(), arguments: ["--pause"])
        let ipc = try XCTUnwrap(player.ipc)
        let list = try XCTUnwrap(try ipc.property("track-list") as? [[String: Any]])
        XCTAssertEqual(list.map { $0["type"] as? String }, ["video", "audio", "audio", "sub", "sub"])
        XCTAssertEqual(list.map { $0["id"] as? Int }, [1, 1, 2, 1, 2])
        XCTAssertEqual(list.map { $0["selected"] as? Bool }, [true, true, false, false, false])
        XCTAssertEqual(list.map { $0["lang"] as? String }, [nil, "eng", "fre", "eng", "ger"])
        XCTAssertEqual(list.map { $0["codec"] as? String }, ["h264", "aac", "aac", "ass", "subrip"])
        XCTAssertEqual(list.map { $0["ff-index"] as? Int }, [0, 1, 2, 3, 4])
        XCTAssertEqual(list[2]["title"] as? String, "Commentary")
        XCTAssertEqual(list[1]["default"] as? Bool, true)
        XCTAssertEqual(list[0]["demux-w"] as? Int, 320)
        XCTAssertEqual(list[1]["demux-samplerate"] as? Int, 48000)
        XCTAssertEqual(try ipc.property("aid") as? Int, 1)
        XCTAssertEqual(try ipc.property("vid") as? Int, 1)
        XCTAssertEqual(try ipc.property("sid") as? Bool, false, "mpv answers false for no track")
    }

    func testSettingAidChangesTheToneHeardWhileThePositionRunsOn() throws {
        try skipWithoutDisplay()
        guard let capture = AudioCapture.environmentFile else { throw XCTSkip("needs the test environment's audio capture") }
        let recordedBefore = try XCTUnwrap(AudioCapture.quietMark(of: capture), "the sink never went quiet")
        let player = try PlayerSession(clip: try clip())
        let ipc = try XCTUnwrap(player.ipc)
        try ipc.waitForTimePos(atLeast: 2)
        let switchedAt = try AudioCapture.duration(of: capture)
        let before = try ipc.double("time-pos")
        _ = try ipc.command(["set_property", "aid", 2])
        XCTAssertEqual(try ipc.property("aid") as? Int, 2)
        let after = try ipc.waitForTimePos(atLeast: before + 1.5, timeout: .seconds(5))
        XCTAssertGreaterThan(after, before)

        let silencedAt = try AudioCapture.duration(of: capture)
        _ = try ipc.command(["set_property", "aid", "no"])
        XCTAssertEqual(try ipc.property("aid") as? Bool, false)
        let running = try ipc.double("time-pos")
        try ipc.waitForTimePos(atLeast: running + 1, timeout: .seconds(5))

        let recording = try XCTUnwrap(AudioCapture.wait(for: capture, from: recordedBefore, timeout: .seconds(5)) {
            $0.endTime > silencedAt + 1
        })
        let first = recording.medianPitch(from: switchedAt - 1, to: switchedAt - 0.2)
        let second = recording.medianPitch(from: switchedAt + 0.5, to: switchedAt + 1.3)
        XCTAssertTrue(isNear(first, ClipSpec.toneFrequency), "before the switch: \(first ?? 0) Hz")
        XCTAssertTrue(isNear(second, ClipSpec.secondToneFrequency), "after the switch: \(second ?? 0) Hz")
        XCTAssertFalse(recording.hasSound(from: silencedAt + 0.5, to: silencedAt + 1), "sound after aid no")
    }

    func testAlangPicksTheTrackOfThatLanguage() throws {
        try skipWithoutDisplay()
        let player = try PlayerSession(clip: try clip(), arguments: ["--alang=ja,fr", "--slang=de", "--pause"])
        let ipc = try XCTUnwrap(player.ipc)
        XCTAssertEqual(try ipc.property("aid") as? Int, 2)
        XCTAssertEqual(try ipc.property("sid") as? Int, 2)
        _ = try ipc.command(["seek", 1, "absolute+exact"])
        var text: String?
        _ = try poll(timeout: .seconds(5), interval: 0.05) {
            text = try ipc.property("sub-text") as? String
            return text == "DE First line"
        }
        XCTAssertEqual(text, "DE First line")
    }

    func testKeysCycleTheTracksAndBadIdsAreRefused() throws {
        try skipWithoutDisplay()
        let player = try PlayerSession(clip: try clip())
        let ipc = try XCTUnwrap(player.ipc)
        try ipc.waitForTimePos(atLeast: 0.3)
        try Screen.key(window: player.window, "numbersign")
        XCTAssertTrue(try poll(timeout: .seconds(3)) { try ipc.property("aid") as? Int == 2 }, "# did not select audio track 2")
        try Screen.key(window: player.window, "j")
        XCTAssertTrue(try poll(timeout: .seconds(3)) { try ipc.property("sid") as? Int == 1 }, "j did not select subtitle track 1")
        try Screen.key(window: player.window, "J")
        XCTAssertTrue(try poll(timeout: .seconds(3)) { try ipc.property("sid") as? Bool == false }, "J did not go back to no subtitles")

        XCTAssertThrowsError(try ipc.command(["set_property", "aid", 9]), "aid 9 of 2 was accepted")
        XCTAssertThrowsError(try ipc.command(["set_property", "vid", "two"]))
        XCTAssertEqual(try ipc.property("aid") as? Int, 2)
        let position = try ipc.double("time-pos")
        try ipc.waitForTimePos(atLeast: position + 0.5, timeout: .seconds(5))
        XCTAssertTrue(player.process.isRunning)
    }
}
