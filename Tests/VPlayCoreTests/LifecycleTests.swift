import XCTest
@testable import VPlayCore

/// Every transition of the playback lifecycle, and what is derived from its phase.
final class LifecycleTests: XCTestCase {
    private func restarting(_ reason: Restart.Reason = .seek, target: Double = 5, exact: Bool = true) -> Lifecycle {
        var lifecycle = Lifecycle()
        lifecycle.handle(.restart(reason, target: target, exact: exact))
        return lifecycle
    }

    func testAFileOpensRestartingAtItsStartWithoutCountingAsASeek() {
        let lifecycle = Lifecycle()
        XCTAssertEqual(lifecycle.restart, Restart(reason: .open, target: 0, isExact: false))
        XCTAssertTrue(lifecycle.isRestarting)
        XCTAssertFalse(lifecycle.isSeeking)
        XCTAssertFalse(lifecycle.hasEnded)
    }

    func testARestartRecordsWhenItSettledAndItsPictureThenStartsPlaying() {
        var lifecycle = restarting(target: 5)
        XCTAssertTrue(lifecycle.isSeeking)
        lifecycle.handle(.settled(at: 10))
        lifecycle.handle(.settled(at: 11))
        XCTAssertEqual(lifecycle.restart?.settledAt, 10, "the first settling counts")
        lifecycle.handle(.pictureShown(position: 5, at: 10.2))
        lifecycle.handle(.pictureShown(position: 5.04, at: 10.3))
        XCTAssertEqual(lifecycle.restart?.landing, 5, "the first picture is the landing")
        XCTAssertEqual(lifecycle.restart?.landedAt, 10.2)
        lifecycle.handle(.started)
        XCTAssertEqual(lifecycle.phase, .playing)
        XCTAssertFalse(lifecycle.isSeeking)
    }

    func testANewSeekReplacesOneInFlight() {
        var lifecycle = restarting(target: 5)
        lifecycle.handle(.pictureShown(position: 5, at: 1))
        lifecycle.handle(.restart(.seek, target: 8, exact: false))
        XCTAssertEqual(lifecycle.restart, Restart(reason: .seek, target: 8, isExact: false))
    }

    func testALoopsJumpBackIsASeekThatPlaysOn() {
        var lifecycle = restarting(.loop, target: 1)
        XCTAssertTrue(lifecycle.isSeeking)
        XCTAssertFalse(lifecycle.hasEnded)
        lifecycle.handle(.pictureShown(position: 1, at: 2))
        lifecycle.handle(.started)
        XCTAssertEqual(lifecycle.phase, .playing)
    }

    func testARewindAfterTheEndWaitsEndedUntilResumed() {
        var lifecycle = restarting(.rewind, target: 0)
        XCTAssertTrue(lifecycle.hasEnded, "eof-reached from the moment the end is reached")
        XCTAssertTrue(lifecycle.isSeeking)
        lifecycle.handle(.started)
        XCTAssertEqual(lifecycle.phase, .ended)
        XCTAssertTrue(lifecycle.hasEnded)
        lifecycle.handle(.resumed)
        XCTAssertEqual(lifecycle.phase, .playing)
        XCTAssertFalse(lifecycle.hasEnded)
    }

    func testASeekFromTheEndLeavesIt() {
        var lifecycle = restarting(.rewind, target: 0)
        lifecycle.handle(.started)
        lifecycle.handle(.restart(.seek, target: 3, exact: true))
        XCTAssertFalse(lifecycle.hasEnded)
        lifecycle.handle(.started)
        XCTAssertEqual(lifecycle.phase, .playing)
    }

    func testStepsGoFromPlayingOrTheEndAndBackToPlaying() {
        var lifecycle = restarting()
        lifecycle.handle(.step)
        XCTAssertTrue(lifecycle.isRestarting, "no step while a seek lands")
        lifecycle.handle(.started)
        lifecycle.handle(.step)
        XCTAssertEqual(lifecycle.phase, .stepping)
        lifecycle.handle(.stepped)
        XCTAssertEqual(lifecycle.phase, .playing)
        var ended = restarting(.rewind, target: 0)
        ended.handle(.started)
        ended.handle(.step)
        XCTAssertEqual(ended.phase, .stepping)
    }

    func testEventsThatDoNotFitThePhaseChangeNothing() {
        var playing = restarting()
        playing.handle(.started)
        for event: Lifecycle.Event in [.started, .stepped, .resumed, .settled(at: 1), .pictureShown(position: 1, at: 1)] {
            var copy = playing
            copy.handle(event)
            XCTAssertEqual(copy, playing, "\(event)")
        }
        var stepping = playing
        stepping.handle(.step)
        for event: Lifecycle.Event in [.step, .started, .resumed] {
            var copy = stepping
            copy.handle(event)
            XCTAssertEqual(copy, stepping, "\(event)")
        }
    }
}
