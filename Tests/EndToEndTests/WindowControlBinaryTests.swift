import Foundation
import TestSupport
import XCTest

/// What the window does, read from the X server: on top (`_NET_WM_STATE_ABOVE`), its size
/// after `window-scale` and `--autofit`, and picture-in-picture. The clip is 640×360.
final class WindowControlBinaryTests: XCTestCase {
    private func player(_ arguments: [String] = [], title: String = "window-controls") throws -> (PlayerSession, IPCClient) {
        try skipWithoutDisplay()
        let player = try PlayerSession(clip: try MediaFactory.clip(.squareOnGrey()),
                                       arguments: ["--pause", "--title=\(title)"] + arguments, displayAspect: 16.0 / 9.0,
                                       title: title)
        return (player, try XCTUnwrap(player.ipc))
    }

    private func windowState(_ window: String) throws -> String {
        try ChildProcess.run("xprop", ["-id", window, "_NET_WM_STATE"], timeout: .seconds(10)).requireSuccess().outputText
    }

    private func waitForSize(_ window: String, _ width: Int, _ height: Int) throws -> PixelRect? {
        var last: PixelRect?
        let reached = try poll(timeout: .seconds(5)) {
            last = try Screen.windowGeometry(window)
            return last?.width == width && last?.height == height
        }
        return reached ? last : nil
    }

    func testOntopAndTheTKeySetTheWindowAbove() throws {
        let (player, ipc) = try player()
        XCTAssertFalse(try windowState(player.window).contains("_NET_WM_STATE_ABOVE"))
        _ = try ipc.command(["set_property", "ontop", true])
        XCTAssertTrue(try poll(timeout: .seconds(3)) { try self.windowState(player.window).contains("_NET_WM_STATE_ABOVE") },
                      "ontop=yes did not set _NET_WM_STATE_ABOVE")
        try Screen.key(window: player.window, "T")
        XCTAssertTrue(try poll(timeout: .seconds(3)) { !(try self.windowState(player.window).contains("_NET_WM_STATE_ABOVE")) },
                      "T did not take the window off the top")
        XCTAssertEqual(try ipc.property("ontop") as? Bool, false)
    }

    func testOntopOptionStartsOnTop() throws {
        let (player, _) = try player(["--ontop"])
        XCTAssertTrue(try poll(timeout: .seconds(3)) { try self.windowState(player.window).contains("_NET_WM_STATE_ABOVE") })
    }

    func testWindowScaleAndItsKeysResizeTheWindow() throws {
        let (player, ipc) = try player()
        XCTAssertEqual(player.width, 640)
        _ = try ipc.command(["set_property", "window-scale", 0.5])
        XCTAssertNotNil(try waitForSize(player.window, 320, 180), "window-scale=0.5 did not halve the window")
        try Screen.key(window: player.window, "alt+2")
        XCTAssertNotNil(try waitForSize(player.window, 1280, 720), "Alt+2 did not double the window")
        try Screen.key(window: player.window, "alt+1")
        XCTAssertNotNil(try waitForSize(player.window, 640, 360), "Alt+1 did not bring the window back to the picture's size")
        XCTAssertThrowsError(try ipc.command(["set_property", "window-scale", 0]))
    }

    func testWindowScaleAndAutofitOptionsSizeTheFirstWindow() throws {
        let (scaled, _) = try player(["--window-scale=1.5"], title: "scaled")
        XCTAssertEqual([scaled.width, scaled.height], [960, 540])
        let (fitted, _) = try player(["--autofit=400x400"], title: "fitted")
        XCTAssertEqual([fitted.width, fitted.height], [400, 225])
    }

    func testPictureInPictureMakesASmallWindowOnTopAndBack() throws {
        let (player, ipc) = try player()
        let normal = try Screen.windowGeometry(player.window)
        let screen = try Screen.windowGeometry(try XCTUnwrap(Self.rootWindow()))
        try Screen.key(window: player.window, "alt+p")
        var small: PixelRect?
        XCTAssertTrue(try poll(timeout: .seconds(5)) {
            small = try Screen.windowGeometry(player.window)
            return small.map { $0.width < normal.width } ?? false
        }, "Alt+p did not make the window small")
        let corner = try XCTUnwrap(small)
        XCTAssertEqual(Double(corner.width) / Double(corner.height), 16.0 / 9.0, accuracy: 0.02)
        XCTAssertGreaterThan(corner.x + corner.width, screen.width - 64, "not in the right corner: \(corner)")
        XCTAssertGreaterThan(corner.y + corner.height, screen.height - 64, "not in the lower corner: \(corner)")
        XCTAssertTrue(try windowState(player.window).contains("_NET_WM_STATE_ABOVE"))
        XCTAssertEqual(try ipc.property("picture-in-picture") as? Bool, true)
        try Screen.key(window: player.window, "alt+p")
        XCTAssertNotNil(try waitForSize(player.window, normal.width, normal.height), "Alt+p again did not restore the window")
        XCTAssertFalse(try windowState(player.window).contains("_NET_WM_STATE_ABOVE"))
    }

    private static func rootWindow() throws -> String? {
        let text = try ChildProcess.run("xdotool", ["search", "--maxdepth", "0", "--name", ""], timeout: .seconds(10)).outputText
        return text.split(separator: "\n").first.map(String.init)
    }
}
