import TestSupport
import XCTest
@testable import VPlayCore

/// The measured delay of a tempo filter predicts where onsets of other sounds land, so the
/// audio clock (which subtracts it) names the media instant the listener hears.
final class TempoCalibrationTests: XCTestCase {
    private let rate = 48000

    /// Instants unrelated to the calibration clicks.
    private let soundTimes = [0.41, 0.93, 1.37, 1.88, 2.29, 2.71]

    /// Sounds of different kinds, each starting at the instants above.
    private enum Sound: CaseIterable {
        /// 25 ms of 700 Hz.
        case toneBurst
        /// Noise decaying within ~20 ms, as a drum hit.
        case noiseHit
        /// 220 Hz decaying over ~80 ms, as a plucked string.
        case pluck
    }

    private func samples(of sound: Sound) -> [Int16] {
        let rate = Double(self.rate)
        var samples = [Int16](repeating: 0, count: Int(3.2 * rate))
        var noise: UInt32 = 12345
        for time in soundTimes {
            let first = Int(time * rate)
            for i in 0..<Int(0.15 * rate) {
                let t = Double(i) / rate
                let value: Double
                switch sound {
                case .toneBurst: value = t < 0.025 ? 14000 * sin(2 * .pi * 700 * t) : 0
                case .noiseHit:
                    noise = noise &* 1_664_525 &+ 1_013_904_223
                    value = 20000 * (Double(noise >> 8) / Double(1 << 24) * 2 - 1) * exp(-t / 0.02)
                case .pluck: value = 16000 * sin(2 * .pi * 220 * t) * exp(-t / 0.08)
                }
                samples[first + i] = Int16(value)
            }
        }
        return samples
    }

    /// One delay serves every kind of sound: A/V sync at other speeds is only as good as this.
    func testMeasuredDelayPredictsWhereOnsetsOfEveryKindOfSoundLand() throws {
        try XCTSkipUnless(TempoFilter.hasRubberband, "this FFmpeg has no rubberband filter")
        for tempo in [0.5, 0.75, 1.5, 2] {
            let delay = try XCTUnwrap(TempoCalibration.measure(tempo: tempo, sampleRate: rate), "tempo \(tempo)")
            for sound in Sound.allCases {
                let input = samples(of: sound)
                let original = TempoCalibration.onsets(in: input, sampleRate: rate, minimumGap: 0.2)
                let output = try XCTUnwrap(TempoCalibration.stretched(input, tempo: tempo, sampleRate: rate))
                let onsets = TempoCalibration.onsets(in: output, sampleRate: rate,
                                                     minimumGap: 0.2 / tempo)
                XCTAssertEqual(original.count, soundTimes.count, "\(sound)")
                XCTAssertEqual(onsets.count, soundTimes.count, "tempo \(tempo), \(sound)")
                for (onset, time) in zip(onsets, original) {
                    let error = (onset - (time / tempo + delay)) * 1000
                    XCTAssertLessThanOrEqual(abs(error), 3, "tempo \(tempo), \(sound) at \(time) s: off by \(error) ms (delay \(delay * 1000) ms)")
                }
            }
        }
    }

    func testDelayIsZeroAtUnitTempoAndMeasuredInTheBackgroundOtherwise() throws {
        let calibration = TempoCalibration()
        XCTAssertEqual(calibration.delay(tempo: 1, sampleRate: rate), 0)
        XCTAssertNil(calibration.delay(tempo: 0.5, sampleRate: rate), "the first ask starts a measurement")
        let delay = try poll(timeout: .seconds(20), interval: 0.01, until: { _ in true }) {
            calibration.delay(tempo: 0.5, sampleRate: rate)
        }
        let measured = try XCTUnwrap(delay, "not measured within 20 s")
        XCTAssertEqual(measured, TempoCalibration.measure(tempo: 0.5, sampleRate: rate) ?? .nan, accuracy: 1e-9,
                       "the cached delay is the measurement's")
    }
}
