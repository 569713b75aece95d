import XCTest
import TestSupport
@testable import VPlayCore

/// Pausing while playing backwards with the picture behind the clock (the frame before still
/// being decoded on a busy machine): time stands in the picture on screen, so the position
/// says what is seen and turning forward keeps that picture.
final class BackwardPauseEngineTests: XCTestCase {
    func testPausingBehindTheClockStandsInThePictureOnScreenAndTurningForwardKeepsIt() throws {
        var options = PlayerOptions()
        options.playDirection = .backward
        let harness = try EngineHarness(try MediaFactory.clip(.av(seconds: 4)), options: options)
        XCTAssertTrue(harness.run(timeout: 5) { $0.player.state.position < 3.5 && $0.currentFrameNumber() != nil }, "backward playback under way")
        let shown = try XCTUnwrap(harness.currentFrameNumber())

        // The main loop is late by three frames' time: the clock has left the picture behind.
        harness.clock.advance(to: harness.clock.time + 0.12)
        harness.apply(.setPaused(true))
        XCTAssertEqual(harness.currentFrameNumber(), shown)
        XCTAssertEqual(Int((harness.player.state.position * 25).rounded(.down)), shown, "the position is in the picture on screen")
        for _ in 0..<20 { harness.step() }
        XCTAssertEqual(Int((harness.player.state.position * 25).rounded(.down)), shown, "the position moved while paused")
        XCTAssertEqual(harness.currentFrameNumber(), shown, "paused, another picture came up")

        harness.apply(.setPlayDirection(.forward))
        XCTAssertTrue(harness.run { $0.player.backward == nil && $0.player.lifecycle.restart == nil }, "the turn never landed")
        XCTAssertEqual(harness.currentFrameNumber(), shown, "turning forward showed another picture")
        XCTAssertEqual(harness.shown.last?.number, shown)
        XCTAssertTrue(harness.player.state.isPaused)
    }
}
