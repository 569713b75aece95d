import XCTest
@testable import VPlayCore

final class TempoFilterTests: XCTestCase {
    private let rate = 48000
    private let channels = 2

    private struct Run {
        var output: [Int16] = []
        /// Largest `inputSamples - outputSamples * tempo` seen before draining, in input frames.
        var maxLag = 0.0
        var inputSamples = 0
        var outputSamples = 0
        var seconds: Double { Double(outputSamples) / 48000 }
    }

    /// Feeds `seconds` of a 1 kHz stereo sine in device-sized chunks, then drains.
    private func run(tempo: Double, seconds: Double = 2, chunk: Int = 1024,
                     rubberband: Bool = TempoFilter.hasRubberband) throws -> Run {
        let filter = try XCTUnwrap(TempoFilter(sampleRate: rate, channels: channels, tempo: tempo, rubberband: rubberband))
        let total = Int(seconds * Double(rate))
        var input = [Int16](repeating: 0, count: total * channels)
        for i in 0..<total {
            let value = Int16(12000 * sin(2 * Double.pi * 1000 * Double(i) / Double(rate)))
            for c in 0..<channels { input[i * channels + c] = value }
        }
        var result = Run()
        let collect: (UnsafeRawBufferPointer) -> Void = { result.output += $0.bindMemory(to: Int16.self) }
        input.withUnsafeBytes { bytes in
            var start = 0
            while start < total {
                let end = min(total, start + chunk)
                filter.process(UnsafeRawBufferPointer(rebasing: bytes[start * 4 ..< end * 4]), into: collect)
                result.maxLag = max(result.maxLag, Double(filter.inputSamples) - Double(filter.outputSamples) * tempo)
                start = end
            }
        }
        filter.drain(into: collect)
        filter.process(UnsafeRawBufferPointer(start: nil, count: 0), into: collect)  // after EOF: no-op
        result.inputSamples = filter.inputSamples
        result.outputSamples = filter.outputSamples
        XCTAssertEqual(result.output.count, result.outputSamples * channels)
        return result
    }

    /// Frequency of the left channel from rising zero crossings, skipping the edges.
    private func frequency(_ samples: [Int16]) -> Double {
        let left = stride(from: 0, to: samples.count, by: channels).map { Double(samples[$0]) }
        let skip = 4096
        guard left.count > 2 * skip + 2 else { return 0 }
        var crossings: [Double] = []
        for i in skip..<(left.count - skip) where left[i - 1] < 0 && left[i] >= 0 {
            crossings.append(Double(i - 1) + -left[i - 1] / (left[i] - left[i - 1]))
        }
        guard let first = crossings.first, let last = crossings.last, crossings.count > 1 else { return 0 }
        return Double(crossings.count - 1) / ((last - first) / Double(rate))
    }

    private func check(tempo: Double, expectedSeconds: Double) throws {
        try check(tempo: tempo, expectedSeconds: expectedSeconds, rubberband: false)
        if TempoFilter.hasRubberband { try check(tempo: tempo, expectedSeconds: expectedSeconds, rubberband: true) }
    }

    private func check(tempo: Double, expectedSeconds: Double, rubberband: Bool) throws {
        let result = try run(tempo: tempo, rubberband: rubberband)
        let label = "tempo \(tempo), rubberband \(rubberband)"
        // FFmpeg 5.1's rubberband filter does not flush its last ~50 ms of input at the end.
        let lostInput = rubberband ? 0.06 : 0
        XCTAssertEqual(result.seconds, expectedSeconds, accuracy: expectedSeconds * 0.02 + lostInput / tempo, label)
        XCTAssertEqual(frequency(result.output), 1000, accuracy: 10, label)
        // After draining, output covers all the media: outputSamples * tempo ≈ inputSamples.
        XCTAssertEqual(Double(result.outputSamples) * tempo, Double(result.inputSamples),
                       accuracy: Double(result.inputSamples) * 0.02 + lostInput * Double(rate), label)
    }

    func testDoubleSpeedHalvesTheLengthAndKeepsPitch() throws { try check(tempo: 2, expectedSeconds: 1) }
    func testHalfSpeedDoublesTheLengthAndKeepsPitch() throws { try check(tempo: 0.5, expectedSeconds: 4) }
    func testQuarterSpeedChainsTwoStages() throws {
        XCTAssertEqual(TempoFilter.stages(for: 0.25, rubberband: false).map(\.tempo), [0.5, 0.5])
        XCTAssertEqual(TempoFilter.stages(for: 0.3, rubberband: false).count, 2)
        XCTAssertEqual(TempoFilter.stages(for: 4, rubberband: false).map(\.tempo), [4])
        XCTAssertEqual(TempoFilter.stages(for: 0.25, rubberband: true).map(\.tempo), [0.25])
        try check(tempo: 0.25, expectedSeconds: 8)
    }
    func testQuadrupleSpeed() throws { try check(tempo: 4, expectedSeconds: 0.5) }

    func testUnitTempoPassesTheSignalThrough() throws {
        let result = try run(tempo: 1)
        XCTAssertEqual(result.outputSamples, result.inputSamples)
        XCTAssertEqual(result.maxLag, 0)
        XCTAssertEqual(frequency(result.output), 1000, accuracy: 10)
    }

    func testSurroundAt44100() throws {
        let filter = try XCTUnwrap(TempoFilter(sampleRate: 44100, channels: 6, tempo: 1.25))
        let silence = [Int16](repeating: 0, count: 44100 * 6)
        var produced = 0
        silence.withUnsafeBytes { filter.process($0) { produced += $0.count } }
        filter.drain { produced += $0.count }
        XCTAssertEqual(produced, filter.outputSamples * 12)
        XCTAssertEqual(Double(filter.outputSamples), 44100 / 1.25, accuracy: 44100 * 0.02)
    }

    /// Media time covered by the output ≈ outputSamples / rate * tempo, late by a bounded
    /// amount while streaming: the filter holds back about one window of input.
    func testOutputMapsBackToMediaTimeWithBoundedLag() throws {
        for rubberband in TempoFilter.hasRubberband ? [false, true] : [false] {
            for tempo in [0.25, 0.5, 1, 1.5, 2, 4] {
                let result = try run(tempo: tempo, rubberband: rubberband)
                // Observed for atempo: a 2048-frame window, output in 1024-frame blocks, 1024-frame
                // pushes; rubberband's 2048-frame analysis window plus its output block.
                let bound = tempo == 1 ? 0 : (rubberband ? 4096 + 2048 * tempo : 2048 + 1024 * tempo) + 1024
                XCTAssertGreaterThanOrEqual(result.maxLag, 0, "tempo \(tempo), rubberband \(rubberband)")
                XCTAssertLessThanOrEqual(result.maxLag, bound, "tempo \(tempo), rubberband \(rubberband)")
            }
        }
    }

    func testRejectsOutOfRangeTempo() {
        XCTAssertNil(TempoFilter(sampleRate: rate, channels: channels, tempo: 0.2))
        XCTAssertNil(TempoFilter(sampleRate: rate, channels: channels, tempo: 4.5))
        XCTAssertNil(TempoFilter(sampleRate: 0, channels: channels, tempo: 1))
        XCTAssertNil(TempoFilter(sampleRate: rate, channels: 0, tempo: 1.5))
    }
}
