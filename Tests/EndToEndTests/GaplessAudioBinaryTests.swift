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

    /// 440 Hz for 1.5 s: 660 whole periods, so a second file of it goes on from the first's
    /// last sample without a step.
    private static func tone(fileExtension: String, codec: String) -> ClipSpec {
        ClipSpec(name: "tone-440-1.5s-\(codec)", fileExtension: fileExtension, arguments: [
            "-f", "lavfi", "-i", "aevalsrc=0.25*sin(2*PI*440*t):s=48000:d=1.5",
            "-c:a", codec, "-ac", "2", "-ar", "48000",
        ])
    }

    /// The longest run of quiet samples between the first and the last sound of `recording`, in seconds.
    private static func longestSilence(in recording: AudioCapture, threshold: Int16 = 300) -> Double {
        let left = stride(from: 0, to: recording.samples.count, by: 2).map { recording.samples[$0] }
        guard let first = left.firstIndex(where: { abs(Int($0)) > threshold }),
              let last = left.lastIndex(where: { abs(Int($0)) > threshold }) else { return .infinity }
        var longest = 0, run = 0
        for sample in left[first...last] {
            run = abs(Int(sample)) > threshold ? 0 : run + 1
            longest = max(longest, run)
        }
        return Double(longest) / Double(AudioCapture.sampleRate)
    }

    /// A WAV file then a FLAC file of the same tone: no more than 5 ms of silence where they
    /// join, all 3 s of both heard, and the events of the change of file in mpv's order.
    func testConsecutiveFilesJoinWithoutSilence() throws {
        try skipWithoutDisplay()
        guard let capture = AudioCapture.environmentFile else { throw XCTSkip("needs the test environment's audio capture") }
        let first = try MediaFactory.clip(Self.tone(fileExtension: "wav", codec: "pcm_s16le"))
        let second = try MediaFactory.clip(Self.tone(fileExtension: "flac", codec: "flac"))
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
        var connected: IPCTestClient?
        XCTAssertTrue(poll(timeout: .seconds(10)) {
            connected = try? IPCTestClient(path: socket)
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

        let silence = Self.longestSilence(in: recording)
        let start = try XCTUnwrap(recording.firstSound())
        let heard = Double(recording.samples.count / 2) / Double(AudioCapture.sampleRate) + recording.startTime
        print("GaplessAudioBinaryTests: longest silence between the files \(String(format: "%.2f", silence * 1000)) ms")
        XCTAssertLessThanOrEqual(silence, 0.005, "a gap of \(silence * 1000) ms where the files join")
        XCTAssertGreaterThan(heard - start, 3.0, "the recording ends before both files were heard")
        XCTAssertTrue(recording.hasSound(from: start + 2.9, to: start + 2.95), "the end of the second file was not heard")

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
