import XCTest
import TestSupport
@testable import VPlayCore

/// After an open or a seek, sound and picture start together at the position asked for: the
/// first picture waits for the sound, the sound for the picture, and the position never runs
/// back. The clip is 25 fps with its frame number drawn in.
final class RestartTests: XCTestCase {
    private let frame = 0.04

    /// Runs until the next playback-restart; the position and picture right then.
    private func restart(_ harness: EngineHarness, after command: PlayerCommand) -> (position: Double, number: Int?) {
        let restarts = harness.count(.playbackRestart)
        harness.apply(command)
        XCTAssertTrue(harness.run { $0.count(.playbackRestart) > restarts })
        return (harness.player.state.position, harness.currentFrameNumber())
    }

    func testExactSeeksWhilePlayingLandOnTheTargetEvenWhenDecodingIsSlow() throws {
        let harness = try EngineHarness(try MediaFactory.clip(.av(seconds: 8)))
        // Fake time runs on while the picture is decoded: the sound would run ahead of it.
        harness.freezesWhileDecoding = false
        XCTAssertTrue(harness.run { $0.player.state.position >= 1 && $0.count(.playbackRestart) == 1 })
        for target in [3.3, 5.52, 2.1, 6.97] {
            let landed = restart(harness, after: .seek(.absolute(target), .exact))
            XCTAssertEqual(landed.position, target, accuracy: 1e-6, "the position is the target")
            XCTAssertEqual(landed.number, Int(target / frame), "the picture covering \(target)")
            // From there the sound and picture run on together, the position never going back.
            let shownBefore = harness.shown.count
            var last = landed.position
            XCTAssertTrue(harness.run { h in
                XCTAssertGreaterThanOrEqual(h.player.state.position, last - 1e-6, "went back after \(target)")
                last = h.player.state.position
                return last >= target + 0.3
            })
            XCTAssertLessThan(last, target + 0.3 + frame, "ran ahead of the picture")
            let numbers = harness.shown[shownBefore...].compactMap(\.number)
            let first = Int(target / frame) + 1
            XCTAssertEqual(numbers, Array(first..<(first + numbers.count)), "every frame after \(target), in order")
            let offsets = harness.shown[shownBefore...].compactMap(\.avOffset)
            XCTAssertLessThan(offsets.map(\.magnitude).max() ?? 1, frame, "sound and picture apart after \(target)")
        }
    }

    func testASlowDeviceHoldsTheFirstPictureUntilItsSoundStarts() throws {
        var options = PlayerOptions()
        options.start = 1
        let harness = try EngineHarness(try MediaFactory.clip(.av(seconds: 6)), options: options)
        harness.deviceStartDelay = 1.5
        let openedAt = harness.clock.time
        var positions: [Double] = []
        XCTAssertTrue(harness.run { h in
            positions.append(h.player.state.position)
            return h.player.state.position >= 2
        })
        XCTAssertEqual(positions, positions.sorted(), "the position ran back")
        // The first picture stayed up until the sound began: nothing ran ahead without it.
        let numbers = harness.shown.compactMap(\.number)
        XCTAssertEqual(Array(numbers.prefix(2)), [25, 26])
        XCTAssertEqual(harness.clock.time - openedAt, 1.5 + 1, accuracy: 0.1, "a second of playing after the device started")
        XCTAssertLessThan(harness.shown.compactMap(\.avOffset).map(\.magnitude).max() ?? 1, frame)
    }

    func testFrameStepsBackLandOnTheFrameGrid() throws {
        var options = PlayerOptions()
        options.start = 2
        options.startPaused = true
        let harness = try EngineHarness(try MediaFactory.clip(.av(seconds: 6)), options: options)
        XCTAssertTrue(harness.run { $0.count(.playbackRestart) == 1 && !$0.shown.isEmpty })
        var positions: [Double] = []
        for _ in 0..<5 {
            let shown = harness.shown.count
            harness.apply(.frameStep)
            XCTAssertTrue(harness.run { $0.shown.count > shown })
            positions.append(harness.player.state.position)
        }
        for _ in 0..<3 {
            positions.append(restart(harness, after: .frameBackStep).position)
        }
        let expected = [2.04, 2.08, 2.12, 2.16, 2.2, 2.16, 2.12, 2.08]
        for (position, want) in zip(positions, expected) { XCTAssertEqual(position, want, accuracy: 1e-6, "\(positions)") }
        XCTAssertEqual(harness.currentFrameNumber(), 52)
    }
}
