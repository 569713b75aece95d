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
    func testInSyncKeepsTheNominalDelay() {
        XCTAssertEqual(SyncDecision.targetDelay(0.04, difference: 0.01), 0.04)
    }

    func testVideoBehindShortensTheDelay() {
        XCTAssertEqual(SyncDecision.targetDelay(0.04, difference: -0.05), 0, accuracy: 1e-9)
        XCTAssertEqual(SyncDecision.targetDelay(0.2, difference: -0.15), 0.05, accuracy: 1e-9)
    }

    func testVideoAheadDoublesShortFramesAndStretchesLongOnes() {
        XCTAssertEqual(SyncDecision.targetDelay(0.04, difference: 0.06), 0.08, accuracy: 1e-9)
        XCTAssertEqual(SyncDecision.targetDelay(0.2, difference: 0.15), 0.35, accuracy: 1e-9)
    }

    func testClocksTooFarApartAreNotCorrected() {
        XCTAssertEqual(SyncDecision.targetDelay(0.04, difference: 30), 0.04)
        XCTAssertEqual(SyncDecision.targetDelay(0.04, difference: .nan), 0.04)
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
