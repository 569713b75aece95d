import Foundation
import TestSupport
import XCTest
@testable import VPlayCore

/// Loudness normalization: the gain a measurement gives, and the measurement against ffmpeg's.
final class LoudnessTests: XCTestCase {
    func testTheGainBringsTheFileToTheTargetWithinTheLimit() {
        XCTAssertEqual(LoudnessNormalization.gain(integrated: -30, target: -16), 14)
        XCTAssertEqual(LoudnessNormalization.gain(integrated: -9.5, target: -16), -6.5)
        XCTAssertEqual(LoudnessNormalization.gain(integrated: -50, target: -16), 20)
        XCTAssertEqual(LoudnessNormalization.gain(integrated: 10, target: -16), -20)
    }

    func testNothingToGoByLeavesTheSoundAsItIs() {
        for figure: Double? in [nil, -.infinity, .infinity, .nan, -70, -120] {
            XCTAssertEqual(LoudnessNormalization.gain(integrated: figure, target: -16), 0, "\(String(describing: figure))")
        }
        XCTAssertEqual(LoudnessNormalization.gain(integrated: -20, target: .nan), 0)
        XCTAssertNil(LoudnessNormalization.graph(gain: 0))
        XCTAssertNil(LoudnessNormalization.graph(gain: .nan))
        XCTAssertEqual(LoudnessNormalization.graph(gain: -6.5), "volume=-6.50dB")
    }

    func testTheSettingsKeepTheModeAndATargetInRange() {
        var settings = AudioSettings()
        XCTAssertEqual(settings.normalize, .no)
        XCTAssertEqual(settings.normalizeTarget, -16)
        settings = settings.with(.normalize(.track)).with(.normalizeTarget(-200))
        XCTAssertEqual(settings.normalize, .track)
        XCTAssertEqual(settings.normalizeTarget, LoudnessNormalization.targetRange.lowerBound)
        XCTAssertEqual(settings.with(.normalizeTarget(-23)).message(for: .normalizeTarget(-23)), "Loudness target: -23 LUFS")
    }

    /// A tone at two levels: the meter's integrated figure is ffmpeg's within 0.5 LU.
    func testTheMeterAgreesWithFFmpeg() throws {
        for level in [-30, -12] {
            let clip = try MediaFactory.clip(ClipSpec(name: "loudness\(-level)", fileExtension: "mka", arguments: [
                "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100:duration=8", "-af", "volume=\(level)dB",
                "-ac", "2", "-c:a", "flac"]))
            let ours = try XCTUnwrap(LoudnessMeter.measure(path: clip.path, options: PlayerOptions()))
            let theirs = try XCTUnwrap(Self.ffmpegIntegrated(clip.path))
            XCTAssertEqual(ours, theirs, accuracy: 0.5, "\(level) dB")
            let estimate = try XCTUnwrap(LoudnessMeter.measure(path: clip.path, options: PlayerOptions(), seconds: 3))
            XCTAssertEqual(estimate, theirs, accuracy: 0.5, "\(level) dB, first 3 s")
        }
    }

    func testSilenceAndAFileWithoutSoundGiveNoFigure() throws {
        let silence = try MediaFactory.clip(ClipSpec(name: "loudness-silence", fileExtension: "mka", arguments: [
            "-f", "lavfi", "-i", "anullsrc=sample_rate=48000:channel_layout=stereo", "-t", "3", "-c:a", "flac"]))
        let figure = LoudnessMeter.measure(path: silence.path, options: PlayerOptions())
        XCTAssertEqual(LoudnessNormalization.gain(integrated: figure, target: -16), 0)
        let broken = FileManager.default.temporaryDirectory.appendingPathComponent("loudness-broken-\(UUID().uuidString).mka")
        try Data(repeating: 0x5a, count: 4096).write(to: broken)
        defer { try? FileManager.default.removeItem(at: broken) }
        XCTAssertNil(LoudnessMeter.measure(path: broken.path, options: PlayerOptions()))
    }

    /// ffmpeg's own integrated figure, from its ebur128 summary.
    private static func ffmpegIntegrated(_ path: String) throws -> Double? {
        let result = try ChildProcess.run("ffmpeg", ["-nostdin", "-hide_banner", "-i", path, "-af", "ebur128", "-f", "null", "-"])
        let lines = result.errorText.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let summary = lines.lastIndex(where: { $0.hasPrefix("Integrated loudness:") }),
              let line = lines[summary...].first(where: { $0.hasPrefix("I:") })
        else { return nil }
        return Double(line.dropFirst(2).trimmingCharacters(in: .whitespaces).split(separator: " ")[0])
    }
}
