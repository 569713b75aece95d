import XCTest
import TestSupport
@testable import VPlayCore

/// The audio clock places what is heard now behind everything still queued for the speaker:
/// the device's own report when it gives one (PulseAudio), else two device buffers.
final class AudioLatencyTests: XCTestCase {
    /// The audio clock's reading right after the `pulls`-th buffer was rendered.
    private func clockAfter(pulls: Int, reportedLatency: Double?) throws -> Double {
        let harness = try EngineHarness(try MediaFactory.clip(.av(seconds: 4)))
        harness.sink.reportedLatency = reportedLatency
        let bytes = harness.sink.format.bufferFrames * harness.sink.format.channels
        // The sound waits for the first picture: the pulls before it are silent, and how many
        // there are depends on how fast the picture decodes. Counted from the first with sound.
        XCTAssertTrue(harness.run { $0.sink.samples.contains { $0 != 0 } })
        let silentPulls = harness.sink.samples.firstIndex { $0 != 0 }! / bytes
        XCTAssertTrue(harness.run { $0.sink.samples.count >= (silentPulls + pulls) * bytes })
        XCTAssertEqual(harness.sink.samples.count, (silentPulls + pulls) * bytes, "stopped right after that pull")
        let output = try XCTUnwrap(harness.player.output)
        return output.clock.snapshot.pts
    }

    func testAReportedLatencyReplacesTheTwoBufferGuess() throws {
        let buffer = 1024.0 / 48000
        let guessed = try clockAfter(pulls: 20, reportedLatency: nil)
        let reported = try clockAfter(pulls: 20, reportedLatency: 0.010)
        let silent = try clockAfter(pulls: 20, reportedLatency: 0)
        // Guess: the first byte of a buffer is heard one buffer after it is rendered.
        XCTAssertEqual(reported - guessed, buffer - 0.010, accuracy: 1e-6, "10 ms reported instead of one buffer")
        XCTAssertEqual(silent - reported, 0.010, accuracy: 1e-6, "less latency: the clock is further on")
    }
}
