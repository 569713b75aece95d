import XCTest
import TestSupport
@testable import VPlayCore

/// A paused exact seek decodes only what its target needs; the frames after it wait until they
/// are wanted (playing, a frame step, or the end of the hold), so seeks in quick succession
/// find the codec idle. The clip is 25 fps with a keyframe every 50 frames.
final class PausedSeekHoldTests: XCTestCase {
    private func pausedHarness(hold: Double) throws -> EngineHarness {
        var options = PlayerOptions()
        options.startPaused = true
        options.seekReplayHold = hold
        let harness = try EngineHarness(try MediaFactory.clip(.av(seconds: 8)), options: options)
        XCTAssertTrue(harness.run { $0.count(.playbackRestart) == 1 && !$0.shown.isEmpty })
        return harness
    }

    private func seek(_ harness: EngineHarness, to seconds: Double) -> Int? {
        let restarts = harness.count(.playbackRestart)
        harness.apply(.seek(.absolute(seconds), .exact))
        XCTAssertTrue(harness.run { $0.count(.playbackRestart) > restarts })
        return harness.currentFrameNumber()
    }

    private func framesDecoded(_ harness: EngineHarness) -> Int {
        harness.player.video!.decoder.framesDecoded
    }

    /// A paused seek decodes the way from its keyframe and what the codec still held behind
    /// the target, puts out the target alone, and waits. Decoding the way on at once would add
    /// as much again (the way from the keyframe, a second time) and fill the frame queue.
    func testAPausedSeekDecodesNothingPastItsTarget() throws {
        let harness = try pausedHarness(hold: .infinity)
        let reorderingTail = 3
        // Frames 0…2 fill the queue at the start; a decoder blocked on a full queue is idle.
        XCTAssertTrue(harness.run { $0.player.video!.frames.remaining == 2 })
        var before = framesDecoded(harness)
        for (target, expected, keyframe) in [(5.0, 125, 100), (3.3, 82, 50), (7.9, 197, 150)] {
            XCTAssertEqual(seek(harness, to: target), expected)
            // Once the decoder waits, all it decoded for this seek is counted.
            XCTAssertTrue(harness.run(timeout: 10) { $0.player.video!.packets.isAwaitingRelease })
            let decoded = framesDecoded(harness) - before
            XCTAssertLessThanOrEqual(decoded, expected - keyframe + 1 + reorderingTail, "seek to \(target)")
            XCTAssertEqual(harness.player.video!.frames.remaining, 0, "only the target was put out")
            before += decoded
        }
    }

    /// A frame step releases the hold at once: with an endless hold it would never come.
    func testAFrameStepAfterAPausedSeekShowsTheNextFrame() throws {
        let harness = try pausedHarness(hold: .infinity)
        XCTAssertEqual(seek(harness, to: 2.0), 50)
        for expected in 51...53 {
            let count = harness.shown.count
            harness.apply(.frameStep)
            XCTAssertTrue(harness.run(timeout: 10) { $0.shown.count > count })
            XCTAssertEqual(harness.currentFrameNumber(), expected)
        }
        XCTAssertTrue(harness.player.state.isPaused)
    }

    /// Playing releases the hold at once and goes on from the frame after the target.
    func testPlayingAfterAPausedSeekGoesOnFromTheNextFrame() throws {
        let harness = try pausedHarness(hold: .infinity)
        XCTAssertEqual(seek(harness, to: 6.97), 174)
        let before = harness.shown.count
        harness.apply(.setPaused(false))
        XCTAssertTrue(harness.run(timeout: 10) { $0.shown.count >= before + 5 })
        XCTAssertEqual(harness.shown.suffix(5).compactMap(\.number), Array(175...179))
    }

    /// Once the hold ends, the way on is decoded while still paused, so a later press of play
    /// finds the next frames waiting.
    func testTheWayOnIsDecodedWhilePausedOnceTheHoldEnds() throws {
        let harness = try pausedHarness(hold: 0.05)
        XCTAssertEqual(seek(harness, to: 5.0), 125)
        XCTAssertTrue(harness.run(timeout: 10) { $0.player.video!.frames.remaining > 0 })
        XCTAssertTrue(harness.player.state.isPaused)
        XCTAssertEqual(harness.currentFrameNumber(), 125, "nothing new is shown while paused")
    }
}
