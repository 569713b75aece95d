import Foundation
import TestSupport
import XCTest

/// An album played with `--gapless-audio`, heard at the PulseAudio null sink: the built `vplay`
/// plays two files whose tone runs on across the boundary, driven over its IPC socket.
final class GaplessAudioBinaryTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("vplay-gapless-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    /// 440 Hz for 1.5 s at `amplitude`: 660 whole periods, so a second file of it goes on from
    /// the first's last sample without a step in phase. The two files differ in loudness, which
    /// marks where they join in the recording.
    private static func tone(amplitude: Double, fileExtension: String, codec: String) -> ClipSpec {
        ClipSpec(name: "tone-440-1.5s-\(amplitude)-\(codec)", fileExtension: fileExtension, arguments: [
            "-f", "lavfi", "-i", "aevalsrc=\(amplitude)*sin(2*PI*440*t):s=48000:d=1.5",
            "-c:a", codec, "-ac", "2", "-ar", "48000",
        ])
    }

    /// Samples of one period of the tone.
    private static let period = 110

    /// The left channel's samples of `recording`.
    private static func left(_ recording: AudioCapture) -> [Int16] {
        stride(from: 0, to: recording.samples.count, by: 2).map { recording.samples[$0] }
    }

    /// Where the second file's sound starts: the first whole period whose peak is about half
    /// the first file's (the first period's).
    private static func join(in left: [Int16]) -> Int? {
        func peak(at start: Int) -> Int { left[start..<start + period].map { abs(Int($0)) }.max() ?? 0 }
        guard let first = left.firstIndex(where: { abs(Int($0)) > 300 }), first + period <= left.count else { return nil }
        let loud = Double(peak(at: first))
        var start = first
        while start + period <= left.count {
            let level = Double(peak(at: start)) / loud
            if level > 0.35 && level < 0.65 { return start }
            start += period / 2
        }
        return nil
    }

    /// The longest run of quiet samples in `left[range]`, in seconds.
    private static func longestSilence(in left: [Int16], _ range: Range<Int>, threshold: Int = 300) -> Double {
        var longest = 0, run = 0
        for sample in left[range.clamped(to: left.indices)] {
            run = abs(Int(sample)) > threshold ? 0 : run + 1
            longest = max(longest, run)
        }
        return Double(longest) / Double(AudioCapture.sampleRate)
    }

    /// A WAV file then a FLAC file of the same tone, quieter: no more than 5 ms of silence where
    /// they join (the 0.1 s before the quieter tone's first period), both heard, and the events
    /// of the change of file in mpv's order.
    func testConsecutiveFilesJoinWithoutSilence() throws {
        try skipWithoutDisplay()
        guard let capture = AudioCapture.environmentFile else { throw XCTSkip("needs the test environment's audio capture") }
        let first = try MediaFactory.clip(Self.tone(amplitude: 0.4, fileExtension: "wav", codec: "pcm_s16le"))
        let second = try MediaFactory.clip(Self.tone(amplitude: 0.2, fileExtension: "flac", codec: "flac"))
        let recordedBefore = try XCTUnwrap(AudioCapture.quietMark(of: capture), "the sink never went quiet")

        let socket = directory.appendingPathComponent("ipc.sock").path
        let process = try ChildProcess.launch(BinaryRunner.executableURL().path, [
            "--input-ipc-server=\(socket)", "--really-quiet", "--pause", "--gapless-audio=yes", first.path, second.path,
        ], environment: ["XDG_STATE_HOME": directory.appendingPathComponent("state").path])
        addTeardownBlock {
            if process.isRunning {
                process.terminate()
                process.waitForExit(timeout: .seconds(5))
            }
        }
        var connected: IPCClient?
        XCTAssertTrue(poll(timeout: .seconds(10)) {
            connected = try? IPCClient(path: socket, timeout: .zero)
            return connected != nil || !process.isRunning
        })
        let client = try XCTUnwrap(connected, "the socket never answered")
        XCTAssertTrue(try poll(timeout: .seconds(10)) { try client.command("get_property", "path").data == .string(first.path) },
                      "the first file did not open")
        XCTAssertTrue(try client.command("observe_property", 1, "playlist-pos").isSuccess)
        let mark = client.messages.count
        XCTAssertTrue(try client.command("set_property", "pause", false).isSuccess)

        var ended = false
        XCTAssertNotNil(client.waitFor(after: mark, timeout: .seconds(20)) {
            if $0["event"] == "end-file" { ended = true }
            return ended && $0["event"] == "playback-restart"
        }, "the second file did not start after the first")
        let recording = try XCTUnwrap(AudioCapture.wait(for: capture, from: recordedBefore, timeout: .seconds(10)) {
            guard let start = $0.firstSound() else { return false }
            return $0.endTime > start + 3.3 && !$0.hasSound(from: $0.endTime - 0.3, to: $0.endTime)
        }, "no 3 s of tone followed by silence was recorded")

        let left = Self.left(recording)
        let join = try XCTUnwrap(Self.join(in: left), "the second file's tone was not found")
        let silence = Self.longestSilence(in: left, join - AudioCapture.sampleRate / 10..<join + Self.period)
        print("GaplessAudioBinaryTests: longest silence where the files join \(String(format: "%.2f", silence * 1000)) ms")
        XCTAssertLessThanOrEqual(silence, 0.005, "a gap of \(silence * 1000) ms where the files join")
        let joinTime = recording.startTime + Double(join) / Double(AudioCapture.sampleRate)
        XCTAssertTrue(recording.hasSound(from: joinTime + 1.3, to: joinTime + 1.4), "the end of the second file was not heard")

        let events = client.messages[mark...].compactMap { message -> String? in
            if case .string(let name)? = message["event"], ["start-file", "file-loaded", "playback-restart", "end-file"].contains(name) {
                return name
            }
            return nil
        }
        let firstEnd = try XCTUnwrap(events.firstIndex(of: "end-file"), "the first file never ended")
        // The last file then goes back to its start to wait there, as the window stays.
        XCTAssertEqual(Array(events[firstEnd...].prefix(4)), ["end-file", "start-file", "file-loaded", "playback-restart"])
        let ends = client.messages[mark...].filter { $0["event"] == "end-file" }
        XCTAssertEqual(ends.first?["reason"], "eof")
        let positions = client.messages[mark...].filter { $0["event"] == "property-change" && $0["name"] == "playlist-pos" }
        XCTAssertEqual(positions.last?["data"], 1, "playlist-pos did not move to the second file")
    }
}
