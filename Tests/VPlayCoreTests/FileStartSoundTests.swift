import XCTest
import TestSupport
@testable import VPlayCore

/// A file after another, not joined gaplessly, on a device that drops its queue for a new track
/// (as PulseAudio's output does): its sound starts at its first sample, however much of it was
/// decoded before the device took it up.
final class FileStartSoundTests: XCTestCase {
    /// 440 Hz at 0.2 for the first second, then at 0.05 for a second: the level marks how much
    /// of the first second is heard.
    private static let marked = ClipSpec(name: "tone-440-2s-marked-first-second", fileExtension: "flac", arguments: [
        "-f", "lavfi", "-i", "aevalsrc=if(lt(t\\,1)\\,0.2\\,0.05)*sin(2*PI*440*t):s=48000:d=2",
        "-c:a", "flac", "-ac", "2", "-ar", "48000",
    ])

    /// Seconds of `sink`'s output from `start` at the first second's level, and at the last
    /// second's (a quarter of it): 10 ms windows by their peak, against the loudest.
    private func secondsAtLevels(_ sink: ManualAudioSink, from start: Int) -> (first: Double, last: Double) {
        let window = sink.format.sampleRate / 100 * sink.format.channels
        let samples = sink.samples
        let peaks = stride(from: start, to: samples.count - window, by: window).map { first in
            Double(samples[first..<first + window].map { abs(Int($0)) }.max() ?? 0)
        }
        let loud = peaks.max() ?? 0
        func seconds(_ level: ClosedRange<Double>) -> Double {
            Double(peaks.filter { level.contains($0 / max(loud, 1)) }.count) / 100
        }
        return (seconds(0.8...1), seconds(0.15...0.35))
    }

    func testTheNextFilesSoundStartsAtItsFirstSample() throws {
        let first = try EngineHarness(try MediaFactory.clip(.audioOnly))
        first.sink.flushesForNewTracks = true
        XCTAssertTrue(first.run { $0.player.state.position >= 2 })

        let secondStartsAt = first.sink.samples.count
        let second = try EngineHarness(try MediaFactory.clip(Self.marked), after: first)
        // Its first frames are decoded before the device takes them up (a window opening, a busy
        // machine): the file before's clock, past them, must not drop them.
        let frames = try XCTUnwrap(second.player.audio?.frames)
        let deadline = Date().addingTimeInterval(10)
        while frames.remaining < 3 && Date() < deadline { usleep(1000) }
        XCTAssertTrue(second.run { $0.player.state.position >= 1.9 })
        let heard = secondsAtLevels(second.sink, from: secondStartsAt)
        XCTAssertGreaterThan(heard.last, 0.5, "the second file's last second, a quarter of the first's level, was not heard")
        XCTAssertGreaterThanOrEqual(heard.first, 0.98, "the start of the second file was cut: \(heard.first) s of its first second heard")
    }
}
