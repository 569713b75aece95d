import Foundation
import TestSupport
import XCTest

/// A change to the sound while it plays, heard at the null sink. The sound server holds a queue
/// of what the player wrote (its length decides how often the server wakes); a change must not
/// wait behind that queue.
final class AudioChangeBinaryTests: XCTestCase {
    /// 440 Hz for the first second, 1320 Hz after (both periods end on the second, so the tone
    /// steps without a click): the step marks media time 1 s in the recording.
    private static let toneStep = ClipSpec(
        name: "av-tone-step-at-1s", fileExtension: "mp4",
        arguments: ["-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25:duration=6,format=yuv420p",
                    "-f", "lavfi", "-i", "aevalsrc=0.125*sin(2*PI*t*if(lt(t\\,1)\\,440\\,1320)):s=48000:d=6",
                    "-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p",
                    "-c:a", "aac", "-ac", "2", "-ar", "48000", "-movflags", "+faststart"])

    /// How much of the sound queued before a mute may still be heard after it, in media seconds.
    /// What the device queues is several times this (see PulseStream); what remains is the
    /// rewrite's margin, the gain's ramp and the position's age when read (up to a frame).
    private static let heardAfterChange = 0.1

    /// After `mute`, the sound goes within a fraction of what the sound server holds. Measured in
    /// the recording's samples, not in wall time: the media time of the last sound heard, counted
    /// from the tone's step (media 1 s) over the samples that carry sound, against the position
    /// the player reports once the mute was applied. The recorder's lag and the machine's load
    /// move neither.
    func testMuteSilencesTheSoundAlreadyQueued() throws {
        try skipWithoutDisplay()
        guard let capture = AudioCapture.environmentFile else { throw XCTSkip("needs the test environment's audio capture") }
        let recordedBefore = try XCTUnwrap(AudioCapture.quietMark(of: capture), "the sink never went quiet")
        let player = try PlayerSession(clip: try MediaFactory.clip(Self.toneStep))
        let ipc = try XCTUnwrap(player.ipc)
        XCTAssertTrue(try poll(timeout: .seconds(10)) { try ipc.double("time-pos") >= 2 }, "did not play to 2 s")
        _ = try ipc.command(["set_property", "mute", true])
        let mutedAt = try ipc.double("time-pos")

        let recording = try XCTUnwrap(AudioCapture.wait(for: capture, from: recordedBefore, timeout: .seconds(5)) {
            guard let step = Self.stepTime(in: $0) else { return false }
            return $0.endTime > step + 1.3 && !$0.hasSound(from: $0.endTime - 0.3, to: $0.endTime)
        }, "no tone step followed by silence was recorded")
        let step = try XCTUnwrap(Self.stepTime(in: recording))
        let last = try XCTUnwrap(Self.lastSound(in: recording))
        let heardUntil = 1 + Self.soundSeconds(in: recording, from: step, to: last)
        print("AudioChangeBinaryTests: muted at \(mutedAt) s, sound heard up to \(heardUntil) s "
              + "(\(Int(((heardUntil - mutedAt) * 1000).rounded())) ms after)")
        XCTAssertGreaterThan(heardUntil, 1.5, "the sound stopped long before the mute")
        XCTAssertLessThan(heardUntil - mutedAt, Self.heardAfterChange,
                          "sound queued before the mute was heard for \(heardUntil - mutedAt) s after it")
    }

    // MARK: Reading the recording

    /// Upward zero crossings of left + right, in frames from the start of `recording`.
    private static func crossings(in recording: AudioCapture) -> [Double] {
        var found: [Double] = []
        var previous = 0
        for frame in 0..<recording.samples.count / 2 {
            let current = Int(recording.samples[2 * frame]) + Int(recording.samples[2 * frame + 1])
            if previous < 0, current >= 0 {
                found.append(Double(frame - 1) + Double(-previous) / Double(current - previous))
            }
            previous = current
        }
        return found
    }

    /// Where 440 Hz turns to 1320 Hz: the first crossing followed by 20 ms of the higher tone's
    /// periods (36.4 frames), after one of the lower's (109).
    private static func stepTime(in recording: AudioCapture) -> Double? {
        let points = crossings(in: recording)
        let rate = Double(AudioCapture.sampleRate)
        let run = 26
        guard points.count > run + 1 else { return nil }
        for index in 1..<(points.count - run) where (90...130).contains(points[index] - points[index - 1]) {
            let periods = (index..<index + run).map { points[$0 + 1] - points[$0] }
            if periods.allSatisfy({ (33...40).contains($0) }) {
                return recording.startTime + points[index] / rate
            }
        }
        return nil
    }

    /// The end of the last sample above −50 dBFS.
    private static func lastSound(in recording: AudioCapture) -> Double? {
        guard let index = recording.samples.lastIndex(where: { abs(Int($0)) > 100 }) else { return nil }
        return recording.startTime + Double(index / 2 + 1) / Double(AudioCapture.sampleRate)
    }

    /// Seconds of [start, end) in 1 ms windows that carry sound: media time played, whatever
    /// gaps a loaded machine left between them.
    private static func soundSeconds(in recording: AudioCapture, from start: Double, to end: Double) -> Double {
        let windows = stride(from: start, to: end, by: 0.001)
            .filter { recording.hasSound(from: $0, to: min(end, $0 + 0.001), threshold: 0.003) }
        return Double(windows.count) / 1000
    }
}
