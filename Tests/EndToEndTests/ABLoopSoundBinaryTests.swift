import Foundation
import TestSupport
import XCTest

/// An A-B loop heard at the PulseAudio null sink: the built `vplay` loops a clip whose sound is
/// a beep ending right at B and another starting right at A, so each jump back joins them.
final class ABLoopSoundBinaryTests: XCTestCase {
    /// B's beep is heard whole and A's follows it with no silence between: the sound from A is
    /// decoded while the device still plays B's end, and written right behind it (not after
    /// A's picture, nor after silence written as soon as B's sound ran out).
    func testEachJumpBackJoinsBsEndToAsStart() throws {
        try skipWithoutDisplay()
        guard let capture = AudioCapture.environmentFile else { throw XCTSkip("needs the test environment's audio capture") }
        let clip = try MediaFactory.clip(.loopBeeps())
        // Three, for a median: a gappy jump still joins some seams by chance.
        let jumps = 3
        let recordedBefore = try XCTUnwrap(AudioCapture.quietMark(of: capture), "the sink never went quiet")
        let result = try BinaryRunner.run(["--autoexit", "--ab-loop-a=\(ClipSpec.beepLoopA)", "--ab-loop-b=\(ClipSpec.beepLoopB)",
                                           "--ab-loop-count=\(jumps)", clip.path], timeout: .seconds(30))
        XCTAssertTrue(result.succeeded, result.errorText)
        // A's beep, then B's and A's at each jump, then B's last: up to the end of that one.
        let lastBeepEnd = ClipSpec.beepLoopB - ClipSpec.beepLoopA + Double(jumps) * (ClipSpec.beepLoopB - ClipSpec.beepLoopA)
        let recording = try XCTUnwrap(AudioCapture.wait(for: capture, from: recordedBefore, timeout: .seconds(5)) {
            guard let first = $0.firstSound(after: recordedBefore) else { return false }
            return $0.endTime > first + lastBeepEnd + 0.2
        }, "the last beep was never recorded")
        // Beeps under 0.3 s apart are one seam's: B's and A's (the beeps of one pass are 0.88 s apart).
        var seams: [[(start: Double, length: Double)]] = []
        for run in recording.soundRuns(from: recordedBefore, to: recording.endTime) {
            if let last = seams.last?.last, run.start - (last.start + last.length) < 0.3 {
                seams[seams.count - 1].append(run)
            } else {
                seams.append([run])
            }
        }
        let described = seams.map { $0.map { String(format: "(%.3f, %.3f)", $0.start, $0.length) }.joined(separator: " ") }
        XCTAssertEqual(seams.count, jumps + 2, "A's beep, B's and A's at each jump, B's: \(described)")
        guard seams.count == jumps + 2 else { return }
        let whole = ClipSpec.beepLength - 0.002
        XCTAssertGreaterThanOrEqual(seams[0].map(\.length).reduce(0, +), whole, "A's first beep: \(described[0])")
        XCTAssertGreaterThanOrEqual(seams[jumps + 1].map(\.length).reduce(0, +), whole, "B's last beep: \(described[jumps + 1])")
        var silences: [Double] = []
        for (index, seam) in seams.enumerated().dropFirst().dropLast() {
            let sound = seam.map(\.length).reduce(0, +)
            silences.append(seam.last!.start + seam.last!.length - seam[0].start - sound)
            XCTAssertGreaterThanOrEqual(sound, 2 * whole, "jump \(index): B's beep and A's, both whole: \(described[index])")
        }
        // The median seam: one jump slowed by a busy machine does not make the loop gappy.
        let median = silences.sorted()[silences.count / 2]
        XCTAssertLessThanOrEqual(median, 0.005, "silence between B's beep and A's at the jumps: \(silences), \(described)")
    }
}
