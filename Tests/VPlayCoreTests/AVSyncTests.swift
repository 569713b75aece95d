import Foundation
import TestSupport
import XCTest
@testable import VPlayCore

/// Pictures go up when the sound reaches them, at every speed: measured as audio heard minus
/// picture time at each picture, with the engine on a fake clock.
final class AVSyncTests: XCTestCase {
    private func offsets(speed: Double) throws -> [Double] {
        if speed != 1 {
            // The tempo filter's delay is measured in the background on first use: wait for it,
            // so the whole run uses it.
            _ = poll(timeout: .seconds(20), interval: 0.01) {
                TempoCalibration.shared.delay(tempo: speed, sampleRate: 48000) != nil
            }
        }
        var options = PlayerOptions()
        options.speed = speed
        let harness = try EngineHarness(try MediaFactory.clip(.av(seconds: 4)), options: options)
        XCTAssertTrue(harness.run { $0.player.state.eofReached }, "speed \(speed): did not reach the end")
        // From the second second on: the first pictures go up before the sound starts.
        return harness.shown.filter { $0.time >= 1 && $0.time < 3.5 }.compactMap(\.avOffset)
    }

    private func check(speed: Double) throws {
        let values = try offsets(speed: speed)
        XCTAssertGreaterThan(values.count, 40, "speed \(speed): too few pictures")
        let worst = values.map(abs).max() ?? .infinity
        // One audio buffer (21 ms) is the clock's step; the picture follows within 5 ms of media.
        XCTAssertLessThanOrEqual(worst, 0.005 * max(1, speed), "speed \(speed): worst offset \(worst * 1000) ms")
    }

    func testPicturesFollowTheSoundAtNormalSpeed() throws { try check(speed: 1) }
    func testPicturesFollowTheSoundAtHalfSpeed() throws { try check(speed: 0.5) }
    func testPicturesFollowTheSoundAtDoubleSpeed() throws { try check(speed: 2) }
}
