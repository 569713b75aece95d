import XCTest
@testable import VPlayCore

final class ClockTests: XCTestCase {
    func testRunsOnFromTheLastSetTime() {
        var clock = Clock()
        clock.set(10, serial: 1, at: 100)
        XCTAssertEqual(clock.time(at: 100.5), 10.5, accuracy: 1e-9)
    }

    func testPausedClockHoldsItsTime() {
        var clock = Clock()
        clock.set(10, serial: 1, at: 100)
        clock.setPaused(true, at: 101)
        XCTAssertEqual(clock.time(at: 150), 11, accuracy: 1e-9)
        clock.setPaused(false, at: 150)
        XCTAssertEqual(clock.time(at: 151), 12, accuracy: 1e-9)
    }

    func testSpeedScalesTheRunWithoutAJump() {
        var clock = Clock()
        clock.set(0, serial: 1, at: 0)
        clock.setSpeed(2, at: 1)
        XCTAssertEqual(clock.time(at: 1), 1, accuracy: 1e-9)
        XCTAssertEqual(clock.time(at: 2), 3, accuracy: 1e-9)
    }

    func testUnsetClockIsNotANumber() {
        XCTAssertTrue(Clock().time(at: 5).isNaN)
    }
}

final class SyncDecisionTests: XCTestCase {
    func testAFrameIsDueWhenTheMasterClockReachesIt() {
        // Master at 10.0 s now (t = 100): a frame stamped 10.04 is due 40 ms from now.
        XCTAssertEqual(SyncDecision.dueTime(pts: 10.04, master: 10, now: 100, speed: 1, fallback: 999), 100.04, accuracy: 1e-9)
        // Late frames are due in the past: shown at once, or dropped for a later one.
        XCTAssertEqual(SyncDecision.dueTime(pts: 9.9, master: 10, now: 100, speed: 1, fallback: 999), 99.9, accuracy: 1e-9)
    }

    func testSpeedScalesTheWait() {
        XCTAssertEqual(SyncDecision.dueTime(pts: 10.1, master: 10, now: 100, speed: 2, fallback: 999), 100.05, accuracy: 1e-9)
        XCTAssertEqual(SyncDecision.dueTime(pts: 10.1, master: 10, now: 100, speed: 0.5, fallback: 999), 100.2, accuracy: 1e-9)
    }

    func testTheDisplaysLatencyIsTakenOffSoThePictureIsSeenOnTime() {
        XCTAssertEqual(SyncDecision.dueTime(pts: 10.04, master: 10, now: 100, speed: 1, fallback: 999, lead: 0.008),
                       100.032, accuracy: 1e-9)
    }

    func testSmoothedValueStartsAtTheFirstSampleAndMovesByItsWeight() {
        var value = SmoothedValue(weight: 0.1)
        value.add(0.010)
        XCTAssertEqual(value.value, 0.010, accuracy: 1e-12)
        value.add(0.020)
        XCTAssertEqual(value.value, 0.011, accuracy: 1e-12)
        value.add(.nan)
        XCTAssertEqual(value.value, 0.011, accuracy: 1e-12, "a broken sample is ignored")
    }

    func testWithoutAUsableMasterTheFrameTimerDecides() {
        XCTAssertEqual(SyncDecision.dueTime(pts: 10, master: nil, now: 100, speed: 1, fallback: 100.03), 100.03)
        XCTAssertEqual(SyncDecision.dueTime(pts: 40, master: 10, now: 100, speed: 1, fallback: 100.03), 100.03,
                       "clocks 30 s apart are different timelines")
        XCTAssertEqual(SyncDecision.dueTime(pts: .nan, master: 10, now: 100, speed: 1, fallback: 100.03), 100.03)
    }

    func testFrameDurationTrustsSaneTimestamps() {
        XCTAssertEqual(SyncDecision.frameDuration(current: 1, next: 1.05, nominal: 0.04, maxDuration: 10), 0.05, accuracy: 1e-9)
        XCTAssertEqual(SyncDecision.frameDuration(current: 1, next: 0.9, nominal: 0.04, maxDuration: 10), 0.04)
        XCTAssertEqual(SyncDecision.frameDuration(current: 1, next: 20, nominal: 0.04, maxDuration: 10), 0.04)
    }
}

final class TimeFormatTests: XCTestCase {
    func testMinutesAndSeconds() {
        XCTAssertEqual(TimeFormat.label(0), "0:00")
        XCTAssertEqual(TimeFormat.label(65.9), "1:05")
        XCTAssertEqual(TimeFormat.pair(position: 3, duration: 10), "0:03 / 0:10")
    }

    func testHoursWhenTheFileIsAnHourOrLonger() {
        XCTAssertEqual(TimeFormat.pair(position: 61, duration: 3600), "0:01:01 / 1:00:00")
        XCTAssertEqual(TimeFormat.label(3725), "1:02:05")
    }

    func testUnknownDuration() {
        XCTAssertEqual(TimeFormat.pair(position: 5, duration: nil), "0:05 / --:--")
        XCTAssertEqual(TimeFormat.label(.nan), "--:--")
    }
}
