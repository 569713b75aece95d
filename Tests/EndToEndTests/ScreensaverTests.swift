import Foundation
import TestSupport
import XCTest

/// The X server's own screensaver (Xvfb's, set to start after 3 idle seconds) against vplay:
/// kept off while video plays, free to start when it is paused, with `--stop-screensaver=no`,
/// and for sound alone.
final class ScreensaverTests: XCTestCase {
    private static let script = BinaryRunner.packageRoot.appendingPathComponent("Tests/EndToEndTests/python/screensaver_state.py")
    /// The saver's own timeout in seconds, and how long a test watches it stay off.
    private static let idleSeconds = 3
    private static let watch = Duration.seconds(8)
    private var restoreSettings: [String] = []

    override func setUpWithError() throws {
        try skipWithoutDisplay()
        try XCTSkipIf(ChildProcess.locate("xset") == nil, "needs xset (run `make setup`)")
        try XCTSkipUnless(try state() != nil, "needs python3-xlib for /usr/bin/python3 (run `make setup`)")
        // The saver's settings belong to the whole display: put back what was there.
        let query = try ChildProcess.run("xset", ["q"], timeout: .seconds(10)).requireSuccess().outputText
        let words = query.split(whereSeparator: \.isWhitespace)
        if let index = words.firstIndex(of: "timeout:"), index + 3 < words.count {
            restoreSettings = ["s", String(words[index + 1]), String(words[index + 3])]
        } else {
            restoreSettings = ["s", "default"]
        }
    }

    override func tearDownWithError() throws {
        guard !restoreSettings.isEmpty else { return }
        _ = try? ChildProcess.run("xset", restoreSettings, timeout: .seconds(10))
        _ = try? ChildProcess.run("xset", ["s", "reset"], timeout: .seconds(10))
    }

    /// The saver's state now (`on`, `off`, …); nil when it cannot be read.
    private func state() throws -> String? {
        let result = try ChildProcess.run("/usr/bin/python3", [Self.script.path], timeout: .seconds(10))
        return result.succeeded ? result.outputText.trimmingCharacters(in: .whitespacesAndNewlines) : nil
    }

    /// Starts the saver's countdown: it comes on after `idleSeconds` without input.
    private func armSaver() throws {
        try ChildProcess.run("xset", ["s", "\(Self.idleSeconds)", "0"], timeout: .seconds(10)).requireSuccess()
        try ChildProcess.run("xset", ["s", "reset"], timeout: .seconds(10)).requireSuccess()
    }

    private func waitForSaver(_ wanted: String, timeout: Duration = .seconds(20)) throws -> Bool {
        try poll(timeout: timeout, interval: 0.2) { try state() == wanted }
    }

    /// Whether the saver came on at any time during `Self.watch`.
    private func saverCameOn() throws -> Bool {
        try poll(timeout: Self.watch, interval: 0.2) { try state() == "on" }
    }

    func testTheSaverWaitsWhileVideoPlaysAndStartsOncePaused() throws {
        let player = try PlayerSession(clip: try Clips.av(seconds: 60))
        let ipc = try XCTUnwrap(player.ipc)
        try armSaver()
        XCTAssertFalse(try saverCameOn(), "the screensaver started while video played")
        XCTAssertGreaterThan(try ipc.double("time-pos"), Double(Self.idleSeconds), "the video was not playing all along")
        _ = try ipc.command(["set_property", "pause", true])
        XCTAssertTrue(try waitForSaver("on"), "the screensaver did not start once paused")
        _ = try ipc.command(["set_property", "pause", false])
        XCTAssertTrue(try waitForSaver("off", timeout: .seconds(10)), "playing again did not stop the screensaver")
    }

    func testWithStopScreensaverNoTheSaverStartsWhilePlaying() throws {
        let player = try PlayerSession(clip: try Clips.av(seconds: 60), arguments: ["--stop-screensaver=no"])
        let ipc = try XCTUnwrap(player.ipc)
        try armSaver()
        XCTAssertTrue(try waitForSaver("on"), "the screensaver was kept off")
        XCTAssertFalse(try ipc.bool("pause"))
    }

    func testWithStopScreensaverAlwaysThePausedPlayerKeepsItOff() throws {
        let player = try PlayerSession(clip: try Clips.av(seconds: 60), arguments: ["--stop-screensaver=always", "--pause"])
        let ipc = try XCTUnwrap(player.ipc)
        try armSaver()
        XCTAssertFalse(try saverCameOn(), "the screensaver started though it should always be kept off")
        XCTAssertTrue(try ipc.bool("pause"))
    }

    func testSoundAloneLetsTheSaverStart() throws {
        let clip = try MediaFactory.clip(.audioOnly)
        let player = try PlayerSession(clip: clip, arguments: ["--loop=inf"], displayAspect: 16.0 / 9.0)
        let ipc = try XCTUnwrap(player.ipc)
        try armSaver()
        XCTAssertTrue(try waitForSaver("on"), "the screensaver was kept off for a sound-only file")
        XCTAssertFalse(try ipc.bool("pause"))
    }
}
