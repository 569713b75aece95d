import Foundation
import TestSupport
import XCTest

/// The end of a file's sound and a pause, heard at the PulseAudio null sink and seen in the
/// sound server's list of streams: a file that ends by itself is heard to its last sample, and
/// a pause holds the stream (corked) rather than closing it, so nothing queued is lost.
final class FileEndSoundBinaryTests: XCTestCase {
    /// 440 Hz for 1.5 s, at 0.4 but for its last 100 ms at 0.2: the level marks how much of
    /// the end is heard, however much of the start the server took to begin with.
    private static let tone = ClipSpec(name: "tone-440-1.5s-last-100ms-marked", fileExtension: "flac", arguments: [
        "-f", "lavfi", "-i", "aevalsrc=if(lt(t\\,1.4)\\,0.4\\,0.2)*sin(2*PI*440*t):s=48000:d=1.5",
        "-c:a", "flac", "-ac", "2", "-ar", "48000",
    ])

    /// Samples of a little more than one period of the tone.
    private static let period = 110

    private var directory: URL!

    override func setUpWithError() throws {
        try skipWithoutDisplay()
        try XCTSkipIf(AudioCapture.environmentFile == nil, "needs the test environment's PulseAudio (scripts/test-env.sh)")
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("vplay-file-end-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }

    /// Seconds of the marked end heard: from the first period at about half the tone's first
    /// level to the last loud sample.
    private static func markedEnd(of recording: AudioCapture) -> Double? {
        let left = stride(from: 0, to: recording.samples.count, by: AudioCapture.channelCount).map { recording.samples[$0] }
        func peak(at start: Int) -> Int { left[start..<min(left.count, start + period)].map { abs(Int($0)) }.max() ?? 0 }
        guard let first = left.firstIndex(where: { abs(Int($0)) > 300 }),
              let last = left.lastIndex(where: { abs(Int($0)) > 300 }), first + period <= last else { return nil }
        let loud = Double(peak(at: first + period))
        guard let step = stride(from: first + period, to: last, by: period / 2).first(where: {
            let level = Double(peak(at: $0)) / loud
            return level > 0.35 && level < 0.65
        }) else { return nil }
        return Double(last - step + 1) / Double(AudioCapture.sampleRate)
    }

    /// The last file of a run, ending by itself: the player quits once its last sample is heard,
    /// not with the end of its sound still queued in the server.
    func testTheLastFileIsHeardToItsLastSample() throws {
        let capture = try XCTUnwrap(AudioCapture.environmentFile)
        let clip = try MediaFactory.clip(Self.tone)
        let recordedBefore = try XCTUnwrap(AudioCapture.quietMark(of: capture), "the sink never went quiet")
        let process = try BinaryRunner.launch(["--really-quiet", "--autoexit", clip.path],
                                              environment: ["XDG_STATE_HOME": directory.appendingPathComponent("state").path])
        let result = process.waitForExit(timeout: .seconds(30))
        XCTAssertTrue(result.succeeded, "the player did not end by itself: \(result.status) \(result.errorText)")
        let recording = try XCTUnwrap(AudioCapture.wait(for: capture, from: recordedBefore, timeout: .seconds(30)) {
            guard let start = $0.firstSound() else { return false }
            return $0.endTime > start + 1.4 && !$0.hasSound(from: $0.endTime - 0.3, to: $0.endTime)
        }, "no tone followed by silence was recorded")
        let heard = try XCTUnwrap(Self.markedEnd(of: recording), "no marked end in the recording")
        print("FileEndSoundBinaryTests: \(String(format: "%.1f", heard * 1000)) ms of the file's last 100 ms heard")
        // Underruns of a busy machine only lengthen it; 3 ms for finding the step.
        XCTAssertGreaterThanOrEqual(heard, 0.097, "the end of the file's sound was cut: \(heard) s of its last 0.1 s heard")
    }

    /// The player's stream in `pactl list sink-inputs`: its index and whether it is corked.
    private static func sinkInput(of process: RunningProcess) throws -> (index: String, corked: Bool)? {
        let listing = try ChildProcess.run("pactl", ["list", "sink-inputs"], timeout: .seconds(10)).outputText
        for block in listing.components(separatedBy: "Sink Input #").dropFirst() {
            guard block.contains("application.process.id = \"\(process.processIdentifier)\"") else { continue }
            let index = String(block.prefix { !$0.isWhitespace })
            return (index, block.contains("Corked: yes"))
        }
        return nil
    }

    /// Paused, the stream stays (corked) and plays on when unpaused, the sound back at once.
    func testPauseCorksTheStreamAndPlayKeepsIt() throws {
        try XCTSkipIf(ChildProcess.locate("pactl") == nil, "needs pactl")
        let capture = try XCTUnwrap(AudioCapture.environmentFile)
        let player = try PlayerSession(clip: try Clips.av(seconds: 30),
                                       environment: ["XDG_STATE_HOME": directory.appendingPathComponent("state").path])
        let ipc = try XCTUnwrap(player.ipc)
        _ = try ipc.waitForTimePos(atLeast: 0.5)
        var playing: (index: String, corked: Bool)?
        XCTAssertTrue(try poll(timeout: .seconds(10), interval: 0.05) {
            playing = try Self.sinkInput(of: player.process)
            return playing?.corked == false
        }, "no playing stream of the player: \(String(describing: playing))")

        _ = try ipc.command(["set_property", "pause", true])
        var paused: (index: String, corked: Bool)?
        XCTAssertTrue(try poll(timeout: .seconds(10), interval: 0.05) {
            paused = try Self.sinkInput(of: player.process)
            return paused?.corked == true
        }, "the stream is not corked while paused: \(String(describing: paused))")
        XCTAssertEqual(paused?.index, playing?.index, "paused, the stream was replaced")
        let quiet = try XCTUnwrap(AudioCapture.quietMark(of: capture), "the sink did not go quiet while paused")

        _ = try ipc.command(["set_property", "pause", false])
        XCTAssertNotNil(try AudioCapture.wait(for: capture, from: quiet, timeout: .seconds(10)) { $0.firstSound(after: quiet) != nil },
                        "no sound after the pause")
        let resumed = try Self.sinkInput(of: player.process)
        XCTAssertEqual(resumed?.index, playing?.index, "playing again, the stream was replaced")
        XCTAssertEqual(resumed?.corked, false, "playing again, the stream is still corked")
        let before = try ipc.double("time-pos")
        XCTAssertTrue(try poll(timeout: .seconds(10), interval: 0.05) { try ipc.double("time-pos") >= before + 0.5 },
                      "playback did not go on after the pause")
        // Its sound stops before the next test listens.
        player.process.terminate()
        player.process.waitForExit(timeout: .seconds(10))
    }
}
