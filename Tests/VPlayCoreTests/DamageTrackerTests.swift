import XCTest
@testable import VPlayCore

final class DamageTrackerTests: XCTestCase {
    func testErrorsCloseTogetherMakeOneBurstEndedByASecondOfCleanMedia() {
        var tracker = DamageTracker()
        XCTAssertNil(tracker.recordClean(at: 0, duration: 0.04))
        tracker.recordError(at: 1.0)
        XCTAssertNil(tracker.recordClean(at: 1.04, duration: 0.04), "one clean frame does not end the damage")
        tracker.recordError(at: 1.2)
        tracker.recordError()   // no time of its own: placed at the last clean frame
        XCTAssertNil(tracker.recordClean(at: 2.0, duration: 0.04))
        let burst = tracker.recordClean(at: 2.2, duration: 0.04)
        XCTAssertEqual(burst, DamageTracker.Burst(errors: 3, from: 1.0, to: 1.2))
        XCTAssertEqual(tracker.total, 3)
        XCTAssertNil(tracker.recordClean(at: 2.3, duration: 0.04), "reported once")
        XCTAssertNil(tracker.finish())
    }

    func testSeparateStretchesAreSeparateBursts() {
        var tracker = DamageTracker()
        tracker.recordError(at: 1)
        XCTAssertEqual(tracker.recordClean(at: 2.5, duration: 0.04)?.errors, 1)
        tracker.recordError(at: 5)
        tracker.recordError(at: 5.5)
        XCTAssertEqual(tracker.recordClean(at: 7, duration: 0.04), DamageTracker.Burst(errors: 2, from: 5, to: 5.5))
        XCTAssertEqual(tracker.total, 3)
    }

    func testTheEndOrASeekClosesAnOpenBurst() {
        var tracker = DamageTracker()
        tracker.recordError()
        tracker.recordError()
        let burst = tracker.finish()
        XCTAssertEqual(burst?.errors, 2)
        XCTAssertFalse(burst?.from.isFinite ?? true, "no time known: none made up")
        XCTAssertNil(tracker.finish())
    }

    func testAnUntimedFirstErrorTakesTheNextCleanFramesTime() {
        var tracker = DamageTracker()
        tracker.recordError()
        XCTAssertNil(tracker.recordClean(at: 3, duration: 0.5))
        XCTAssertEqual(tracker.recordClean(at: 3.5, duration: 0.5), DamageTracker.Burst(errors: 1, from: 3, to: 3))
    }

    func testDamageLineNamesTheStreamThePlaceAndTheCount() {
        let line = Player.damageLine(stream: "video", DamageTracker.Burst(errors: 37, from: 41.2, to: 43.9), startTime: 0)
        XCTAssertEqual(line, "video: damaged data from 0:41 to 0:43 (37 decode errors); playing on")
        let single = Player.damageLine(stream: "audio", DamageTracker.Burst(errors: 1, from: 10.5, to: 10.5), startTime: 10)
        XCTAssertEqual(single, "audio: damaged data at 0:00 (1 decode error); playing on")
    }
}
