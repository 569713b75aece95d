import Foundation
import TestSupport
import XCTest

/// `audio-device` with PulseAudio null sinks: the sound moves to the sink chosen while playing
/// (heard at its monitor), goes on at the default when that sink is unloaded, and comes back
/// to it when it is loaded again; a name that does not exist gives one warning and the default.
final class AudioDeviceBinaryTests: XCTestCase {
    /// A null sink loaded for one test, its monitor recorded to a file.
    private final class ExtraSink {
        let name: String
        let capture: URL
        private let module: String
        private let recorder: RunningProcess

        init(name: String, directory: URL) throws {
            self.name = name
            module = try ChildProcess.run("pactl", ["load-module", "module-null-sink", "sink_name=\(name)", "rate=48000", "channels=2",
                                                    "sink_properties=device.description=\(name)-test"], timeout: .seconds(10))
                .requireSuccess().outputText.trimmingCharacters(in: .whitespacesAndNewlines)
            capture = directory.appendingPathComponent("\(name)-\(UUID().uuidString.prefix(6)).s16le")
            _ = FileManager.default.createFile(atPath: capture.path, contents: nil)
            // A reader keeps the sink running, as test-env.sh does for `vp`.
            recorder = try ChildProcess.launch("/bin/sh", ["-c", "exec parec --latency-msec=10 -d \(name).monitor --format=s16le --rate=48000 --channels=2 > '\(capture.path)'"])
            // A new null sink stalls the first stream on it for a second or two: as test-env.sh
            // does for `vp`, the reader runs 2.5 s first.
            _ = try AudioCapture.wait(for: capture, timeout: .seconds(10)) { $0.endTime >= 2.5 }
        }

        func unload() {
            _ = try? ChildProcess.run("pactl", ["unload-module", module], timeout: .seconds(10))
        }

        deinit {
            recorder.terminate()
            _ = recorder.waitForExit(timeout: .seconds(5))
            unload()
        }

        /// Waits for sound at the monitor after `from` seconds of its recording.
        func waitForSound(after from: Double, timeout: Duration = .seconds(10)) throws -> Double? {
            try AudioCapture.wait(for: capture, from: from, timeout: timeout) { $0.firstSound(after: from) != nil }?
                .firstSound(after: from)
        }
    }

    private var directory: URL!

    override func setUpWithError() throws {
        try skipWithoutDisplay()
        try XCTSkipIf(AudioCapture.environmentFile == nil, "needs the test environment's PulseAudio (scripts/test-env.sh)")
        try XCTSkipIf(ChildProcess.locate("pactl") == nil || ChildProcess.locate("parec") == nil, "needs pactl and parec")
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("vplay-devices-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }

    /// Waits until `time-pos` has moved on by `seconds`: playback goes on.
    private func waitForProgress(_ ipc: IPCClient, by seconds: Double, _ message: String) throws {
        let start = try ipc.double("time-pos")
        guard try poll(timeout: .seconds(10), interval: 0.05, { try ipc.double("time-pos") >= start + seconds }) else {
            return XCTFail("\(message): time-pos stuck at \(start)")
        }
    }

    /// Waits until sound and picture are together again (`avsync` within 50 ms), printing how far
    /// apart they were meanwhile.
    private func waitForSync(_ ipc: IPCClient, _ message: String) throws {
        var worst = 0.0, offset = 0.0
        let synced = try poll(timeout: .seconds(10), interval: 0.05) {
            offset = try ipc.double("avsync")
            worst = max(worst, abs(offset))
            return abs(offset) < 0.05
        }
        guard synced else { return XCTFail("\(message): avsync \(offset) s") }
        print("AudioDeviceBinaryTests: \(message): worst avsync seen \(Int(worst * 1000)) ms")
    }

    /// Waits until `audio-delay` reads `seconds`: the device playing now brought its own.
    private func waitForDelay(_ ipc: IPCClient, _ seconds: Double, _ message: String) throws {
        guard try poll(timeout: .seconds(5), interval: 0.05, { abs(try ipc.double("audio-delay") - seconds) <= 1e-9 }) else {
            return XCTFail("\(message): audio-delay \(try ipc.double("audio-delay")), not \(seconds)")
        }
    }

    func testTheSoundFollowsTheChosenSinkWhileItIsThere() throws {
        let main = try XCTUnwrap(AudioCapture.environmentFile)
        var second: ExtraSink? = try ExtraSink(name: "vpsecond", directory: directory)
        let player = try PlayerSession(clip: try Clips.av(seconds: 30))
        let ipc = try XCTUnwrap(player.ipc)
        defer { player.process.terminate() }
        XCTAssertNotNil(try AudioCapture.wait(for: main, from: try AudioCapture.duration(of: main), timeout: .seconds(10)) {
            $0.firstSound() != nil
        }, "no sound at the default sink")

        let list = try XCTUnwrap(try ipc.property("audio-device-list") as? [[String: Any]])
        XCTAssertEqual(list.first?["name"] as? String, "auto")
        XCTAssertTrue(list.contains { $0["name"] as? String == "pulse/vpsecond" && $0["description"] as? String == "vpsecond-test" },
                      "\(list)")

        // Chosen while playing: the sound arrives at its monitor, the position runs on in sync.
        var mark = try AudioCapture.duration(of: second!.capture)
        _ = try ipc.command(["set_property", "audio-device", "pulse/vpsecond"])
        XCTAssertNotNil(try second!.waitForSound(after: mark), "no sound at the sink chosen")
        try waitForProgress(ipc, by: 1, "on the sink chosen")
        try waitForSync(ipc, "after the move")

        // Each device keeps its delay: 200 ms here, none on the default.
        _ = try ipc.command(["set_property", "audio-delay", 0.2])
        _ = try ipc.command(["set_property", "audio-device", "auto"])
        try waitForDelay(ipc, 0, "back on the default")
        _ = try ipc.command(["set_property", "audio-device", "pulse/vpsecond"])
        try waitForDelay(ipc, 0.2, "on the sink chosen again")

        // Unloaded while playing: the default takes the sound, playback goes on.
        let mainMark = try AudioCapture.duration(of: main)
        second?.unload()
        XCTAssertNotNil(try AudioCapture.wait(for: main, from: mainMark, timeout: .seconds(10)) { $0.firstSound(after: mainMark) != nil },
                        "no sound at the default after the chosen sink went")
        try waitForProgress(ipc, by: 1, "after the sink went")
        try waitForSync(ipc, "after the sink went")
        XCTAssertEqual(try ipc.property("audio-device") as? String, "pulse/vpsecond", "still the choice")

        // Back again: it is the choice, so the sound goes there again.
        second = nil
        let again = try ExtraSink(name: "vpsecond", directory: directory)
        mark = try AudioCapture.duration(of: again.capture)
        XCTAssertNotNil(try again.waitForSound(after: mark), "the chosen sink came back but the sound did not go to it")
        try waitForProgress(ipc, by: 1, "back on the chosen sink")

        // `auto` follows the server's default.
        _ = try ipc.command(["set_property", "audio-device", "auto"])
        mark = try AudioCapture.duration(of: again.capture)
        _ = try ChildProcess.run("pactl", ["set-default-sink", "vpsecond"], timeout: .seconds(10)).requireSuccess()
        XCTAssertNotNil(try again.waitForSound(after: mark), "auto did not follow the new default sink")
        _ = try ChildProcess.run("pactl", ["set-default-sink", "vp"], timeout: .seconds(10)).requireSuccess()
        let backMark = try AudioCapture.duration(of: main)
        XCTAssertNotNil(try AudioCapture.wait(for: main, from: backMark, timeout: .seconds(10)) { $0.firstSound(after: backMark) != nil },
                        "auto did not follow the default back")

        _ = try? ipc.command(["quit"])
        let result = player.process.waitForExit(timeout: .seconds(10))
        XCTAssertFalse(result.timedOut, "did not quit")
    }

    func testANameThatDoesNotExistGivesOneWarningAndTheDefault() throws {
        let main = try XCTUnwrap(AudioCapture.environmentFile)
        let mark = try XCTUnwrap(AudioCapture.quietMark(of: main), "the sink never went quiet")
        let player = try PlayerSession(clip: try Clips.av(seconds: 3), arguments: ["--autoexit", "--audio-device=pulse/nosuchsink"])
        XCTAssertNotNil(try AudioCapture.wait(for: main, from: mark, timeout: .seconds(10)) { $0.firstSound(after: mark) != nil },
                        "no sound at the default sink")
        let result = player.process.waitForExit(timeout: .seconds(15))
        XCTAssertEqual(result.status, 0, result.errorText)
        XCTAssertEqual(result.errorText.split(separator: "\n").filter { $0.contains("nosuchsink") }.count, 1, result.errorText)
    }
}
