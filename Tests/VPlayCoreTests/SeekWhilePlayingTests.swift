import XCTest
import TestSupport
@testable import VPlayCore

/// A seek while playing restarts as soon as its first picture is up, whatever the sound
/// device still holds: the picture runs on from there and the sound joins it at the sample
/// due when it is heard. The clip is 25 fps with its frame number drawn in and a steady tone.
final class SeekWhilePlayingTests: XCTestCase {
    private let frame = 0.04
    /// Far more than a picture takes to decode here (fake time stands still while decoding).
    private let deviceLatency = 0.15

    private func playingHarness(flushes: Bool) throws -> EngineHarness {
        let harness = try EngineHarness(try MediaFactory.clip(.av(seconds: 8)))
        harness.sink.reportedLatency = deviceLatency
        harness.sink.flushesForNewTracks = flushes
        XCTAssertTrue(harness.run { $0.player.state.position >= 1 && $0.count(.playbackRestart) == 1 })
        return harness
    }

    /// Seeks, runs to the restart and returns the fake seconds from its first picture to it
    /// (the demuxer's seek and the decoding before the picture run in real time, however long
    /// a busy machine takes).
    private func seek(_ harness: EngineHarness, to target: Double, _ precision: SeekPrecision) -> Double {
        let restarts = harness.count(.playbackRestart)
        harness.apply(.seek(.absolute(target), precision))
        var landedAt: Double?
        XCTAssertTrue(harness.run { h in
            landedAt = landedAt ?? h.player.lifecycle.restart?.landedAt
            return h.count(.playbackRestart) > restarts
        })
        // Not seen while restarting: the restart came in the turn its picture went up.
        return harness.clock.time - (landedAt ?? harness.clock.time)
    }

    /// Plays `seconds` from the restart: the position never goes back, every frame shows in
    /// order, sound and picture stay within a frame of each other and the sound is there.
    private func checkPlaysOn(_ harness: EngineHarness, from landing: Double, seconds: Double = 0.6,
                              file: StaticString = #filePath, line: UInt = #line) {
        let shownBefore = harness.shown.count
        let samplesBefore = harness.sink.samples.count
        var last = landing
        XCTAssertTrue(harness.run { h in
            XCTAssertGreaterThanOrEqual(h.player.state.position, last - 1e-6, "went back", file: file, line: line)
            last = h.player.state.position
            return last >= landing + seconds
        }, file: file, line: line)
        let numbers = harness.shown[shownBefore...].compactMap(\.number)
        let first = Int((landing / frame).rounded(.down)) + 1
        XCTAssertEqual(numbers, Array(first..<(first + numbers.count)), "every frame in order", file: file, line: line)
        let offsets = harness.shown[shownBefore...].compactMap(\.avOffset)
        XCTAssertFalse(offsets.isEmpty, "the sound joined the picture", file: file, line: line)
        XCTAssertLessThan(offsets.map(\.magnitude).max() ?? 1, frame, "sound and picture apart: \(offsets)",
                          file: file, line: line)
        // Once the device's latency has passed, what it plays is the tone, not silence.
        let format = harness.sink.format
        let skip = Int(deviceLatency * 2 * Double(format.sampleRate)) * format.channels
        let heard = Array(harness.sink.samples[min(harness.sink.samples.count, samplesBefore + skip)...])
        XCTAssertGreaterThan(loudFraction(heard, channels: format.channels, rate: format.sampleRate), 0.9,
                             "the sound played on after the seek", file: file, line: line)
    }

    /// The share of 10 ms windows above silence.
    private func loudFraction(_ samples: [Int16], channels: Int, rate: Int) -> Double {
        let window = rate / 100 * channels
        var loud = 0, total = 0
        for start in stride(from: 0, to: samples.count - window, by: window) {
            var sum = 0.0
            for i in start..<(start + window) { sum += Double(samples[i]) * Double(samples[i]) }
            total += 1
            if (sum / Double(window)).squareRoot() > 300 { loud += 1 }
        }
        return total == 0 ? 0 : Double(loud) / Double(total)
    }

    func testExactSeeksRestartWithoutWaitingForTheDevicesQueue() throws {
        let harness = try playingHarness(flushes: true)
        for target in [3.3, 5.52, 2.1, 6.2] {
            let flushes = harness.sink.flushes
            let took = seek(harness, to: target, .exact)
            XCTAssertLessThan(took, deviceLatency / 2, "the restart waited for the sound queued before it")
            XCTAssertEqual(harness.player.state.position, target, accuracy: 1e-6, "the position is the target")
            XCTAssertEqual(harness.currentFrameNumber(), Int(target / frame), "the picture covering \(target)")
            checkPlaysOn(harness, from: target)
            XCTAssertEqual(harness.sink.flushes, flushes + 1, "the device dropped what it held once for the seek")
        }
    }

    func testKeyframeSeeksRestartAtTheirPictureOnADeviceThatCannotDropItsQueue() throws {
        let harness = try playingHarness(flushes: false)
        for target in [4.7, 1.3, 6.1] {
            let took = seek(harness, to: target, .keyframe)
            XCTAssertLessThan(took, deviceLatency / 2, "the restart waited for the sound queued before it")
            let landing = harness.player.state.position
            XCTAssertLessThanOrEqual(landing, target + 1e-6)
            XCTAssertEqual(harness.currentFrameNumber(), Int((landing / frame).rounded()))
            checkPlaysOn(harness, from: landing)
        }
    }

    /// A burst of seeks (a held key, a dragged slider) faster than they land: the first one's
    /// picture goes up, then the last one's; the ones between are dropped.
    func testSeeksFasterThanTheyLandShowTheFirstPictureThenTheLast() throws {
        let harness = try playingHarness(flushes: true)
        // The seeks wait for a picture, not for the patience running out on a busy machine.
        harness.freezesWhileSeeking = true
        let restarts = harness.count(.playbackRestart)
        let shownBefore = harness.shown.count
        for target in stride(from: 2.0, through: 6.0, by: 0.4) {
            harness.apply(.seek(.absolute(target), .exact))
        }
        XCTAssertTrue(harness.run { $0.count(.playbackRestart) == restarts + 2 && !$0.player.state.isSeeking })
        XCTAssertEqual(harness.player.state.position, 6, accuracy: 1e-6)
        let numbers = harness.shown[shownBefore...].compactMap(\.number)
        XCTAssertEqual(numbers.first, 50, "the first seek's picture")
        XCTAssertEqual(numbers.last, 150, "then the last one's: \(numbers)")
        checkPlaysOn(harness, from: 6)
    }

    /// Paused right after the restart, before the sound joined: it joins where the picture
    /// is once playing resumes, not where it would have been without the pause.
    func testAPauseBeforeTheSoundJoinsKeepsThemTogether() throws {
        let harness = try playingHarness(flushes: true)
        harness.sink.reportedLatency = 0.3
        _ = seek(harness, to: 4.4, .exact)
        XCTAssertTrue(harness.player.audioAwaitsHandover, "the sound has not joined yet")
        harness.apply(.setPaused(true))
        let pausedAt = harness.clock.time
        XCTAssertTrue(harness.run { $0.clock.time >= pausedAt + 1 })
        harness.apply(.setPaused(false))
        harness.sink.reportedLatency = deviceLatency
        checkPlaysOn(harness, from: harness.player.state.position)
    }
}
