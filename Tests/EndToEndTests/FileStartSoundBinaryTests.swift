import Foundation
import TestSupport
import XCTest

/// A playlist whose files are not joined gaplessly, heard at the PulseAudio null sink: each
/// file's sound starts at its first sample, however long the file before it took to end and
/// the next one to open.
final class FileStartSoundBinaryTests: XCTestCase {
    /// The first file: 440 Hz for 1.5 s at 0.4, louder than anything of the second.
    private static let soundFirst = ClipSpec(name: "tone-440-1.5s-0.4", fileExtension: "flac", arguments: [
        "-f", "lavfi", "-i", "aevalsrc=0.4*sin(2*PI*440*t):s=48000:d=1.5",
        "-c:a", "flac", "-ac", "2", "-ar", "48000",
    ])

    /// A video file with the same sound.
    private static let videoFirst = ClipSpec(name: "av-tone-440-1.5s-0.4", fileExtension: "mp4", arguments: [
        "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25:duration=1.5,format=yuv420p",
        "-f", "lavfi", "-i", "aevalsrc=0.4*sin(2*PI*440*t):s=48000:d=1.5",
        "-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p",
        "-c:a", "aac", "-ac", "2", "-ar", "48000", "-movflags", "+faststart",
    ])

    /// The second file: 440 Hz at 0.2 for its first second, then at 0.05 for a second; the level
    /// marks how much of its first second is heard.
    private static let marked = ClipSpec(name: "tone-440-2s-marked-first-second", fileExtension: "flac", arguments: [
        "-f", "lavfi", "-i", "aevalsrc=if(lt(t\\,1)\\,0.2\\,0.05)*sin(2*PI*440*t):s=48000:d=2",
        "-c:a", "flac", "-ac", "2", "-ar", "48000",
    ])

    /// Seconds of the recording whose level is the second file's first second's: the 10 ms
    /// blocks whose peak is about half the first file's (whatever gain the sink applies).
    private static func secondsAtFirstLevel(of recording: AudioCapture) -> Double {
        let block = AudioCapture.sampleRate / 100
        let left = stride(from: 0, to: recording.samples.count, by: AudioCapture.channelCount).map { recording.samples[$0] }
        let peaks = stride(from: 0, to: left.count - block, by: block).map { start in
            Double(left[start..<start + block].map { abs(Int($0)) }.max() ?? 0)
        }
        guard let first = peaks.firstIndex(where: { $0 > 300 }) else { return 0 }
        let loud = peaks[first + 1..<min(peaks.count, first + 50)].max() ?? 0
        return Double(peaks.filter { $0 > 0.35 * loud && $0 < 0.65 * loud }.count) / 100
    }

    /// Plays `first` then the marked file with `--gapless-audio=no` and returns how much of the
    /// marked file's first second was heard.
    private func heardFirstSecond(after first: ClipSpec) throws -> Double {
        try skipWithoutDisplay()
        guard let capture = AudioCapture.environmentFile else { throw XCTSkip("needs the test environment's audio capture") }
        let firstFile = try MediaFactory.clip(first)
        let second = try MediaFactory.clip(Self.marked)
        let recordedBefore = try XCTUnwrap(AudioCapture.quietMark(of: capture), "the sink never went quiet")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vplay-file-start-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }

        let process = try ChildProcess.launch(BinaryRunner.executableURL().path, [
            "--really-quiet", "--gapless-audio=no", firstFile.path, second.path,
        ], environment: ["XDG_STATE_HOME": directory.appendingPathComponent("state").path])
        addTeardownBlock {
            if process.isRunning {
                process.terminate()
                process.waitForExit(timeout: .seconds(5))
            }
        }
        // Both files' sound (3.5 s, or less when a start is cut), then half a second of silence.
        let recording = try XCTUnwrap(AudioCapture.wait(for: capture, from: recordedBefore, timeout: .seconds(30)) {
            guard let start = $0.firstSound() else { return false }
            return $0.endTime > start + 3 && !$0.hasSound(from: $0.endTime - 0.5, to: $0.endTime)
        }, "no sound of both files followed by silence was recorded")
        return Self.secondsAtFirstLevel(of: recording)
    }

    /// A sound-only file after another: its first second is heard whole.
    func testSoundOnlyFileStartsAtItsFirstSampleAfterSoundOnlyFile() throws {
        let heard = try heardFirstSecond(after: Self.soundFirst)
        print("FileStartSoundBinaryTests: after a sound-only file, \(String(format: "%.2f", heard)) s of the next file's first second heard")
        XCTAssertGreaterThanOrEqual(heard, 0.95, "the start of the second file was cut: \(heard) s of its first second heard")
    }

    /// A sound-only file after a video file: its first second is heard whole.
    func testSoundOnlyFileStartsAtItsFirstSampleAfterVideoFile() throws {
        let heard = try heardFirstSecond(after: Self.videoFirst)
        print("FileStartSoundBinaryTests: after a video file, \(String(format: "%.2f", heard)) s of the next file's first second heard")
        XCTAssertGreaterThanOrEqual(heard, 0.95, "the start of the second file was cut: \(heard) s of its first second heard")
    }
}
