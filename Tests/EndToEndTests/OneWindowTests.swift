import Foundation
import TestSupport
import XCTest

/// One window for the whole run: the idle window, each file of the playlist and the idle window
/// again are the same X window, retitled and redrawn, never closed and opened again.
final class OneWindowTests: XCTestCase {
    private var directory: URL!
    private var socketPath: String!

    override func setUpWithError() throws {
        try skipWithoutDisplay()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("vplay-onewindow-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        socketPath = "/tmp/vplay-onewindow-\(getpid())-\(UUID().uuidString.prefix(8)).sock"
        addTeardownBlock { [directory, socketPath] in
            try? FileManager.default.removeItem(at: directory!)
            unlink(socketPath!)
        }
    }

    /// The player with `arguments`, with a state folder of the test's own (no watch history from
    /// elsewhere) and a connection to its socket.
    private func launch(_ arguments: [String]) throws -> (process: RunningProcess, ipc: () throws -> IPCClient) {
        let process = try BinaryRunner.launch(["--input-ipc-server=\(socketPath!)"] + arguments,
                                              environment: ["XDG_STATE_HOME": directory.appendingPathComponent("state").path])
        addTeardownBlock {
            process.terminate()
            process.waitForExit(timeout: .seconds(5))
        }
        return (process, { [socketPath] in try IPCClient(path: socketPath!) })
    }

    /// The visible window titled `title`, failing the test with the player's stderr if none shows.
    private func window(titled title: String, process: RunningProcess, timeout: Duration = .seconds(15)) throws -> String {
        guard let window = try Screen.findWindow(name: title, timeout: timeout) else {
            process.terminate()
            throw EndToEndError(description: "no window titled '\(title)'; stderr: \(process.waitForExit(timeout: .seconds(3)).errorText)")
        }
        return window
    }

    func testTheIdleWindowPlaysAFileAndComesBackInTheSameWindow() throws {
        let clip = try MediaFactory.clip(.av(seconds: 2, width: 480, height: 270))
        let (process, connect) = try launch([])
        let idle = try window(titled: "vplay", process: process, timeout: PlayerSession.windowTimeout)
        let ipc = try connect()
        _ = try ipc.command(["loadfile", clip.path])
        XCTAssertEqual(try window(titled: clip.lastPathComponent, process: process), idle,
                       "the file plays in a window of its own")
        XCTAssertTrue(poll(timeout: .seconds(20)) { (try? ipc.property("idle-active")) as? Bool == true },
                      "not idle after the file's end")
        XCTAssertEqual(try window(titled: "vplay", process: process), idle, "the idle window came back as another window")
        XCTAssertTrue(process.isRunning)
    }

    func testWithIdleEveryEntryAndTheIdleWindowAfterThemShareTheFirstWindow() throws {
        let first = try MediaFactory.clip(.av(seconds: 3))
        let second = try MediaFactory.clip(.av(seconds: 2, width: 480, height: 270))
        // Paused: each entry stays until the test moves on, however slow the machine.
        let (process, connect) = try launch(["--idle", "--pause", first.path, second.path])
        let shown = try window(titled: first.lastPathComponent, process: process, timeout: PlayerSession.windowTimeout)
        let ipc = try connect()
        XCTAssertTrue(poll(timeout: .seconds(15)) { (try? ipc.property("path")) as? String == first.path })

        _ = try ipc.command(["playlist-next"])
        XCTAssertTrue(poll(timeout: .seconds(15)) { (try? ipc.property("path")) as? String == second.path }, "the second is not next")
        XCTAssertEqual(try window(titled: second.lastPathComponent, process: process), shown,
                       "the next entry plays in a new window")
        XCTAssertTrue(poll(timeout: .seconds(10)) { (try? Screen.windowGeometry(shown))?.width == 480 },
                      "the window is not sized for the second entry's picture")

        _ = try ipc.command(["set_property", "pause", false])
        XCTAssertTrue(poll(timeout: .seconds(20)) { (try? ipc.property("idle-active")) as? Bool == true },
                      "not idle after the last entry's end")
        XCTAssertEqual(try window(titled: "vplay", process: process), shown, "the idle window is a new window")
        XCTAssertTrue(process.isRunning)
    }

    /// Fullscreen, the pointer hides with the bar while a file plays; the idle window after it
    /// has buttons to click, so the pointer shows there again without being moved.
    func testThePointerHiddenWhilePlayingShowsOnTheIdleWindowAfter() throws {
        let clip = try MediaFactory.clip(.squareOnGrey(seconds: 6))
        let (process, connect) = try launch(["--idle=yes", "--fs", clip.path])
        let window = try window(titled: clip.lastPathComponent, process: process, timeout: PlayerSession.windowTimeout)
        let ipc = try connect()
        let frame = try Screen.windowGeometry(window)
        // Over the top left corner: the grey picture, later the idle window's dark background.
        try Screen.mouseMove(window: window, x: 30, y: 30)
        let corner = (x: frame.x + 16, y: frame.y + 16)
        XCTAssertTrue(try poll(timeout: .seconds(10)) { try Screen.showsPointer(x: corner.x, y: corner.y) }, "the pointer never showed")
        XCTAssertTrue(try poll(timeout: .seconds(10)) { !(try Screen.showsPointer(x: corner.x, y: corner.y)) },
                      "the pointer never hid with the bar")
        XCTAssertEqual(try ipc.property("idle-active") as? Bool, false, "the file ended before the test could see the pointer hide")
        XCTAssertTrue(poll(timeout: .seconds(20)) { (try? ipc.property("idle-active")) as? Bool == true }, "not idle after the file's end")
        XCTAssertTrue(try poll(timeout: .seconds(5)) { try Screen.showsPointer(x: corner.x, y: corner.y) },
                      "the idle window keeps the pointer hidden")
    }
}
