import Foundation
import TestSupport
import XCTest

/// vplay under an mpv client library that knows nothing about it: python-mpv-jsonipc
/// (`make setup` installs it into a venv at .build/python), used unmodified by
/// Tests/EndToEndTests/python/mpv_client_check.py, which prints a JSON summary.
final class MPVClientLibraryTests: XCTestCase {
    static let python = BinaryRunner.packageRoot.appendingPathComponent(".build/python/bin/python3")
    static let script = BinaryRunner.packageRoot.appendingPathComponent("Tests/EndToEndTests/python/mpv_client_check.py")

    func testPythonMPVJSONIPCDrivesThePlayer() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: Self.python.path),
                          "needs the Python venv with python-mpv-jsonipc at \(Self.python.path) (run `make setup`)")
        let player = try IPCTestPlayer.launch(clip: try MediaFactory.clip(IPCBinaryTests.clip), paused: false)
        let result = try ChildProcess.run(Self.python.path, [Self.script.path, player.socketPath],
                                          timeout: .seconds(45))
        let context = "stdout: \(result.outputText.suffix(3000))\nstderr: \(result.errorText.suffix(3000))"
        XCTAssertFalse(result.timedOut, context)
        let lastLine = try XCTUnwrap(result.outputText.split(separator: "\n").last, "no summary; \(context)")
        let summary = try XCTUnwrap(try JSONDecoder().decode(IPCJSON.self, from: Data(lastLine.utf8)).objectValue,
                                    "summary is not a JSON object; \(context)")

        // The script finished every step, with the installed library (not some other copy).
        XCTAssertEqual(summary["ok"], true, "failed at step \(summary["step"] ?? .null): \(summary["error"] ?? .null)\n\(context)")
        XCTAssertEqual(result.status, 0, context)
        XCTAssertTrue(summary["library_file"]?.string?.hasPrefix(BinaryRunner.packageRoot.appendingPathComponent(".build/python").path) ?? false,
                      "library loaded from \(summary["library_file"] ?? .null)")
        guard summary["ok"] == true else { return }

        // `duration` and `filename` read as attributes.
        XCTAssertEqual(summary["duration"]?.number ?? 0, 20, accuracy: 0.1)
        XCTAssertEqual(summary["filename"]?.string, player.clipName)
        // `mpv.pause = True` took effect and the observer saw playing, paused, playing.
        XCTAssertEqual(summary["pause_read_back"], true)
        XCTAssertEqual(summary["pause_after_unpause"], false)
        XCTAssertEqual(summary["pause_values"], [false, true, false])
        // `.command("seek", 2, "absolute+exact")` fired seek then playback-restart, and landed within a frame.
        // (A late playback-restart of the start itself may come first: it is not the seek's.)
        if case .array(let events)? = summary["events_after_seek"] {
            XCTAssertEqual(Array(events.drop { $0 != "seek" }), ["seek", "playback-restart"], "\(events)")
        } else {
            XCTFail("no events_after_seek in the summary")
        }
        XCTAssertEqual(summary["time_pos_after_seek"]?.number ?? -1, 2, accuracy: IPCBinaryTests.frameDuration)
        // The time-pos observer kept reporting while playing.
        XCTAssertGreaterThanOrEqual(summary["time_pos_values"]?.number ?? 0, 5)
        XCTAssertGreaterThanOrEqual(summary["time_pos_last"]?.number ?? 0, 2.5)
        XCTAssertTrue(player.process.isRunning, "the player exited when the library disconnected")
    }
}

extension IPCJSON {
    var objectValue: [String: IPCJSON]? {
        if case .object(let members) = self { return members }
        return nil
    }
}
