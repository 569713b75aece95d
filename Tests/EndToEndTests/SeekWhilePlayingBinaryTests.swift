import Foundation
import TestSupport
import XCTest

/// A seek while playing, through the real binary: it lands at its target, the picture there
/// shows and plays on, and the sound goes on with it (heard at the null sink).
final class SeekWhilePlayingBinaryTests: XCTestCase {
    func testAnExactSeekWhilePlayingLandsAtItsTargetWithPictureAndSound() throws {
        try skipWithoutDisplay()
        guard let capture = AudioCapture.environmentFile else { throw XCTSkip("needs the test environment's audio capture") }
        let player = try PlayerSession(clip: try Clips.av(seconds: 12))
        let ipc = try XCTUnwrap(player.ipc)
        XCTAssertTrue(try poll(timeout: .seconds(10)) { try ipc.double("time-pos") >= 1 }, "never played")

        // 6.5 s is the middle of frame 162, past the keyframe at 6 s (frame 150).
        let target = 6.5, frame = Int(target * clipFPS)
        _ = try ipc.command(["seek", target, "absolute+exact"])
        var landed: Double?
        XCTAssertTrue(try poll(timeout: .seconds(10), interval: 0.005) {
            guard try !ipc.bool("seeking") else { return false }
            landed = try ipc.double("time-pos")
            return true
        }, "the seek never ended")
        let restartedAt = try AudioCapture.duration(of: capture)
        let position = try XCTUnwrap(landed)
        XCTAssertGreaterThanOrEqual(position, target - 0.001, "restarted before its target")
        XCTAssertLessThan(position, target + 0.5, "restarted far past its target")

        // The pictures from there are the target's and those after it, never the way to it.
        var seen: [Int] = []
        XCTAssertTrue(try poll(timeout: .seconds(5), interval: 0.02) {
            if let shown = try player.frameNumber(), shown > 100 { seen.append(shown) }
            return (seen.last ?? 0) >= frame + 12
        }, "the picture did not play on from the target: \(seen)")
        XCTAssertGreaterThanOrEqual(seen.min() ?? 0, frame, "a picture before the target showed: \(seen)")
        XCTAssertEqual(seen, seen.sorted(), "the pictures went back: \(seen)")

        let running = try ipc.double("time-pos")
        XCTAssertGreaterThan(running, target + 0.3)
        let recording = try XCTUnwrap(AudioCapture.wait(for: capture, from: restartedAt - 0.5, timeout: .seconds(5)) {
            $0.endTime > restartedAt + 1
        })
        XCTAssertTrue(recording.hasSound(from: restartedAt + 0.3, to: restartedAt + 1), "no sound after the seek")
    }
}
