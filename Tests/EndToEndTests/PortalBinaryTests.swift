import Foundation
import TestSupport
import VPlayView
import XCTest

/// The idle window's Open button with the desktop portal (python3-dbusmock standing in for it on
/// a private bus): the portal is asked first, and what it answers plays as the playlist.
final class PortalBinaryTests: XCTestCase {
    func testTheOpenButtonAsksThePortalFirstAndPlaysWhatItAnswers() throws {
        try skipWithoutDisplay()
        try XCTSkipIf(ChildProcess.locate("dbus-daemon") == nil, "needs dbus-daemon (run `make setup`)")
        try XCTSkipUnless(PortalStandIn.isAvailable, "needs python3-dbusmock (run `make setup`)")
        let first = try MediaFactory.clip(.av(seconds: 6))
        let second = try MediaFactory.clip(.av(seconds: 5, width: 480, height: 270))
        let bus = try PrivateBus()
        let portal = try PortalStandIn(on: bus, title: "Open", response: (0, [first, second].map(\.absoluteString)))
        defer { withExtendedLifetime(portal) {} }
        // No zenity to fall back on: only the portal can answer.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vplay-portal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let socketPath = "/tmp/vplay-portal-\(getpid())-\(UUID().uuidString.prefix(8)).sock"
        defer { unlink(socketPath) }
        // A state folder of its own: no watch history lists files under the button (and moves it).
        let environment = bus.environment.merging(["PATH": directory.path + ":/usr/bin:/bin",
                                                   "XDG_STATE_HOME": directory.path]) { $1 }
        let process = try BinaryRunner.launch(["--input-ipc-server=\(socketPath)"], environment: environment)
        defer { process.terminate(); process.waitForExit(timeout: .seconds(5)) }
        let window = try XCTUnwrap(try Screen.findWindow(name: "vplay", timeout: PlayerSession.windowTimeout), "no idle window")
        let ipc = try IPCClient(path: socketPath)

        let geometry = try Screen.windowGeometry(window)
        let layout = IdleLayout(windowSize: OverlaySize(width: Double(geometry.width), height: Double(geometry.height)))
        try Screen.click(window: window, x: Int(layout.openButton.midX), y: Int(layout.openButton.midY))

        _ = poll(timeout: .seconds(15), interval: 0.05) { (try? ipc.property("path")) as? String == first.path }
        XCTAssertEqual((try? ipc.property("path")) as? String, first.path, "the portal's first file does not play")
        XCTAssertEqual(try ipc.property("playlist-count") as? Int, 2)
        XCTAssertTrue(portal.process.outputSoFar().count > 0, "the portal was not asked")
    }
}
