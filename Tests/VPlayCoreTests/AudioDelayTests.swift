import Foundation
import TestSupport
import XCTest
@testable import VPlayCore

/// `audio-delay`: the sound of each moment is heard the delay after its picture (before it when
/// negative), at the start, after a seek, at another speed and when changed while playing, and
/// the pictures follow the audio clock with the delay taken out as closely as without one.
/// Read on a tone whose pitch steps each second, with the engine on a fake clock.
final class AudioDelayTests: XCTestCase {
    private var clip: URL!

    override func setUpWithError() throws {
        clip = try MediaFactory.clip(.pitchSteps(seconds: 6))
    }

    private func harness(delay: Double = 0, speed: Double = 1) throws -> EngineHarness {
        var options = PlayerOptions()
        options.audio = AudioSettings.starting(delay: delay, device: AudioSettings.automaticDevice)
        options.speed = speed
        let harness = try EngineHarness(clip, options: options)
        harness.sink.reportedLatency = 0   // what is pulled is heard at once
        return harness
    }

    /// For each whole second `k` in `seconds`: fake seconds from picture `k` going up to the
    /// first device buffer of second `k`'s pitch, counting only what came after `after`.
    private func lags(_ harness: EngineHarness, seconds: ClosedRange<Int>, after: Double = 0) -> [Int: Double] {
        let samples = harness.sink.samples
        let bufferSamples = harness.sink.format.bufferFrames * harness.sink.format.channels
        var heard: [Int: Double] = [:]
        for pull in harness.pulls where pull.time >= after && pull.firstSample + bufferSamples <= samples.count {
            let buffer = AudioCapture(samples: Array(samples[pull.firstSample..<pull.firstSample + bufferSamples]))
            guard let pitch = buffer.dominantFrequency(from: 0, to: buffer.endTime),
                  let second = ClipSpec.pitchStepSecond(of: pitch), heard[second] == nil else { continue }
            heard[second] = pull.time
        }
        var lags: [Int: Double] = [:]
        for second in seconds {
            guard let soundAt = heard[second],
                  let picture = harness.shown.first(where: { $0.at >= after && $0.time >= Double(second) - 1e-6 }) else { continue }
            lags[second] = soundAt - picture.at
        }
        return lags
    }

    /// One device buffer (21 ms) is the step at which the sound's time is seen, and the picture's
    /// turn comes within 10 ms.
    private let tolerance = 0.035

    private func assertLags(_ lags: [Int: Double], _ expected: Double, count: Int, _ message: String,
                            file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(lags.count, count, "\(message): seconds measured \(lags.keys.sorted())", file: file, line: line)
        for (second, lag) in lags.sorted(by: { $0.key < $1.key }) {
            XCTAssertEqual(lag, expected, accuracy: tolerance, "\(message): second \(second)", file: file, line: line)
        }
    }

    /// The pictures against the audio clock, the delay taken out: within 5 ms of media, as without one.
    private func assertInSync(_ harness: EngineHarness, from start: Double, to end: Double, _ message: String,
                              file: StaticString = #filePath, line: UInt = #line) {
        let offsets = harness.shown.filter { $0.time >= start && $0.time < end }.compactMap(\.avOffset)
        XCTAssertGreaterThan(offsets.count, 20, "\(message): too few pictures", file: file, line: line)
        let worst = offsets.map(abs).max() ?? .infinity
        XCTAssertLessThanOrEqual(worst, 0.005 * max(1, harness.player.state.speed),
                                 "\(message): worst offset \(worst * 1000) ms", file: file, line: line)
    }

    func testWithoutDelayTheSoundGoesWithItsPicture() throws {
        let harness = try harness()
        XCTAssertTrue(harness.run { $0.player.state.eofReached })
        assertLags(lags(harness, seconds: 1...5), 0, count: 5, "no delay")
    }

    func testAPositiveDelayPlaysTheSoundLater() throws {
        let harness = try harness(delay: 0.3)
        XCTAssertTrue(harness.run { $0.player.state.eofReached })
        assertLags(lags(harness, seconds: 1...5), 0.3, count: 5, "+300 ms")
        assertInSync(harness, from: 1, to: 5.5, "+300 ms")
    }

    func testANegativeDelayPlaysTheSoundEarlier() throws {
        let harness = try harness(delay: -0.3)
        XCTAssertTrue(harness.run { $0.player.state.eofReached })
        assertLags(lags(harness, seconds: 1...5), -0.3, count: 5, "-300 ms")
        assertInSync(harness, from: 1, to: 5.5, "-300 ms")
    }

    func testTheDelayHoldsAfterASeek() throws {
        for delay in [0.3, -0.3] {
            let harness = try harness(delay: delay)
            XCTAssertTrue(harness.run { $0.player.state.position >= 1 })
            harness.apply(.seek(.absolute(2.4), .exact))
            let seekAt = harness.clock.time
            XCTAssertTrue(harness.run { $0.player.state.eofReached })
            assertLags(lags(harness, seconds: 3...5, after: seekAt), delay, count: 3, "\(delay) s after a seek")
            assertInSync(harness, from: 2.9, to: 5.5, "\(delay) s after a seek")
        }
    }

    func testTheDelayIsMediaTimeAtAnotherSpeed() throws {
        _ = poll(timeout: .seconds(20), interval: 0.01) { TempoCalibration.shared.delay(tempo: 2, sampleRate: 48000) != nil }
        let harness = try harness(delay: 0.4, speed: 2)
        XCTAssertTrue(harness.run { $0.player.state.eofReached })
        // As in mpv: 0.4 s of the file, which at 2× is 0.2 s of listening.
        assertLags(lags(harness, seconds: 2...5), 0.2, count: 4, "+400 ms at 2×")
    }

    func testAChangeWhilePlayingMovesTheSoundAndNotThePicture() throws {
        for delay in [0.25, -0.25] {
            let harness = try harness()
            XCTAssertTrue(harness.run { $0.player.state.position >= 1.3 })
            harness.apply(.setAudio(.delay(delay)))
            XCTAssertEqual(harness.player.state.audio.delay, delay)
            let changedAt = harness.clock.time
            XCTAssertTrue(harness.run { $0.player.state.eofReached })
            assertLags(lags(harness, seconds: 3...5, after: changedAt), delay, count: 3, "changed to \(delay) s")
            // The picture runs on: no frame dropped, none held.
            XCTAssertEqual(harness.player.state.droppedFrames, 0, "changed to \(delay) s")
            assertInSync(harness, from: 1.5, to: 5.5, "changed to \(delay) s")
        }
    }
}
