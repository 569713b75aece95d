import XCTest
@testable import VPlayCore

/// The measured delay of a tempo filter predicts where onsets of other sounds land, so the
/// audio clock (which subtracts it) names the media instant the listener hears.
final class TempoCalibrationTests: XCTestCase {
    private let rate = 48000

    /// 25 ms bursts of 700 Hz at instants unrelated to the calibration clicks.
    private let beepTimes = [0.41, 0.93, 1.37, 1.88, 2.29, 2.71]

    private func beeps() -> [Int16] {
        var samples = [Int16](repeating: 0, count: Int(3.2 * Double(rate)))
        for time in beepTimes {
            let first = Int(time * Double(rate))
            for i in 0..<Int(0.025 * Double(rate)) {
                samples[first + i] = Int16(14000 * sin(2 * Double.pi * 700 * Double(i) / Double(rate)))
            }
        }
        return samples
    }

    /// Onsets of the beeps after going through `tempo`, in output seconds.
    private func stretchedOnsets(tempo: Double) throws -> [Double] {
        let filter = try XCTUnwrap(TempoFilter(sampleRate: rate, channels: 1, tempo: tempo))
        var output: [Int16] = []
        beeps().withUnsafeBytes { bytes in
            var start = 0
            while start < bytes.count {
                let end = min(bytes.count, start + 1920)
                filter.process(UnsafeRawBufferPointer(rebasing: bytes[start..<end])) { output += $0.bindMemory(to: Int16.self) }
                start = end
            }
        }
        filter.drain { output += $0.bindMemory(to: Int16.self) }
        return TempoCalibration.onsets(in: output, sampleRate: rate, minimumGap: 0.1)
    }

    func testMeasuredDelayPredictsWhereOnsetsLand() throws {
        try XCTSkipUnless(TempoFilter.hasRubberband, "this FFmpeg has no rubberband filter")
        for tempo in [0.5, 0.75, 1.5, 2] {
            let delay = try XCTUnwrap(TempoCalibration.measure(tempo: tempo, sampleRate: rate), "tempo \(tempo)")
            let onsets = try stretchedOnsets(tempo: tempo)
            XCTAssertEqual(onsets.count, beepTimes.count, "tempo \(tempo)")
            for (onset, time) in zip(onsets, beepTimes) {
                let error = (onset - (time / tempo + delay)) * 1000
                XCTAssertLessThanOrEqual(abs(error), 8, "tempo \(tempo): beep at \(time) s off by \(error) ms (delay \(delay * 1000) ms)")
            }
        }
    }

    func testDelayIsZeroAtUnitTempoAndMeasuredInTheBackgroundOtherwise() throws {
        let calibration = TempoCalibration()
        XCTAssertEqual(calibration.delay(tempo: 1, sampleRate: rate), 0)
        XCTAssertNil(calibration.delay(tempo: 0.5, sampleRate: rate), "the first ask starts a measurement")
        let deadline = Date().addingTimeInterval(20)
        var delay: Double?
        while delay == nil, Date() < deadline {
            delay = calibration.delay(tempo: 0.5, sampleRate: rate)
            if delay == nil { Thread.sleep(forTimeInterval: 0.01) }
        }
        let measured = try XCTUnwrap(delay, "not measured within 20 s")
        XCTAssertEqual(measured, TempoCalibration.measure(tempo: 0.5, sampleRate: rate) ?? .nan, accuracy: 1e-9,
                       "the cached delay is the measurement's")
    }
}
