import Foundation
import Glibc
import TestSupport
import XCTest

/// Opening a file happens beside the control surfaces: the socket answers while a source is
/// slow to open, a quit gives the open up, and a file that cannot be played says why in
/// `end-file`.
final class OpeningBinaryTests: XCTestCase {
    private func socketPath() -> String {
        "/tmp/vplay-open-\(getpid())-\(UUID().uuidString.prefix(8)).sock"
    }

    private func connect(_ path: String, timeout: Duration = .seconds(10)) throws -> IPCClient {
        try IPCClient(path: path, timeout: timeout)
    }

    /// A FIFO no one writes to never opens: the player answers meanwhile and quits at once.
    func testQuitWhileASourceIsStillOpeningEndsAtOnce() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vplay-fifo-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("never.mkv").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let path = socketPath()
        defer { unlink(path) }
        let process = try BinaryRunner.launch(["--input-ipc-server=\(path)", "--really-quiet", fifo])
        let client = try connect(path)
        let reply = try client.command("get_property", "time-pos")
        XCTAssertEqual(reply["error"], "property unavailable", "nothing is open yet")
        let quitAt = ContinuousClock.now
        _ = try client.sendCommand(["quit"])
        let result = process.waitForExit(timeout: .seconds(5))
        XCTAssertFalse(result.timedOut, "still opening after quit")
        XCTAssertLessThan((ContinuousClock.now - quitAt).inSeconds, 2)
        XCTAssertEqual(result.status, 0, result.errorText)
    }

    func testLoadfileOfAFileThatCannotPlayEndsWithItsErrorAndPlaybackGoesOn() throws {
        let player = try IPCTestPlayer.launch(clip: try MediaFactory.clip(IPCBinaryTests.clip), paused: false)
        let client = try player.connect()
        let broken = try MediaFactory.text("not a video", fileExtension: "mp4")
        let mark = client.messages.count
        XCTAssertTrue(try client.command("loadfile", .string(broken.path)).isSuccess)
        let ended = try XCTUnwrap(client.waitFor(after: mark, timeout: .seconds(5)) { $0["event"] == "end-file" },
                                  "no end-file event")
        XCTAssertEqual(ended["reason"], "error")
        XCTAssertNotNil(ended["file_error"]?.string, "\(ended)")
        XCTAssertNotNil(client.messages[mark...].first { $0["event"] == "start-file" }, "no start-file event")
        let position = try client.double("time-pos")
        try client.waitForTimePos(atLeast: position + 0.3)
    }
}
