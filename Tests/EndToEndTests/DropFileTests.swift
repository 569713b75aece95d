import Foundation
import TestSupport
import VPlayView
import XCTest

/// Files dropped on the window, dropped the way a file manager drops them: an XDND source
/// (python/xdnd_drop.py, on python3-xlib) offers the file as a `text/uri-list`, SDL turns the
/// drop into SDL_DROPFILE and the player opens the file.
final class DropFileTests: XCTestCase {
    static let python = "/usr/bin/python3"
    static let script = BinaryRunner.packageRoot.appendingPathComponent("Tests/EndToEndTests/python/xdnd_drop.py")
    /// Playing when the drop comes (A): 4:3 and 20 s long.
    static let playingClip = ClipSpec.av(seconds: 20)
    /// Dropped (B): 16:9 and 6 s long, so its size and length differ from A's.
    static let droppedClip = ClipSpec.av(seconds: 6, width: 480, height: 270)

    override func setUpWithError() throws {
        try skipWithoutDisplay()
        let probe = try ChildProcess.run(Self.python, ["-c", "import Xlib"], timeout: .seconds(20))
        try XCTSkipUnless(probe.succeeded, "needs python3-xlib for \(Self.python) (Debian package, in the Makefile's APT_PACKAGES)")
    }

    func testADroppedVideoPlaysInTheSameWindow() throws {
        let clipA = try MediaFactory.clip(Self.playingClip)
        // A name that must be percent-encoded in the URI (space, '#') comes back as it was.
        let directory = try temporaryDirectory()
        let clipB = directory.appendingPathComponent("dropped clip #2.mp4")
        try FileManager.default.copyItem(at: try MediaFactory.clip(Self.droppedClip), to: clipB)
        let player = try PlayerSession(clip: clipA)
        let ipc = try XCTUnwrap(player.ipc)
        // Well into A, so a frame number below 50 on screen can only be B's.
        XCTAssertTrue(try poll(timeout: .seconds(10)) { try ipc.double("time-pos") >= 4 }, "A does not play")

        try drop(clipB, on: player)

        guard try poll(timeout: .seconds(10), { try ipc.property("path") as? String == clipB.path }) else {
            return XCTFail("the drop did not open B: path is still \(String(describing: try? ipc.property("path")))")
        }
        XCTAssertEqual(try ipc.property("filename") as? String, clipB.lastPathComponent)
        XCTAssertEqual(try ipc.double("duration"), 6, accuracy: 0.1)
        XCTAssertEqual(try ipc.property("width") as? Int, 480)
        XCTAssertEqual(try ipc.property("playlist-pos") as? Int, 1, "a dropped file plays next")
        XCTAssertEqual(try ipc.property("playlist-count") as? Int, 2)
        // The same window, retitled and resized to B.
        XCTAssertEqual(try Screen.findWindow(name: clipB.lastPathComponent, timeout: .seconds(10)), player.window)
        XCTAssertTrue(try poll(timeout: .seconds(5)) {
            let frame = try Screen.windowGeometry(player.window)
            return (frame.width, frame.height) == (480, 270)
        }, "the window did not take B's size")
        // B plays: its early frames follow one another on screen.
        let box = PixelRect(Letterbox.fit(displayAspect: 16.0 / 9.0, inWidth: 480, height: 270))
        var frames: [Int] = []
        XCTAssertTrue(try poll(timeout: .seconds(5)) {
            if let frame = FramePattern.read(try Screen.capture(window: player.window), rect: box), frame < 50,
               frame > frames.last ?? -1 {
                frames.append(frame)
            }
            return frames.count >= 2
        }, "no advancing frame of B on screen (read \(frames))")
        XCTAssertFalse(try ipc.bool("pause"))
        XCTAssertTrue(player.process.isRunning)
    }

    func testDroppingAFileThatIsNotMediaReportsItAndKeepsPlaying() throws {
        let clipA = try MediaFactory.clip(Self.playingClip)
        let notes = try temporaryDirectory().appendingPathComponent("notes.txt")
        try "not a video\n".write(to: notes, atomically: true, encoding: .utf8)
        let player = try PlayerSession(clip: clipA)
        let ipc = try XCTUnwrap(player.ipc)
        XCTAssertTrue(try poll(timeout: .seconds(10)) { try ipc.double("time-pos") >= 3 }, "A does not play")
        let beforeDrop = try ipc.double("time-pos")

        try drop(notes, on: player)

        XCTAssertTrue(player.process.waitForOutput(containing: "vplay: cannot open '\(notes.path)'", on: .error,
                                                   timeout: .seconds(10)),
                      "no error line; stderr: \(String(decoding: player.process.outputSoFar(on: .error), as: UTF8.self))")
        XCTAssertTrue(player.process.isRunning, "the player quit")
        // A is the file playing, and it moves on.
        XCTAssertTrue(try poll(timeout: .seconds(10)) { try ipc.property("path") as? String == clipA.path })
        XCTAssertEqual(try ipc.double("duration"), 20, accuracy: 0.1)
        XCTAssertEqual(try Screen.findWindow(name: clipA.lastPathComponent, timeout: .seconds(5)), player.window)
        let first = try ipc.double("time-pos")
        XCTAssertGreaterThanOrEqual(first, beforeDrop, "A started over instead of playing on")
        XCTAssertTrue(try poll(timeout: .seconds(5)) { try ipc.double("time-pos") >= first + 1 }, "A stopped")
        XCTAssertFalse(try ipc.bool("pause"))
        XCTAssertEqual(try ipc.property("playlist-count") as? Int, 1, "the refused file joined the playlist")
    }

    func testADroppedSubtitleFileJoinsTheVideoPlaying() throws {
        let clipA = try MediaFactory.clip(Self.playingClip)
        let subtitles = try temporaryDirectory().appendingPathComponent("dropped words.srt")
        try ClipSpec.subRip([(0, 19, "Dropped words")]).write(to: subtitles, atomically: true, encoding: .utf8)
        let player = try PlayerSession(clip: clipA)
        let ipc = try XCTUnwrap(player.ipc)
        XCTAssertTrue(try poll(timeout: .seconds(10)) { try ipc.double("time-pos") >= 1 }, "A does not play")

        try drop(subtitles, on: player)

        XCTAssertTrue(try poll(timeout: .seconds(10)) { try ipc.property("sub-text") as? String == "Dropped words" },
                      "the dropped subtitles do not show; sub-text is \(String(describing: try? ipc.property("sub-text")))")
        let list = try XCTUnwrap(try ipc.property("track-list") as? [[String: Any]])
        let added = try XCTUnwrap(list.first { $0["type"] as? String == "sub" })
        XCTAssertEqual(added["external"] as? Bool, true)
        XCTAssertEqual(added["selected"] as? Bool, true)
        XCTAssertEqual(added["external-filename"] as? String, subtitles.path)
        XCTAssertEqual(try ipc.property("path") as? String, clipA.path, "the subtitle file replaced the video")
        XCTAssertEqual(try ipc.property("playlist-count") as? Int, 1)
        let position = try ipc.double("time-pos")
        XCTAssertTrue(try poll(timeout: .seconds(5)) { try ipc.double("time-pos") >= position + 0.5 }, "A stopped")
    }

    // MARK: - Helpers

    /// Drops `file` on the player's window (centre) and checks the target took it.
    private func drop(_ file: URL, on player: PlayerSession) throws {
        let result = try ChildProcess.run(Self.python, [Self.script.path, player.window, file.path], timeout: .seconds(30))
        XCTAssertTrue(result.succeeded, "xdnd_drop: status \(result.status), \(result.errorText)")
    }

    private func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("vplay-drop-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    /// Polls `condition` every 50 ms until it holds (true) or `timeout` passes (false).
}
