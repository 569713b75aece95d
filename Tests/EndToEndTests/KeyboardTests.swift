import Foundation
import TestSupport
import XCTest

/// The player's keys, typed into its window through xdotool and checked by the frame
/// number on screen.
final class KeyboardTests: XCTestCase {
    /// space pauses and resumes, and so does p.
    func testSpaceAndPTogglePause() throws {
        try skipWithoutDisplay()
        let player = try PlayerSession(clip: try Clips.av(seconds: 8))
        let ipc = try XCTUnwrap(player.ipc)
        var frame = try XCTUnwrap(try player.waitForFrame { $0 >= 5 }, "not playing")

        for key in ["space", "p"] {
            try Screen.key(window: player.window, key)
            let still = try XCTUnwrap(try player.waitForStillFrame(stillFor: .milliseconds(500), timeout: .seconds(3)),
                                      "\(key) did not pause (the picture kept moving)")
            XCTAssertGreaterThanOrEqual(still, frame, "\(key): paused before the frame last seen")
            XCTAssertLessThan(still, 150, "\(key): stopped at \(still), near the end of the clip")
            XCTAssertTrue(try ipc.bool("pause"), "\(key): IPC pause is false after pausing")

            try Screen.key(window: player.window, key)
            frame = try XCTUnwrap(try player.waitForFrame(timeout: .seconds(2)) { $0 >= still + 10 },
                                  "\(key) did not resume (stuck at \(still))")
            XCTAssertFalse(try ipc.bool("pause"), "\(key): IPC pause is true after resuming")
        }
    }

    /// → and ← seek exactly 10 s (250 frames) while paused; Home goes back to frame 0.
    /// Starting at 1.2 s (frame 30, between keyframes) tells an exact seek from a keyframe one.
    func testArrowsSeekTenSecondsAndHomeReturnsToStart() throws {
        try skipWithoutDisplay()
        let player = try PlayerSession(clip: try Clips.av(seconds: 30), arguments: ["--pause", "--start=1.2"],
                                       withIPC: false)
        XCTAssertEqual(try player.waitForStillFrame(), 30, "not paused on frame 30 (--start=1.2)")

        var frame = 30
        for (key, expected) in [("Right", 280), ("Right", 530), ("Left", 280), ("Home", 0)] {
            try Screen.key(window: player.window, key)
            let before = frame
            XCTAssertNotNil(try player.waitForFrame(timeout: .seconds(3)) { $0 != before },
                            "\(key) did not move the picture from frame \(before)")
            frame = try XCTUnwrap(try player.waitForStillFrame(stillFor: .milliseconds(300)),
                                  "the picture did not settle after \(key)")
            XCTAssertEqual(frame, expected, "\(key) from frame \(before)")
        }
    }

    /// `.` steps one frame forward while paused and `,` one frame back.
    func testPeriodAndCommaStepOneFrame() throws {
        try skipWithoutDisplay()
        let player = try PlayerSession(clip: try Clips.av(seconds: 8), arguments: ["--pause"])
        let ipc = try XCTUnwrap(player.ipc)
        XCTAssertEqual(try player.waitForStillFrame(), 0, "not paused on the first frame")

        var frame = 0
        for (key, step) in [("period", 1), ("period", 1), ("period", 1), ("comma", -1)] {
            try Screen.key(window: player.window, key)
            let before = frame
            XCTAssertNotNil(try player.waitForFrame(timeout: .seconds(3)) { $0 != before },
                            "\(key) did not change the picture from frame \(before)")
            frame = try XCTUnwrap(try player.waitForStillFrame(stillFor: .milliseconds(300)))
            XCTAssertEqual(frame, before + step, "\(key) from frame \(before)")
        }
        XCTAssertTrue(try ipc.bool("pause"), "frame stepping left the player playing")
    }

    /// q quits with status 0 within a second.
    func testQQuitsPromptly() throws {
        try skipWithoutDisplay()
        let player = try PlayerSession(clip: try Clips.av(seconds: 8), withIPC: false)
        XCTAssertNotNil(try player.waitForFrame { $0 >= 5 }, "not playing")

        let pressed = ContinuousClock.now
        try Screen.key(window: player.window, "q")
        let result = player.process.waitForExit(timeout: .seconds(3))
        XCTAssertFalse(result.timedOut, "q did not quit")
        XCTAssertFalse(result.wasSignalled, "killed by signal \(result.status)")
        XCTAssertEqual(result.status, 0, result.errorText)
        XCTAssertLessThan(seconds(since: pressed), 1, "q took more than 1 s to quit")
    }
}
