import Foundation
import TestSupport
import XCTest

/// `--screen` and `--fs-screen` on a private X server with two screens, 1920×1080 and
/// 1280×720. SDL 2 sees no RandR 1.5 monitors (`xrandr --setmonitor`) and, under Xinerama,
/// Xvfb has no RandR at all; two X screens are what gives it two displays here. Both start at
/// (0, 0) in SDL's coordinates, so a window opened centred on a display tells which one by
/// where it lands: (640, 360) on the first, (320, 180) on the second, for the 640×360 clip.
/// Full screen itself needs a window manager (none runs under Xvfb); what `--fs-screen` does
/// first, moving the window onto its monitor, is what is checked; `all` spans the window itself.
final class ScreenOptionBinaryTests: XCTestCase {
    private static let displays = [PixelRect(x: 0, y: 0, width: 1920, height: 1080),
                                   PixelRect(x: 0, y: 0, width: 1280, height: 720)]
    private var server: RunningProcess?
    private var display = ""

    override func setUpWithError() throws {
        try skipWithoutDisplay()
        let server = try ChildProcess.launch("Xvfb", ["-displayfd", "1", "-nolisten", "tcp", "-noreset",
                                                       "-screen", "0", "1920x1080x24", "-screen", "1", "1280x720x24"])
        self.server = server
        XCTAssertTrue(server.waitForOutput(containing: "\n", timeout: .seconds(20)), "Xvfb did not start")
        let number = String(decoding: server.outputSoFar(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        display = ":" + number
        XCTAssertNotNil(Int(number), "Xvfb reported '\(number)'")
    }

    override func tearDown() {
        server?.terminate()
        server?.waitForExit(timeout: .seconds(5))
    }

    /// A player on the private server, its window, and its stderr so far.
    private struct Player {
        let process: RunningProcess
        let window: String
        let socket: String
    }

    private func player(_ arguments: [String], title: String) throws -> Player {
        let socket = "/tmp/vplay-e2e-\(getpid())-\(UUID().uuidString.prefix(8)).sock"
        let process = try BinaryRunner.launch(["--pause", "--title=\(title)", "--input-ipc-server=\(socket)"] + arguments
                                                  + [try MediaFactory.clip(.squareOnGrey()).path],
                                              environment: ["DISPLAY": display])
        let found = try ChildProcess.run("xdotool", ["search", "--sync", "--onlyvisible", "--name", "^\(title)$"],
                                         environment: ["DISPLAY": display], timeout: .seconds(20))
        guard found.succeeded, let window = found.outputText.split(separator: "\n").first else {
            process.terminate()
            let result = process.waitForExit(timeout: .seconds(3))
            throw EndToEndError(description: "no window '\(title)' on \(display); player: \(result.errorText)")
        }
        return Player(process: process, window: String(window), socket: socket)
    }

    private func geometry(_ window: String) throws -> PixelRect {
        let shell = try ChildProcess.run("xdotool", ["getwindowgeometry", "--shell", window],
                                         environment: ["DISPLAY": display], timeout: .seconds(10)).requireSuccess().outputText
        var values: [String: Int] = [:]
        for line in shell.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { values[String(parts[0])] = Int(parts[1]) }
        }
        return PixelRect(x: values["X"] ?? -1, y: values["Y"] ?? -1, width: values["WIDTH"] ?? 0, height: values["HEIGHT"] ?? 0)
    }

    /// Where a `width`×`height` window centred on display `index` goes.
    private static func centered(on index: Int, width: Int = 640, height: Int = 360) -> PixelRect {
        let bounds = displays[index]
        return PixelRect(x: bounds.x + (bounds.width - width) / 2, y: bounds.y + (bounds.height - height) / 2,
                         width: width, height: height)
    }

    private func assertInside(_ frame: PixelRect, display index: Int, file: StaticString = #filePath, line: UInt = #line) {
        let bounds = Self.displays[index]
        XCTAssertTrue(frame.x >= bounds.x && frame.y >= bounds.y && frame.x + frame.width <= bounds.x + bounds.width
                      && frame.y + frame.height <= bounds.y + bounds.height,
                      "\(frame) is not inside display \(index) \(bounds)", file: file, line: line)
    }

    private func quit(_ player: Player) -> String {
        player.process.terminate()
        unlink(player.socket)
        return player.process.waitForExit(timeout: .seconds(5)).errorText
    }

    func testScreenOpensTheWindowOnTheChosenMonitor() throws {
        let second = try player(["--screen=1"], title: "screen-one")
        let frame = try geometry(second.window)
        XCTAssertEqual(frame, Self.centered(on: 1), "--screen=1 did not open the window on the second display")
        assertInside(frame, display: 1)
        XCTAssertEqual(quit(second), "", "a screen that exists needs no message")

        let first = try player(["--screen=default"], title: "screen-default")
        XCTAssertEqual(try geometry(first.window), Self.centered(on: 0))
        _ = quit(first)
    }

    func testAScreenThatDoesNotExistWarnsOnceAndUsesTheDefault() throws {
        let player = try player(["--screen=2", "--fs-screen=7"], title: "screen-missing")
        let frame = try geometry(player.window)
        XCTAssertEqual(frame, Self.centered(on: 0), "the window did not open on the default display")
        let ipc = try IPCClient(path: player.socket)
        _ = try ipc.command(["set_property", "fullscreen", true])
        XCTAssertEqual(try ipc.property("fullscreen") as? Bool, true)
        XCTAssertEqual(try geometry(player.window).x, frame.x, "full screen moved the window to a display that does not exist")
        let errors = quit(player).split(separator: "\n")
        XCTAssertEqual(errors.filter { $0.contains("--screen=2") }.count, 1, "\(errors)")
        XCTAssertEqual(errors.filter { $0.contains("--fs-screen=7") }.count, 1, "\(errors)")
        XCTAssertEqual(errors.count, 2, "\(errors)")
    }

    func testFullScreenGoesToTheFsScreen() throws {
        let starting = try player(["--fs", "--fs-screen=1"], title: "fs-screen-start")
        let opened = try geometry(starting.window), expected = Self.centered(on: 1)
        XCTAssertEqual([opened.x, opened.y], [expected.x, expected.y],
                       "--fs --fs-screen=1 did not open the window on the second display")
        _ = quit(starting)

        let player = try player(["--fs-screen=1"], title: "fs-screen-toggle")
        XCTAssertEqual(try geometry(player.window), Self.centered(on: 0), "a window opens on the default display")
        let ipc = try IPCClient(path: player.socket)
        _ = try ipc.command(["set_property", "fullscreen", true])
        var frame = PixelRect(x: -1, y: -1, width: 0, height: 0)
        XCTAssertTrue(try poll(timeout: .seconds(5)) {
            frame = try self.geometry(player.window)
            return frame.x == Self.centered(on: 1).x && frame.y == Self.centered(on: 1).y
        }, "full screen did not move the window onto the second display: \(frame)")
        assertInside(frame, display: 1)
        _ = quit(player)
    }

    func testFullScreenOnAllScreensSpansThemAndComesBack() throws {
        let player = try player(["--fs-screen=all"], title: "fs-screen-all")
        let normal = try geometry(player.window)
        let ipc = try IPCClient(path: player.socket)
        _ = try ipc.command(["set_property", "fullscreen", true])
        // Both displays start at (0, 0): together they cover the larger one.
        let union = Self.displays[0]
        var frame = normal
        XCTAssertTrue(try poll(timeout: .seconds(5)) {
            frame = try self.geometry(player.window)
            return frame == union
        }, "--fs-screen=all did not cover every display: \(frame)")
        _ = try ipc.command(["set_property", "fullscreen", false])
        XCTAssertTrue(try poll(timeout: .seconds(5)) {
            frame = try self.geometry(player.window)
            return frame == normal
        }, "leaving full screen did not bring the window back to \(normal): \(frame)")
        _ = quit(player)
    }
}
