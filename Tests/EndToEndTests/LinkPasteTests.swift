import Foundation
import TestSupport
import XCTest

/// Links from outside the window, given as a person gives them: put on the X clipboard by
/// xclip and pasted with Ctrl+V (Ctrl+Shift+V appends), or dragged as text and dropped
/// (python/xdnd_drop.py offering `text/plain`, which SDL turns into SDL_DROPTEXT).
final class LinkPasteTests: XCTestCase {
    override func setUpWithError() throws {
        try skipWithoutDisplay()
        try XCTSkipIf(ChildProcess.locate("xclip") == nil, "needs xclip (Debian package, in the Makefile's APT_PACKAGES)")
    }

    /// Owns the clipboard with `text`: xclip in the foreground serves it until the test ends
    /// (or the next call takes over), once `xclip -o` reads it back.
    private func setClipboard(_ text: String) throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("vplay-clipboard-\(UUID().uuidString)")
        try text.write(to: file, atomically: true, encoding: .utf8)
        let owner = try ChildProcess.launch("xclip", ["-quiet", "-selection", "clipboard", "-i", file.path])
        addTeardownBlock {
            owner.terminate()
            owner.waitForExit(timeout: .seconds(5))
            try? FileManager.default.removeItem(at: file)
        }
        let served = try poll(timeout: .seconds(10)) {
            let read = try ChildProcess.run("xclip", ["-o", "-selection", "clipboard"], timeout: .seconds(5))
            return read.succeeded && String(decoding: read.standardOutput, as: UTF8.self) == text
        }
        XCTAssertTrue(served, "xclip does not serve the clipboard")
    }

    func testCtrlVPlaysTheURLInTheClipboardAndCtrlShiftVAppends() throws {
        let fixture = try NetworkFixture.shared()
        let url = fixture.server.url("clip.mp4")
        let local = try MediaFactory.clip(.av(seconds: 6))
        // Each file loops, so the one pasted still plays when the appended one is checked.
        let player = try PlayerSession(clip: try MediaFactory.clip(.av(seconds: 20)), arguments: ["--loop-file=inf"])
        let ipc = try XCTUnwrap(player.ipc)
        XCTAssertTrue(try poll(timeout: .seconds(10)) { try ipc.double("time-pos") > 0.5 }, "the first file does not play")

        try setClipboard(url + "\n")
        try Screen.key(window: player.window, "ctrl+v")
        XCTAssertTrue(try poll(timeout: .seconds(20)) { try ipc.property("path") as? String == url },
                      "Ctrl+V did not play the clipboard's URL: path \(String(describing: try? ipc.property("path")))")
        XCTAssertEqual(try ipc.double("duration"), fixture.media.seconds, accuracy: 0.1)

        let count = try XCTUnwrap(try ipc.property("playlist-count") as? Int)
        try setClipboard(local.path)
        try Screen.key(window: player.window, "ctrl+V")
        XCTAssertTrue(try poll(timeout: .seconds(10)) { try ipc.property("playlist-count") as? Int == count + 1 },
                      "Ctrl+Shift+V did not append the clipboard's path")
        let last = try XCTUnwrap((try ipc.property("playlist") as? [[String: Any]])?.last)
        XCTAssertEqual(last["filename"] as? String, local.path)
        XCTAssertEqual(try ipc.property("path") as? String, url, "appending replaced the file playing")
    }

    func testALinkDroppedAsTextPlays() throws {
        let fixture = try NetworkFixture.shared()
        let url = fixture.server.url("clip.mp4")
        let player = try PlayerSession(clip: try MediaFactory.clip(.av(seconds: 20)))
        let ipc = try XCTUnwrap(player.ipc)
        XCTAssertTrue(try poll(timeout: .seconds(10)) { try ipc.double("time-pos") > 0.5 }, "the first file does not play")
        let script = BinaryRunner.packageRoot.appendingPathComponent("Tests/EndToEndTests/python/xdnd_drop.py")
        let result = try ChildProcess.run(DropFileTests.python, [script.path, player.window, url, "--text"], timeout: .seconds(30))
        XCTAssertTrue(result.succeeded, "xdnd_drop: status \(result.status), \(result.errorText)")
        XCTAssertTrue(try poll(timeout: .seconds(20)) { try ipc.property("path") as? String == url },
                      "the dropped link did not play: path \(String(describing: try? ipc.property("path")))")
    }
}
