import Foundation
import XCTest
@testable import VPlayCore

/// Night mode: the compressor's curve, and libavfilter's compressor following it.
final class DynamicRangeTests: XCTestCase {
    func testTheCurveBringsLoudPassagesTowardsQuietOnes() {
        XCTAssertEqual(DynamicRange.no.outputLevel(for: -10), -10)
        // Below the threshold: only the make-up gain.
        XCTAssertEqual(DynamicRange.light.outputLevel(for: -40), -36)
        XCTAssertEqual(DynamicRange.strong.outputLevel(for: -40), -31)
        // 30 dB between a whisper and an explosion become 21 (light) and 10.5 (strong).
        let span = { (mode: DynamicRange) in mode.outputLevel(for: -6) - mode.outputLevel(for: -36) }
        XCTAssertEqual(span(.no), 30)
        XCTAssertEqual(span(.light), 21)
        XCTAssertEqual(span(.strong), 10.5)
        XCTAssertNil(DynamicRange.no.graph)
    }

    /// A steady tone's level through the graph, after the compressor has settled.
    private func level(of input: Double, through graph: String) throws -> Double {
        let filter = try XCTUnwrap(TempoFilter(sampleRate: 48000, channels: 2, tempo: 1, filters: graph))
        let amplitude = pow(10, input / 20) * 2.squareRoot() * 32767   // a sine's RMS is its peak over √2
        let tone = (0..<96000).flatMap { i -> [Int16] in
            let v = Int16(amplitude * sin(2 * Double.pi * 440 * Double(i) / 48000))
            return [v, v]
        }
        var out: [Int16] = []
        tone.withUnsafeBytes { bytes in
            for start in stride(from: 0, to: bytes.count, by: 4096) {
                filter.process(UnsafeRawBufferPointer(rebasing: bytes[start..<min(bytes.count, start + 4096)])) { chunk in
                    out += chunk.bindMemory(to: Int16.self)
                }
            }
        }
        let tail = out.suffix(out.count / 4)
        let rms = (tail.map { Double($0) * Double($0) }.reduce(0, +) / Double(max(1, tail.count))).squareRoot() / 32768
        return 20 * log10(rms)
    }

    func testLibavfiltersCompressorFollowsTheCurve() throws {
        try XCTSkipIf(FilterLibrary.shared == nil, "libavfilter cannot be loaded")
        for mode in [DynamicRange.light, .strong] {
            let graph = try XCTUnwrap(mode.graph)
            for input in [-40.0, -12] {
                // Within 2.5 dB: the compressor's knee and its level detection round the curve's corner.
                XCTAssertEqual(try level(of: input, through: graph), mode.outputLevel(for: input), accuracy: 2.5,
                               "\(mode) at \(input) dBFS")
            }
        }
    }

    func testNightModeGoesBeforeTheUsersFilters() {
        var settings = AudioSettings()
        settings.filters = ["lavfi=[volume=2]"]
        XCTAssertEqual(settings.graph, "volume=2")
        settings = settings.with(.drc(.light))
        XCTAssertEqual(settings.graph, DynamicRange.light.graph! + ",volume=2")
    }
}
