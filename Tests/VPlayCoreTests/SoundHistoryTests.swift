import XCTest
@testable import VPlayCore

/// The sound a PulseAudio stream may still hold, kept before its gain so that a change of
/// volume can be written over it; and the gain's ramp, which both the renderer and that
/// rewrite use.
final class SoundHistoryTests: XCTestCase {
    private func last(_ count: Int, of history: borrowing SoundHistory) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: count)
        out.withUnsafeMutableBytes { history.copyLast(into: $0) }
        return out
    }

    func testKeepsTheLastBytesAcrossTheRingsEnd() {
        var history = SoundHistory(capacity: 8)
        ([1, 2, 3, 4, 5] as [UInt8]).withUnsafeBytes { history.append($0) }
        XCTAssertEqual(history.count, 5)
        XCTAssertEqual(last(3, of: history), [3, 4, 5])
        ([6, 7, 8, 9, 10, 11] as [UInt8]).withUnsafeBytes { history.append($0) }
        XCTAssertEqual(history.count, 8, "the oldest bytes gave way")
        XCTAssertEqual(last(8, of: history), [4, 5, 6, 7, 8, 9, 10, 11])
        (12...31).map { UInt8($0) }.withUnsafeBytes { history.append($0) }
        XCTAssertEqual(last(8, of: history), [24, 25, 26, 27, 28, 29, 30, 31], "more than it holds at once: the end")
        history.removeAll()
        XCTAssertEqual(history.count, 0)
        ([40, 41] as [UInt8]).withUnsafeBytes { history.append($0) }
        XCTAssertEqual(last(2, of: history), [40, 41])
    }

    func testGainRampsFromTheLastGainThenHolds() {
        let format = AudioFormat(sampleRate: 1000, channels: 2, bufferFrames: 16)   // a 5-frame ramp
        var ramp = GainRamp()
        var samples = [Int16](repeating: 1000, count: 20)
        samples.withUnsafeMutableBytes { ramp.apply(0, to: $0, format: format) }
        XCTAssertEqual(samples.map(Int.init), [800, 800, 600, 600, 400, 400, 200, 200, 0, 0] + Array(repeating: 0, count: 10))
        XCTAssertEqual(ramp.applied, 0)
        samples = [Int16](repeating: 1000, count: 4)
        samples.withUnsafeMutableBytes { ramp.apply(0, to: $0, format: format) }
        XCTAssertEqual(samples, [0, 0, 0, 0], "held once reached")
        var fresh = GainRamp(applied: 0.5)
        samples = [Int16](repeating: 1000, count: 4)
        samples.withUnsafeMutableBytes { fresh.apply(0.5, to: $0, format: format) }
        XCTAssertEqual(samples, [500, 500, 500, 500], "a ramp that starts at the gain asked for does not ramp")
    }
}
