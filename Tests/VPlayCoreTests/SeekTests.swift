import XCTest
import TestSupport
@testable import VPlayCore

/// Seeks through the real engine on a clip that carries its frame number in every frame.
final class SeekTests: XCTestCase {
    private let fps = 25.0

    private func pausedHarness(seconds: Double = 8) throws -> EngineHarness {
        var options = PlayerOptions()
        options.startPaused = true
        let harness = try EngineHarness(try MediaFactory.clip(.av(seconds: seconds)), options: options)
        XCTAssertTrue(harness.run { $0.count(.playbackRestart) == 1 && !$0.shown.isEmpty })
        return harness
    }

    /// Seeks and waits for the picture at the new position.
    private func seek(_ harness: EngineHarness, to target: SeekTarget, _ precision: SeekPrecision) -> Int? {
        let restarts = harness.count(.playbackRestart)
        harness.apply(.seek(target, precision))
        XCTAssertTrue(harness.run { $0.count(.playbackRestart) > restarts })
        return harness.currentFrameNumber()
    }

    func testExactSeeksShowTheFrameWhoseIntervalContainsTheTarget() throws {
        let harness = try pausedHarness()
        var generator = SplitMix(seed: 42)
        for _ in 0..<50 {
            let target = Double(generator.next() % 7800) / 1000   // 0 ..< 7.8 s
            let expected = Int((target * fps).rounded(.down))
            XCTAssertEqual(seek(harness, to: .absolute(target), .exact), expected, "target \(target)")
            XCTAssertEqual(harness.player.state.position, Double(expected) / fps, accuracy: 1 / fps)
        }
        XCTAssertTrue(harness.player.state.isPaused, "seeking while paused stays paused")
    }

    func testKeyframeSeeksLandOnAKeyframeAtOrBeforeTheTarget() throws {
        let harness = try pausedHarness()
        for target in [0.5, 2.7, 4.1, 7.9, 3.99] {
            let number = try XCTUnwrap(seek(harness, to: .absolute(target), .keyframe))
            XCTAssertLessThanOrEqual(Double(number) / fps, target + 1e-6)
            XCTAssertEqual(number % 50, 0, "keyframes are 2 s apart")
        }
    }

    func testRelativeSkipsClampAtTheStart() throws {
        let harness = try pausedHarness()
        XCTAssertEqual(seek(harness, to: .absolute(3), .exact), 75)
        XCTAssertEqual(seek(harness, to: .relative(-10), .exact), 0)
        XCTAssertEqual(seek(harness, to: .relative(2), .exact), 50)
        XCTAssertEqual(seek(harness, to: .absolutePercent(50), .exact), 100)
    }

    func testSkippingPastTheEndReturnsToTheStartPaused() throws {
        let harness = try pausedHarness(seconds: 4)
        harness.apply(.setPaused(false))
        harness.apply(.seek(.relative(10), .exact))
        XCTAssertTrue(harness.run { $0.player.state.eofReached && $0.currentFrameNumber() == 0 && !$0.player.state.isSeeking })
        XCTAssertTrue(harness.player.state.isPaused)
    }

    func testPlayingContinuesFromTheSeekTarget() throws {
        let harness = try pausedHarness()
        harness.apply(.setPaused(false))
        XCTAssertEqual(seek(harness, to: .absolute(5), .exact), 125)
        let before = harness.shown.count
        XCTAssertTrue(harness.run { $0.shown.count >= before + 10 })
        let after = harness.shown.suffix(10).compactMap(\.number)
        XCTAssertEqual(after, Array(126...135))
        XCTAssertFalse(harness.player.state.isPaused)
    }

    /// A paused exact seek puts its target out first and decodes the way on again afterwards
    /// (`SeekApproach`): playing then goes on from the next frame, none missing or repeated.
    func testPlayingAfterAPausedSeekContinuesFromTheFrameAfterTheTarget() throws {
        let harness = try pausedHarness()
        for (target, expected) in [(5.0, 125), (3.3, 82), (6.97, 174)] {
            XCTAssertEqual(seek(harness, to: .absolute(target), .exact), expected)
        }
        let before = harness.shown.count
        harness.apply(.setPaused(false))
        XCTAssertTrue(harness.run { $0.shown.count >= before + 10 })
        XCTAssertEqual(harness.shown.suffix(10).compactMap(\.number), Array(175...184))
    }

    func testLatestSeekWins() throws {
        let harness = try pausedHarness()
        let restarts = harness.count(.playbackRestart)
        for target in stride(from: 0.5, through: 6.0, by: 0.5) {
            harness.apply(.seek(.absolute(target), .exact))
        }
        harness.apply(.seek(.absolute(7.0), .exact))
        XCTAssertTrue(harness.run { $0.count(.playbackRestart) > restarts && !$0.player.state.isSeeking })
        XCTAssertEqual(harness.currentFrameNumber(), 175)
    }

    func testExactSeekTrimsAudioToTheTarget() throws {
        let harness = try EngineHarness(try MediaFactory.clip(.audioOnly))
        XCTAssertTrue(harness.run { $0.count(.playbackRestart) == 1 })
        harness.apply(.seek(.absolute(2.5), .exact))
        XCTAssertTrue(harness.run { !$0.player.state.isSeeking && $0.count(.playbackRestart) == 2 })
        XCTAssertTrue(harness.run { $0.player.state.position > 2.6 })
        // The clock picked up from the target, not from the frame or packet before it.
        XCTAssertEqual(harness.player.state.position, 2.6, accuracy: 0.06)
    }

    /// Paused, nothing takes the sound queued before the seek: the seek still ends at its
    /// target (mpv's `playback-restart`), and playing on goes from there.
    func testAPausedSeekInSoundAloneEndsWithoutPlaying() throws {
        var options = PlayerOptions()
        options.startPaused = true
        let harness = try EngineHarness(try MediaFactory.clip(.audioOnly), options: options)
        XCTAssertTrue(harness.run { $0.count(.playbackRestart) == 1 })
        // The decoder fills the queue with sound that, paused, nothing takes.
        XCTAssertTrue(harness.run { $0.player.audio?.frames.remaining == 9 })
        harness.apply(.seek(.absolute(2.5), .exact))
        XCTAssertTrue(harness.run(timeout: 10) { !$0.player.state.isSeeking && $0.count(.playbackRestart) == 2 },
                      "a paused seek in a file with sound alone never ended")
        XCTAssertEqual(harness.player.state.position, 2.5, accuracy: 0.001)
        XCTAssertTrue(harness.player.state.isPaused)
        harness.apply(.setPaused(false))
        XCTAssertTrue(harness.run { $0.player.state.position > 2.7 })
        XCTAssertLessThan(harness.player.state.position, 3.5, "played on from the target")
    }

    func testFrameStepShowsConsecutiveFrames() throws {
        let harness = try pausedHarness()
        XCTAssertEqual(seek(harness, to: .absolute(2), .exact), 50)
        for expected in 51...55 {
            let count = harness.shown.count
            harness.apply(.frameStep)
            XCTAssertTrue(harness.run { $0.shown.count > count })
            XCTAssertEqual(harness.currentFrameNumber(), expected)
            XCTAssertTrue(harness.player.state.isPaused)
        }
        harness.apply(.frameBackStep)
        let restarts = harness.count(.playbackRestart)
        XCTAssertTrue(harness.run { $0.count(.playbackRestart) > restarts || $0.currentFrameNumber() == 54 })
        XCTAssertTrue(harness.run { $0.currentFrameNumber() == 54 })
    }
}
