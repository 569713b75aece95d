import XCTest
@testable import VPlayCore

/// The A-V offsets of `--dump-stats` are kept in a histogram: its statistics must match the
/// exact ones over every value, and its memory must not grow with the frames shown.
final class OffsetHistogramTests: XCTestCase {
    /// A seeded generator, so a failure can be replayed.
    private struct SplitMix64: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// Mostly a few milliseconds around a small lag, as playback gives, with some far outliers.
    private func offsets(count: Int, seed: UInt64) -> [Double] {
        var random = SplitMix64(state: seed)
        return (0..<count).map { _ in
            switch Int.random(in: 0..<100, using: &random) {
            case 0: Double.random(in: -1.9...1.9, using: &random)
            case 1..<10: Double.random(in: -0.2...0.2, using: &random)
            default: 0.012 + Double.random(in: -0.004...0.004, using: &random)
            }
        }
    }

    func testStatisticsMatchTheExactOnesOnRandomData() throws {
        for (count, seed) in [(1, 1), (2, 2), (3, 3), (10, 4), (1000, 5), (54_321, 6)] as [(Int, UInt64)] {
            let values = offsets(count: count, seed: seed)
            var histogram = OffsetHistogram()
            values.forEach { histogram.record($0) }
            let exact = try XCTUnwrap(Distribution(values))
            let binned = try XCTUnwrap(Distribution(histogram))
            let label = "\(count) offsets, seed \(seed)"
            XCTAssertEqual(binned.count, exact.count, label)
            XCTAssertEqual(binned.min, exact.min, label)
            XCTAssertEqual(binned.max, exact.max, label)
            XCTAssertEqual(binned.median, exact.median, accuracy: 0.05e-3 + 1e-12, label)
            XCTAssertEqual(binned.p95, exact.p95, accuracy: 0.05e-3 + 1e-12, label)
            XCTAssertEqual(histogram.last, values.last, label)
        }
    }

    func testOffsetsBeyondTheBinsKeepExactExtremes() throws {
        var histogram = OffsetHistogram()
        for offset in [-5.0, 0.001, 0.002, 7.5, .nan] { histogram.record(offset) }
        let distribution = try XCTUnwrap(Distribution(histogram))
        XCTAssertEqual(distribution.count, 4, "not finite: left out")
        XCTAssertEqual(distribution.min, -5)
        XCTAssertEqual(distribution.max, 7.5)
        XCTAssertEqual(distribution.median, 0.0015, accuracy: 0.05e-3)
        XCTAssertNil(Distribution(OffsetHistogram()), "nothing recorded: nothing to report")
    }

    func testMemoryStaysPutHoweverManyFramesAreShown() {
        var histogram = OffsetHistogram()
        histogram.record(0)
        let storage = histogram.storage
        XCTAssertLessThanOrEqual(storage.bytes, 256 * 1024)
        for frame in 0..<1_000_000 {   // 4.6 hours at 60 fps
            histogram.record(Double(frame % 2001 - 1000) * 1e-4)
        }
        XCTAssertEqual(histogram.count, 1_000_001)
        XCTAssertEqual(histogram.storage.address, storage.address, "the bins were never moved")
        XCTAssertEqual(histogram.storage.bytes, storage.bytes, "the bins never grew")
    }
}
