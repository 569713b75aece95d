import Foundation
import TestSupport
import XCTest

/// `play-dir=backward` in the real binary: the frame numbers on screen and `time-pos` fall,
/// pause, seeks and frame steps work backwards, and playback waits paused at the start.
final class BackwardPlaybackBinaryTests: XCTestCase {
    /// 6 s at 25 fps: frames 0…149, a keyframe every 50.
    private func clip() throws -> URL { try Clips.av(seconds: 6) }

    private func setPaused(_ paused: Bool, _ ipc: IPCClient) throws {
        _ = try ipc.command(["set_property", "pause", paused])
    }

    func testBackwardPlaysFromTheEndDownToTheStartAtTheNormalRateAndWaitsThere() throws {
        try skipWithoutDisplay()
        let player = try PlayerSession(clip: try clip(), arguments: ["--play-dir=backward"])
        let ipc = try XCTUnwrap(player.ipc)
        XCTAssertEqual(try ipc.property("play-dir") as? String, "backward")
        let late = try XCTUnwrap(player.waitForFrame(timeout: .seconds(10)) { $0 >= 100 }, "it starts at the end")

        // time-pos runs down at about the wall clock's rate (loosely: a busy machine holds the
        // picture while a span decodes, so it may fall slower, never much faster).
        let before = try ipc.double("time-pos")
        let started = ContinuousClock.now
        let after = try XCTUnwrap(poll(timeout: .seconds(10), until: { $0 <= before - 1 }) { try ipc.double("time-pos") },
                                  "time-pos falls")
        let rate = (before - after) / seconds(since: started)
        XCTAssertGreaterThan(rate, 0.25, "time-pos falls at about the normal rate")
        XCTAssertLessThan(rate, 1.3, "time-pos falls at about the normal rate")
        XCTAssertNotNil(try player.waitForFrame { $0 < late - 10 }, "the frame numbers on screen fall")

        try setPaused(true, ipc)
        let held = try XCTUnwrap(player.waitForStillFrame(), "the picture holds while paused")
        let pausedAt = try ipc.double("time-pos")
        XCTAssertEqual(try player.waitForStillFrame(), held, "still the same picture")
        XCTAssertEqual(try ipc.double("time-pos"), pausedAt, accuracy: 0.001, "time-pos holds while paused")

        try setPaused(false, ipc)
        XCTAssertTrue(try poll(timeout: .seconds(20)) { try ipc.bool("eof-reached") }, "the start is reached")
        XCTAssertTrue(try ipc.bool("pause"), "it waits paused at the start")
        XCTAssertEqual(try ipc.double("time-pos"), 0, accuracy: 0.05)
        XCTAssertEqual(try player.waitForFrame { $0 == 0 }, 0, "the first frame is up")
    }

    func testSeeksAndFrameStepsGoBackwards() throws {
        try skipWithoutDisplay()
        let player = try PlayerSession(clip: try clip(), arguments: ["--play-dir=backward", "--pause"])
        let ipc = try XCTUnwrap(player.ipc)
        XCTAssertNotNil(try player.waitForFrame(timeout: .seconds(10)) { $0 >= 140 }, "paused at the end")

        _ = try ipc.command(["seek", 3, "absolute", "exact"])
        XCTAssertEqual(try player.waitForFrame { $0 == 75 }, 75, "the frame covering the target")
        XCTAssertEqual(try ipc.double("time-pos"), 3, accuracy: 0.041)

        _ = try ipc.command(["frame-step"])
        XCTAssertEqual(try player.waitForFrame { $0 != 75 }, 74, "a step goes one frame towards the start")
        _ = try ipc.command(["frame-back-step"])
        XCTAssertEqual(try player.waitForFrame { $0 != 74 }, 75, "a step back goes one frame towards the end")

        // Across a keyframe: the step needs the GOP before.
        _ = try ipc.command(["seek", 2.01, "absolute", "exact"])
        XCTAssertEqual(try player.waitForFrame { $0 == 50 }, 50)
        _ = try ipc.command(["frame-step"])
        XCTAssertEqual(try player.waitForFrame { $0 != 50 }, 49, "the last frame of the GOP before")
        XCTAssertEqual(try ipc.double("time-pos"), 49.0 / 25, accuracy: 0.005)
        XCTAssertTrue(try ipc.bool("pause"))
    }

    func testTheKeyAndThePropertyTurnPlaybackAroundWhereItStands() throws {
        try skipWithoutDisplay()
        let player = try PlayerSession(clip: try clip())
        let ipc = try XCTUnwrap(player.ipc)
        XCTAssertNotNil(try poll(timeout: .seconds(10), until: { $0 >= 2 }) { try ipc.double("time-pos") })

        try Screen.key(window: player.window, "B")
        XCTAssertTrue(try poll { try ipc.property("play-dir") as? String == "backward" }, "B plays backward")
        let turned = try ipc.double("time-pos")
        XCTAssertNotNil(try poll(timeout: .seconds(10), until: { $0 <= turned - 0.5 }) { try ipc.double("time-pos") },
                        "from where it stood, time-pos falls")
        let frame = try XCTUnwrap(player.waitForFrame { _ in true })
        XCTAssertNotNil(try player.waitForFrame { $0 < frame - 5 }, "and so do the frames")

        // Paused, turning forward again keeps the picture and the position where they stand:
        // no picture from elsewhere comes up meanwhile.
        try setPaused(true, ipc)
        let still = try XCTUnwrap(player.waitForStillFrame())
        let stood = try ipc.double("time-pos")
        _ = try ipc.command(["set_property", "play-dir", "forward"])
        var seen: [Int] = []
        let watched = ContinuousClock.now
        while seconds(since: watched) < 1 {
            if let frame = try player.frameNumber() { seen.append(frame) }
        }
        XCTAssertFalse(seen.isEmpty)
        XCTAssertEqual(Set(seen), [still], "the same picture throughout")
        XCTAssertEqual(try ipc.double("time-pos"), stood, accuracy: 0.041)
        XCTAssertEqual(try ipc.property("play-dir") as? String, "forward")

        try setPaused(false, ipc)
        XCTAssertNotNil(try poll(timeout: .seconds(10), until: { $0 >= stood + 0.5 }) { try ipc.double("time-pos") },
                        "forward again from there")
        XCTAssertNotNil(try player.waitForFrame { $0 > still + 5 })
    }

    /// Pictures decoded backwards go through the same processing as forward: the user's filters here.
    func testTheUsersVideoFiltersApplyBackward() throws {
        try skipWithoutDisplay()
        let player = try PlayerSession(clip: try MediaFactory.clip(.squareOnGrey()),
                                       arguments: ["--play-dir=backward", "--vf=negate"], displayAspect: 16.0 / 9.0)
        let ipc = try XCTUnwrap(player.ipc)
        XCTAssertEqual(try ipc.property("play-dir") as? String, "backward")
        let start = try XCTUnwrap(poll(timeout: .seconds(10), until: { $0 > 0 && $0 < 9.9 }) { try ipc.double("time-pos") },
                                  "backward playback under way")
        func centre(_ image: RGBImage) -> Double {
            image.meanBrightness(PixelRect(x: image.width / 2 - 10, y: image.height / 2 - 10, width: 20, height: 20))
        }
        XCTAssertNotNil(try player.waitForCapture(timeout: .seconds(10)) { centre($0) < 40 },
                        "--vf=negate did not turn the white square black backward")
        XCTAssertNotNil(try poll(timeout: .seconds(10), until: { $0 < start - 0.5 }) { try ipc.double("time-pos") },
                        "still playing backward")
        XCTAssertNotNil(try player.waitForCapture { centre($0) < 40 }, "the square stays black")
    }

    func testSoundAloneCannotPlayBackwardAndPlaysForwardWithAWarning() throws {
        let clip = try MediaFactory.clip(.audioOnly)
        let result = try BinaryRunner.run(["--autoexit", "--play-dir=backward", clip.path], timeout: .seconds(20))
        XCTAssertTrue(result.succeeded, result.errorText)
        XCTAssertEqual(result.errorText.components(separatedBy: "cannot play backward: no video to play backward; playing forward")
                        .count - 1, 1, "said once: \(result.errorText)")
        let wall = Double(result.wallTime.components.seconds) + Double(result.wallTime.components.attoseconds) / 1e18
        XCTAssertGreaterThan(wall, 3, "the 4 s of sound played forward")
    }

    func testADirectionThatIsNeitherIsRefused() throws {
        let result = try BinaryRunner.run(["--play-dir=sideways", try clip().path], timeout: .seconds(10))
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.errorText.contains("play-dir"), result.errorText)
        XCTAssertTrue(result.errorText.contains("forward, backward"), result.errorText)
    }

    /// An MP4 whose sync-sample table is gone claims every frame is a keyframe: seeks land on
    /// frames that cannot be decoded alone.
    func testAFileWhoseIndexLiesStillReachesTheStart() throws {
        try skipWithoutDisplay()
        let source = try clip()
        let lying = FileManager.default.temporaryDirectory.appendingPathComponent("vplay-backward-no-stss.mp4")
        var bytes = [UInt8](try Data(contentsOf: source))
        let stss = Array("stss".utf8)
        let found = (0...(bytes.count - 4)).filter { Array(bytes[$0..<$0 + 4]) == stss }
        XCTAssertEqual(found.count, 1, "the clip has one sync-sample table")
        for at in found { bytes.replaceSubrange(at..<at + 4, with: Array("free".utf8)) }
        try Data(bytes).write(to: lying)
        defer { try? FileManager.default.removeItem(at: lying) }

        let player = try PlayerSession(clip: lying, arguments: ["--play-dir=backward"])
        let ipc = try XCTUnwrap(player.ipc)
        XCTAssertTrue(try poll(timeout: .seconds(30)) { try ipc.bool("eof-reached") },
                      "the start is reached, however the seeks land")
        XCTAssertEqual(try ipc.double("time-pos"), 0, accuracy: 0.05)
        XCTAssertTrue(player.process.isRunning)
    }
}
