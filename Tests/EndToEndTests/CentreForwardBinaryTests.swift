import Foundation
import TestSupport
import XCTest

/// `--drc` with 5.1 played on a stereo sink: the centre's tone (where films put speech) comes
/// out louder against the surrounds' than without night mode, heard at the null sink.
final class CentreForwardBinaryTests: XCTestCase {
    /// 5.1: a 500 Hz tone in the centre only, a 6 kHz one 12 dB louder in both surrounds, fronts
    /// silent (the surrounds well above the clicks a busy machine's underruns may add). The
    /// compressor's gain ripples at the tones' difference, which moves a little of each tone to
    /// the other's frequency; 5.5 kHz apart, its level detector smooths that ripple away.
    private static func clip() throws -> URL {
        try MediaFactory.clip(ClipSpec(name: "centre-forward", fileExtension: "mka", arguments: [
            "-f", "lavfi", "-i", "sine=frequency=500:sample_rate=48000:duration=8",
            "-f", "lavfi", "-i", "sine=frequency=6000:sample_rate=48000:duration=8",
            "-filter_complex", "[0:a][1:a]amerge=inputs=2,pan=5.1(side)|FL=0*c0|FR=0*c0|FC=c0|LFE=0*c0|SL=4*c1|SR=4*c1",
            "-c:a", "flac"]))
    }

    /// The amplitude of `frequency` in the left channel over [start, end) (Goertzel).
    private static func level(of frequency: Double, in recording: AudioCapture, from start: Double, to end: Double) -> Double {
        let rate = 48000.0
        let first = Int((start - recording.startTime) * rate), last = Int((end - recording.startTime) * rate)
        let coefficient = 2 * cos(2 * Double.pi * frequency / rate)
        var previous = 0.0, beforePrevious = 0.0
        for frame in max(0, first)..<min(last, recording.samples.count / 2) {
            let value = Double(recording.samples[frame * 2]) / 32768 + coefficient * previous - beforePrevious
            beforePrevious = previous
            previous = value
        }
        let power = previous * previous + beforePrevious * beforePrevious - coefficient * previous * beforePrevious
        return power.squareRoot() / Double(max(1, last - first))
    }

    /// The centre's tone against the surrounds', dB, heard from 2 to 4 s into the clip.
    private func centreOverSurround(_ arguments: [String]) throws -> Double {
        let capture = try XCTUnwrap(AudioCapture.environmentFile, "needs the test environment's null sink (scripts/test-env.sh)")
        let captureStart = try XCTUnwrap(AudioCapture.quietMark(of: capture), "the sink never went quiet")
        let player = try PlayerSession(clip: try Self.clip(), arguments: ["--autoexit"] + arguments, withIPC: false)
        let recording = try XCTUnwrap(AudioCapture.wait(for: capture, from: captureStart, timeout: .seconds(20)) { recording in
            recording.firstSound(after: captureStart, threshold: 0.001).map { recording.endTime > $0 + 4 } ?? false
        }, "no sound recorded")
        let start = try XCTUnwrap(recording.firstSound(after: captureStart, threshold: 0.001))
        let result = player.process.waitForExit(timeout: .seconds(20))
        XCTAssertFalse(result.timedOut)
        XCTAssertEqual(result.status, 0, result.errorText)
        // The median of eight quarter-seconds: one spoilt by a click does not count.
        let ratios = (0..<8).map { quarter -> Double in
            let from = start + 2 + Double(quarter) / 4
            let centre = Self.level(of: 500, in: recording, from: from, to: from + 0.25)
            let surround = Self.level(of: 6000, in: recording, from: from, to: from + 0.25)
            XCTAssertGreaterThan(surround, 1e-4, "the surrounds are heard")
            return 20 * log10(centre / max(surround, 1e-9))
        }.sorted()
        return (ratios[3] + ratios[4]) / 2
    }

    func testNightModeKeepsTheCentreForward() throws {
        try skipWithoutDisplay()
        // The device takes 5.1 and the sound server folds it to the null sink's stereo.
        let plain = try centreOverSurround([])
        for mode in ["light", "strong"] {
            let night = try centreOverSurround(["--drc=\(mode)"])
            // The centre at 1.414 against the surrounds' 0.5: 9 dB more than without.
            XCTAssertEqual(night - plain, 9, accuracy: 2, "--drc=\(mode)")
        }
    }
}
