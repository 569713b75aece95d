import XCTest
@testable import VPlayCore

/// Sound played backwards: stretches turned round sample frame by sample frame, laid end to end
/// on the mirrored timeline, so that what plays at each mirrored time is the file's sound at the
/// media time it mirrors.
final class ReversedSoundTests: XCTestCase {
    func testAStretchTurnsRoundFrameByFrameWithEachChannelInItsPlace() {
        var stereo: [Int16] = [10, -10, 11, -11, 12, -12, 13, -13, 14, -14]
        stereo.withUnsafeMutableBufferPointer { ReversedSound.reverse($0, channels: 2) }
        XCTAssertEqual(stereo, [14, -14, 13, -13, 12, -12, 11, -11, 10, -10])

        var even: [Int16] = [1, 2, 3, 4]
        even.withUnsafeMutableBufferPointer { ReversedSound.reverse($0, channels: 1) }
        XCTAssertEqual(even, [4, 3, 2, 1])

        var six: [Float] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]
        six.withUnsafeMutableBufferPointer { ReversedSound.reverse($0, channels: 6) }
        XCTAssertEqual(six, [6, 7, 8, 9, 10, 11, 0, 1, 2, 3, 4, 5], "5.1: frames swap, channels stay")

        var one: [Int16] = [7, 8]
        one.withUnsafeMutableBufferPointer { ReversedSound.reverse($0, channels: 2) }
        XCTAssertEqual(one, [7, 8], "a single frame is its own reverse")
    }

    func testARisingSweepPlaysFalling() {
        // A tone whose pitch rises through the stretch: turned round, its zero crossings come
        // ever further apart.
        let rate = 8000.0
        var samples = (0..<8000).map { index -> Int16 in
            let t = Double(index) / rate
            return Int16(10_000 * sin(2 * .pi * (200 * t + 400 * t * t)))   // 200 Hz rising to 1000 Hz
        }
        samples.withUnsafeMutableBufferPointer { ReversedSound.reverse($0, channels: 1) }
        func crossings(_ range: Range<Int>) -> Int {
            range.dropFirst().filter { (samples[$0 - 1] < 0) != (samples[$0] < 0) }.count
        }
        XCTAssertGreaterThan(crossings(0..<1000), 3 * crossings(7000..<8000), "high first, low last")
    }

    func testTheMirroredTimelineIsItsOwnInverseAndRunsTheOtherWay() {
        let sound = ReversedSound(mirror: 100)
        XCTAssertEqual(sound.mirrored(30), 70)
        XCTAssertEqual(sound.mediaTime(sound.mirrored(12.25)), 12.25)
        XCTAssertLessThan(sound.mirrored(5), sound.mirrored(4), "later media time, earlier mirrored time")
        XCTAssertGreaterThan(ReversedSound().mirrored(86_400 * 7), 0, "a week-long file stays positive")
    }

    func testAStretchsPiecesCoverItOnceFromItsEndAndStretchesFollowOn() {
        let sound = ReversedSound(mirror: 1000)
        let later = sound.pieces(start: 2, samples: 48000, rate: 48000, piece: 4800)
        XCTAssertEqual(later.count, 10)
        XCTAssertEqual(later.first?.mirroredStart ?? .nan, sound.mirrored(3), accuracy: 1e-9, "the stretch's end plays first")
        XCTAssertEqual(later.map(\.count).reduce(0, +), 48000)
        for (before, after) in zip(later, later.dropFirst()) {
            XCTAssertEqual(after.offset, before.offset + before.count)
            XCTAssertEqual(after.mirroredStart, before.mirroredStart + Double(before.count) / 48000, accuracy: 1e-9)
        }
        // The span before it (decoded next) follows on where this one ends, with a short last piece.
        let earlier = sound.pieces(start: 1.5, samples: 24000 - 100, rate: 48000, piece: 4800)
        let end = later.last.map { $0.mirroredStart + Double($0.count) / 48000 } ?? .nan
        XCTAssertEqual(end, sound.mirrored(2), accuracy: 1e-9)
        XCTAssertEqual(earlier.first?.mirroredStart ?? .nan, sound.mirrored(1.5 + Double(24000 - 100) / 48000), accuracy: 1e-9)
        XCTAssertEqual(earlier.last?.count, 4700)
        XCTAssertTrue(sound.pieces(start: 0, samples: 0, rate: 48000, piece: 4800).isEmpty)
    }

    /// Stretches taken from the end of a sound, turned round and queued as pieces: at every
    /// mirrored time, the sample playing is the one of the media time it mirrors.
    func testWhatPlaysAtEachMirroredTimeIsTheSoundOfTheMediaTimeItMirrors() {
        let rate = 1000
        let original = (0..<5000).map { Int16($0 % 30_000) }   // each sample says its own index
        let sound = ReversedSound(mirror: 50)
        // Stretches as spans end: 5.0 → 3.2 → 1.1 → 0.
        let bounds = [5000, 3200, 1100, 0]
        var played: [(time: Double, value: Int16)] = []
        for (end, start) in zip(bounds, bounds.dropFirst()) {
            var stretch = Array(original[start..<end])
            stretch.withUnsafeMutableBufferPointer { ReversedSound.reverse($0, channels: 1) }
            for piece in sound.pieces(start: Double(start) / Double(rate), samples: stretch.count, rate: rate, piece: 256) {
                for index in 0..<piece.count {
                    played.append((piece.mirroredStart + Double(index) / Double(rate), stretch[piece.offset + index]))
                }
            }
        }
        XCTAssertEqual(played.count, original.count)
        for (before, after) in zip(played, played.dropFirst()) {
            XCTAssertEqual(after.time - before.time, 1 / Double(rate), accuracy: 1e-9, "no gap, no overlap")
        }
        for (time, value) in played {
            // A sample covers [t, t + 1/rate) going forward; played backwards it starts at t + 1/rate.
            let media = sound.mediaTime(time) - 1 / Double(rate)
            XCTAssertEqual(Int(value), Int((media * Double(rate)).rounded()))
        }
        XCTAssertEqual(played.first?.value, 4999, "the last sample first")
        XCTAssertEqual(played.last?.value, 0, "the first sample last")
    }
}
