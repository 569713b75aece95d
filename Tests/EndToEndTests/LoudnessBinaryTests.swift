import Foundation
import TestSupport
import XCTest

/// `--normalize`, heard at the null sink: a quiet and a loud file come out at the target's
/// loudness once the gain is known; without it they keep their difference.
final class LoudnessBinaryTests: XCTestCase {
    /// A steady stereo tone's loudness (LUFS) from its RMS: K-weighting is flat at 440 Hz, so
    /// two channels at mean square m give −0.691 + 10·log10(2m).
    private static func loudness(ofRMS rms: Double) -> Double {
        -0.691 + 10 * log10(2 * rms * rms)
    }

    /// A tone `level` dB from the `sine` source's (upmixed to stereo): about −33.8 LUFS at −12, −13.8 at +8.
    private static func clip(level: Int) throws -> URL {
        try MediaFactory.clip(ClipSpec(name: "loudness-binary\(level)", fileExtension: "mka", arguments: [
            "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=8", "-af", "volume=\(level)dB",
            "-ac", "2", "-c:a", "flac"]))
    }

    /// The loudness heard from 5 to 6 s into `clip` played with `arguments`.
    private func heardLoudness(_ clip: URL, _ arguments: [String]) throws -> Double {
        let capture = try XCTUnwrap(AudioCapture.environmentFile, "needs the test environment's null sink (scripts/test-env.sh)")
        let captureStart = try XCTUnwrap(AudioCapture.quietMark(of: capture), "the sink never went quiet")
        let player = try PlayerSession(clip: clip, arguments: ["--autoexit"] + arguments, withIPC: false)
        let recording = try XCTUnwrap(AudioCapture.wait(for: capture, from: captureStart, timeout: .seconds(20)) { recording in
            recording.firstSound(after: captureStart, threshold: 0.001).map { recording.endTime > $0 + 6 } ?? false
        }, "no sound recorded")
        let start = try XCTUnwrap(recording.firstSound(after: captureStart, threshold: 0.001))
        let result = player.process.waitForExit(timeout: .seconds(20))
        XCTAssertFalse(result.timedOut)
        XCTAssertEqual(result.status, 0, result.errorText)
        return Self.loudness(ofRMS: recording.rms(from: start + 5, to: start + 6))
    }

    func testQuietAndLoudFilesComeOutAtTheTarget() throws {
        try skipWithoutDisplay()
        let quiet = try Self.clip(level: -12), loud = try Self.clip(level: 8)
        let plainQuiet = try heardLoudness(quiet, []), plainLoud = try heardLoudness(loud, [])
        XCTAssertEqual(plainLoud - plainQuiet, 20, accuracy: 1.5, "without normalization the files keep their difference")
        for target in [-16.0, -23.0] {
            for clip in [quiet, loud] {
                let heard = try heardLoudness(clip, ["--normalize=track", "--normalize-target=\(Int(target))"])
                XCTAssertEqual(heard, target, accuracy: 1.5, "\(clip.lastPathComponent) at \(target) LUFS")
            }
        }
    }
}
