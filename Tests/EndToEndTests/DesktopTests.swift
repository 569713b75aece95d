import Foundation
import TestSupport
import XCTest

/// vplay as a desktop program: playlists and the user's configuration files.
final class DesktopTests: XCTestCase {
    func testAThreeFilePlaylistAdvancesToTheEnd() throws {
        try skipWithoutDisplay()
        let clips = try [1.0, 2.0, 1.0].map { try MediaFactory.clip(.av(seconds: $0)) }
        // Each file starts paused (`--pause` holds for every file), so no file can end unseen.
        // The session names its clip last on the command line: the list is 0, 1, 2.
        let player = try PlayerSession(clip: clips[2], arguments: ["--autoexit", "--pause", clips[0].path, clips[1].path],
                                       title: clips[0].lastPathComponent)
        let ipc = try XCTUnwrap(player.ipc)
        XCTAssertEqual(try ipc.property("playlist-count") as? Int, 3)
        var positions: [Int] = []
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline, let position = try? ipc.property("playlist-pos") as? Int {
            if positions.last != position {
                positions.append(position)
                _ = try? ipc.command(["set_property", "pause", false])
            }
            usleep(50_000)
        }
        // The connection closes when the last file ends and the player exits.
        XCTAssertEqual(positions, [0, 1, 2])
        XCTAssertEqual(player.process.waitForExit(timeout: .seconds(5)).status, 0)
    }

    func testLoopPlaylistGoesBackToTheFirstFile() throws {
        try skipWithoutDisplay()
        let clips = try [1.0, 1.5].map { try MediaFactory.clip(.av(seconds: $0)) }
        let player = try PlayerSession(clip: clips[1], arguments: ["--loop-playlist", clips[0].path], title: clips[0].lastPathComponent)
        let ipc = try XCTUnwrap(player.ipc)
        var positions: [Int] = []
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, positions.count < 3 {
            if let position = try? ipc.property("playlist-pos") as? Int, positions.last != position { positions.append(position) }
            usleep(50_000)
        }
        XCTAssertEqual(positions, [0, 1, 0])
        XCTAssertTrue(player.process.isRunning)
    }

    func testTheConfigFileAndInputConfChangeBehaviour() throws {
        try skipWithoutDisplay()
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("vplay-config-\(UUID().uuidString)")
        let directory = home.appendingPathComponent("vplay")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        try "# set by the test\nvolume=40\npause\n".write(to: directory.appendingPathComponent("vplay.conf"),
                                                        atomically: true, encoding: .utf8)
        try "x quit 7\n".write(to: directory.appendingPathComponent("input.conf"), atomically: true, encoding: .utf8)
        let original = ProcessInfo.processInfo.environment["XDG_CONFIG_HOME"]
        setenv("XDG_CONFIG_HOME", home.path, 1)
        defer { if let original { setenv("XDG_CONFIG_HOME", original, 1) } else { unsetenv("XDG_CONFIG_HOME") } }

        let player = try PlayerSession(clip: try MediaFactory.clip(.av(seconds: 4)))
        let ipc = try XCTUnwrap(player.ipc)
        XCTAssertEqual(try ipc.double("volume"), 40)
        XCTAssertTrue(try ipc.bool("pause"))
        try Screen.key(window: player.window, "x")
        XCTAssertEqual(player.process.waitForExit(timeout: .seconds(5)).status, 7)
    }
}
