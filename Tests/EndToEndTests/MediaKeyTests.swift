import Foundation
import TestSupport
import XCTest

/// The keyboard's media keys in the window, as X sends them (xdotool's XF86Audio* keys).
final class MediaKeyTests: XCTestCase {
    func testMediaKeysPauseChangeTheVolumeAndMoveOn() throws {
        try skipWithoutDisplay()
        let clips = try [20.0, 21.0].map { try MediaFactory.clip(.av(seconds: $0)) }
        let player = try PlayerSession(clip: clips[1], arguments: ["--pause", clips[0].path], title: clips[0].lastPathComponent)
        let ipc = try XCTUnwrap(player.ipc)

        try Screen.key(window: player.window, "XF86AudioPlay")
        XCTAssertTrue(poll { (try? ipc.bool("pause")) == false }, "the play key did not play")
        try Screen.key(window: player.window, "XF86AudioPause")
        XCTAssertTrue(poll { (try? ipc.bool("pause")) == true }, "the pause key did not pause")
        try Screen.key(window: player.window, "XF86AudioLowerVolume")
        XCTAssertTrue(poll { (try? ipc.double("volume")) == 98 }, "volume down did not take 2 off")
        try Screen.key(window: player.window, "XF86AudioRaiseVolume", "XF86AudioRaiseVolume")
        XCTAssertTrue(poll { (try? ipc.double("volume")) == 102 }, "volume up did not add 2 twice")
        try Screen.key(window: player.window, "XF86AudioMute")
        XCTAssertTrue(poll { (try? ipc.bool("mute")) == true }, "the mute key did not mute")
        try Screen.key(window: player.window, "XF86AudioNext")
        XCTAssertTrue(poll(timeout: .seconds(10)) { (try? ipc.property("playlist-pos") as? Int) == 1 }, "next did not move on")
        try Screen.key(window: player.window, "XF86AudioPrev")
        XCTAssertTrue(poll(timeout: .seconds(10)) { (try? ipc.property("playlist-pos") as? Int) == 0 }, "previous did not go back")
        try Screen.key(window: player.window, "XF86AudioStop")
        XCTAssertEqual(player.process.waitForExit(timeout: .seconds(10)).status, 0, "stop did not quit")
    }

    func testMediaKeysAreRebindableInInputConf() throws {
        try skipWithoutDisplay()
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("vplay-media-keys-\(UUID().uuidString)")
        let directory = home.appendingPathComponent("vplay")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        try "PLAY add volume -10\nVOLUME_UP ignore\n".write(to: directory.appendingPathComponent("input.conf"),
                                                            atomically: true, encoding: .utf8)
        let player = try PlayerSession(clip: try Clips.av(seconds: 20), arguments: ["--pause"],
                                       environment: ["XDG_CONFIG_HOME": home.path])
        let ipc = try XCTUnwrap(player.ipc)
        try Screen.key(window: player.window, "XF86AudioPlay")
        XCTAssertTrue(poll { (try? ipc.double("volume")) == 90 }, "the rebound play key did not lower the volume")
        try Screen.key(window: player.window, "XF86AudioRaiseVolume")
        // An unbound key does nothing; the IPC round trip after it shows the key was handled.
        try Screen.key(window: player.window, "XF86AudioMute")
        XCTAssertTrue(poll { (try? ipc.bool("mute")) == true })
        XCTAssertEqual(try ipc.double("volume"), 90)
        XCTAssertTrue(try ipc.bool("pause"), "the rebound play key still played")
    }
}
