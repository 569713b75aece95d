import Foundation
import TestSupport
import VPlayView
import XCTest

/// The idle window through the real binary: started with no file it waits with the Open
/// button; the button (and Ctrl+O) runs the file chooser and plays what was chosen as the
/// playlist; `loadfile` and a drop play; `--idle` comes back to it after the last file and
/// on `stop`. The chooser here is a stand-in zenity on PATH that answers with two files.
final class IdleWindowTests: XCTestCase {
    private var directory: URL!
    private var socketPath: String!

    override func setUpWithError() throws {
        try skipWithoutDisplay()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("vplay-idle-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        socketPath = "/tmp/vplay-idle-\(getpid())-\(UUID().uuidString.prefix(8)).sock"
        addTeardownBlock { [directory, socketPath] in
            try? FileManager.default.removeItem(at: directory!)
            unlink(socketPath!)
        }
    }

    /// A zenity that records its arguments and answers with `files`, one a line, as zenity does.
    private func standInZenity(answering files: [URL]) throws -> (path: String, arguments: URL) {
        let bin = directory.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let arguments = directory.appendingPathComponent("zenity-arguments")
        let script = bin.appendingPathComponent("zenity")
        let lines = files.map { "printf '%s\\n' '\($0.path)'" }.joined(separator: "\n")
        try "#!/bin/sh\nprintf '%s\\n' \"$@\" > '\(arguments.path)'\n\(lines)\n".write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        let path = bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        return (path, arguments)
    }

    /// A state folder of the test's own: no watch history from elsewhere lists files in the
    /// window (and moves its button), and none is left behind.
    private var privateState: [String: String] {
        ["XDG_STATE_HOME": directory.appendingPathComponent("state").path]
    }

    /// The player with no file, its window and a connection to its socket.
    private func launchIdle(_ arguments: [String] = [], environment: [String: String] = [:]) throws
        -> (process: RunningProcess, window: String, ipc: IPCClient) {
        let process = try BinaryRunner.launch(["--input-ipc-server=\(socketPath!)"] + arguments,
                                              environment: privateState.merging(environment) { $1 })
        addTeardownBlock {
            process.terminate()
            process.waitForExit(timeout: .seconds(5))
        }
        guard let window = try Screen.findWindow(name: "vplay", timeout: PlayerSession.windowTimeout) else {
            process.terminate()
            throw EndToEndError(description: "no idle window; stderr: \(process.waitForExit(timeout: .seconds(3)).errorText)")
        }
        return (process, window, try IPCClient(path: socketPath))
    }

    private func openButtonCenter(in window: String) throws -> (x: Int, y: Int) {
        let geometry = try Screen.windowGeometry(window)
        let layout = IdleLayout(windowSize: OverlaySize(width: Double(geometry.width), height: Double(geometry.height)))
        return (Int(layout.openButton.midX), Int(layout.openButton.midY))
    }

    func testWithNoFileTheWindowWaitsWithTheOpenButton() throws {
        let (process, window, ipc) = try launchIdle()
        XCTAssertEqual(try ipc.property("idle-active") as? Bool, true)
        // Still there a moment later: waiting, not failing.
        XCTAssertFalse(poll(timeout: .seconds(1)) { !process.isRunning }, "quit with no file")
        let image = try Screen.capture(window: window)
        let button = try openButtonCenter(in: window)
        let buttonColour = image.pixel(x: button.x, y: button.y - 8)
        let background = image.pixel(x: 10, y: 10)
        XCTAssertGreaterThan(Int(buttonColour.b), Int(buttonColour.r) + 60, "no blue button at \(button): \(buttonColour)")
        XCTAssertLessThan(image.brightness(x: 10, y: 10), 40, "the background is not dark: \(background)")
        if ProcessInfo.processInfo.environment["VPLAY_ARTIFACTS"] != nil {
            try image.savePNG(to: URL(fileURLWithPath: "/tmp/vplay-artifacts/idle.png"))
        }
    }

    func testTheOpenButtonPlaysTheChosenFilesAsThePlaylist() throws {
        let first = try MediaFactory.clip(.av(seconds: 6))
        let second = try MediaFactory.clip(.av(seconds: 5, width: 480, height: 270))
        let zenity = try standInZenity(answering: [first, second])
        let (_, window, ipc) = try launchIdle(environment: ["PATH": zenity.path])
        let button = try openButtonCenter(in: window)
        try Screen.click(window: window, x: button.x, y: button.y)

        XCTAssertTrue(poll(timeout: .seconds(15)) { (try? ipc.property("path")) as? String == first.path },
                      "the first chosen file does not play: path \(String(describing: try? ipc.property("path")))")
        XCTAssertEqual(try ipc.property("playlist-count") as? Int, 2)
        XCTAssertEqual(try ipc.property("idle-active") as? Bool, false)
        let asked = try String(contentsOf: zenity.arguments, encoding: .utf8)
        XCTAssertTrue(asked.contains("--multiple"), "zenity was not asked for several files: \(asked)")
        _ = try ipc.command(["playlist-next"])
        XCTAssertTrue(poll(timeout: .seconds(15)) { (try? ipc.property("path")) as? String == second.path }, "the second is not next")
    }

    func testCtrlOWhilePlayingReplacesThePlaylist() throws {
        let playing = try MediaFactory.clip(.av(seconds: 20))
        let chosen = try MediaFactory.clip(.av(seconds: 5, width: 480, height: 270))
        let zenity = try standInZenity(answering: [chosen])
        let process = try BinaryRunner.launch(["--input-ipc-server=\(socketPath!)", playing.path],
                                              environment: privateState.merging(["PATH": zenity.path]) { $1 })
        addTeardownBlock { process.terminate(); process.waitForExit(timeout: .seconds(5)) }
        let window = try XCTUnwrap(try Screen.findWindow(name: playing.lastPathComponent, timeout: PlayerSession.windowTimeout))
        let ipc = try IPCClient(path: socketPath)
        try Screen.key(window: window, "ctrl+o")
        XCTAssertTrue(poll(timeout: .seconds(15)) { (try? ipc.property("path")) as? String == chosen.path }, "Ctrl+O did not open the chosen file")
        XCTAssertEqual(try ipc.property("playlist-count") as? Int, 1)
    }

    func testWithoutAChooserTheWindowSaysHowToOpenAFile() throws {
        // PATH with no zenity: the message appears under the hint, where the window was plain.
        let (_, window, ipc) = try launchIdle(environment: ["PATH": directory.path + ":/nonexistent"])
        let geometry = try Screen.windowGeometry(window)
        let layout = IdleLayout(windowSize: OverlaySize(width: Double(geometry.width), height: Double(geometry.height)))
        let row = PixelRect(x: 0, y: Int(layout.messageCenter.y) - 8, width: geometry.width, height: 16)
        let before = try Screen.capture(window: window)
        try Screen.key(window: window, "ctrl+o")
        XCTAssertTrue(try poll(timeout: .seconds(10)) {
            try Screen.capture(window: window).maxChannel(row) > before.maxChannel(row) + 60
        }, "no message under the hint")
        XCTAssertEqual(try ipc.property("idle-active") as? Bool, true)
    }

    func testLoadfileOverIPCPlaysFromTheIdleWindow() throws {
        let clip = try MediaFactory.clip(.av(seconds: 6))
        let (_, _, ipc) = try launchIdle()
        _ = try ipc.command(["loadfile", clip.path])
        XCTAssertTrue(poll(timeout: .seconds(15)) { (try? ipc.property("path")) as? String == clip.path }, "loadfile did not play")
        XCTAssertGreaterThan(try ipc.double("duration"), 5)
    }

    func testWithIdleTheEndOfTheLastFileAndStopComeBackToTheIdleWindow() throws {
        let clip = try MediaFactory.clip(.av(seconds: 1))
        let process = try BinaryRunner.launch(["--input-ipc-server=\(socketPath!)", "--idle", clip.path],
                                              environment: privateState)
        addTeardownBlock { process.terminate(); process.waitForExit(timeout: .seconds(5)) }
        XCTAssertNotNil(try Screen.findWindow(name: clip.lastPathComponent, timeout: PlayerSession.windowTimeout))
        let ipc = try IPCClient(path: socketPath)
        XCTAssertTrue(poll(timeout: .seconds(15)) { (try? ipc.property("idle-active")) as? Bool == true }, "not idle after the end")
        XCTAssertTrue(process.isRunning)
        XCTAssertNotNil(try Screen.findWindow(name: "vplay", timeout: .seconds(10)), "the idle window has not its title")

        _ = try ipc.command(["loadfile", clip.path])
        XCTAssertTrue(poll(timeout: .seconds(15)) { (try? ipc.property("idle-active")) as? Bool == false })
        _ = try ipc.command(["set_property", "pause", true])
        _ = try ipc.command(["stop"])
        XCTAssertTrue(poll(timeout: .seconds(15)) { (try? ipc.property("idle-active")) as? Bool == true }, "stop did not go idle")
        XCTAssertTrue(process.isRunning)
    }

    func testWithIdleAFileThatCannotBeOpenedComesBackToTheIdleWindowWithItsError() throws {
        let missing = directory.appendingPathComponent("missing.mp4").path
        let (process, _, ipc) = try launchIdle(["--idle", missing])
        XCTAssertTrue(poll(timeout: .seconds(15)) { (try? ipc.property("idle-active")) as? Bool == true }, "not idle after the failure")
        XCTAssertTrue(process.isRunning)
        let clip = try MediaFactory.clip(.av(seconds: 6))
        _ = try ipc.command(["loadfile", clip.path])
        XCTAssertTrue(poll(timeout: .seconds(15)) { (try? ipc.property("path")) as? String == clip.path }, "loadfile did not play")
        _ = try ipc.command(["quit"])
        let result = process.waitForExit(timeout: .seconds(15))
        XCTAssertFalse(result.timedOut)
        XCTAssertTrue(result.errorText.contains("missing.mp4"), result.errorText)
    }

    func testWithoutIdleStopQuits() throws {
        let clip = try MediaFactory.clip(.av(seconds: 6))
        let player = try PlayerSession(clip: clip, arguments: ["--pause"])
        _ = try player.ipc?.command(["stop"])
        let result = player.process.waitForExit(timeout: .seconds(15))
        XCTAssertFalse(result.timedOut, "still running after stop")
        XCTAssertEqual(result.status, 0)
    }
}
