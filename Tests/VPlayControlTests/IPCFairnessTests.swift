import Foundation
import VPlayCore
import TestSupport
import XCTest
@testable import VPlayControl

/// One client never holds up another: a change waiting for the player, or a client that
/// does not read its replies, leaves the IPC thread free to answer everyone else.
final class IPCFairnessTests: XCTestCase {
    private var directory: URL!
    private var path: String { directory.appendingPathComponent("ipc").path }
    private let channel = PlayerChannel()
    private var server: IPCServer!

    override func setUpWithError() throws {
        directory = URL(fileURLWithPath: "/tmp/vplay-ipc-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // No main loop: the test plays it, so it decides when a command counts as applied.
        channel.publish(.playing)
        server = try IPCServer(path: path, channel: channel)
    }

    override func tearDown() {
        server?.stop()
        try? FileManager.default.removeItem(at: directory)
    }

    /// Takes the commands sent so far, as the main loop would, once `count` have arrived.
    private func takeCommands(count: Int, timeout: Duration = .seconds(10)) -> [PlayerCommand] {
        var taken: [PlayerCommand] = []
        _ = poll(timeout: timeout, interval: 0.001) {
            taken += channel.takeCommands()
            return taken.count >= count
        }
        return taken
    }

    func testAChangeWaitingForThePlayerDoesNotDelayAnotherClient() throws {
        let setter = try TestSocketClient(path: path)
        let reader = try TestSocketClient(path: path)
        setter.send(#"{"command":["set_property","pause",true],"request_id":7}"#)
        // The main loop has taken the command but not yet published a state with it.
        XCTAssertEqual(takeCommands(count: 1), [.setPaused(true)])

        // Well within the time the setter's reply may wait for the player.
        let reply = reader.request(#"["get_property", "pause"]"#, timeout: IPCConnection.replyWait / 2)
        XCTAssertEqual(reply?["data"], .bool(false), "answered while the other client's change is pending")
        XCTAssertNil(setter.message(timeout: .zero) { $0["request_id"] == .int(7) }, "no reply before the change is in")

        var paused = PlayerState.playing
        paused.isPaused = true
        channel.publish(paused)
        server.stateDidChange(paused)
        XCTAssertEqual(setter.message { $0["request_id"] == .int(7) }?["error"], "success")
        XCTAssertEqual(setter.request(#"["get_property", "pause"]"#)?["data"], .bool(true), "the read after the reply sees the change")
    }

    func testAClientThatDoesNotReadDoesNotDelayAnother() throws {
        let flooder = try TestSocketClient(path: path)
        let reader = try TestSocketClient(path: path)
        // Thousands of replies that are never read: they pile up in the server, not in its thread.
        let lines = String(repeating: #"{"command":["get_property","property-list"]}"# + "\n", count: 2000)
        XCTAssertTrue(flooder.write(Array(lines.utf8)))
        XCTAssertEqual(reader.request(#"["get_property", "speed"]"#, timeout: .seconds(1))?["data"], .double(1))
        XCTAssertTrue(flooder.write(Array(#"{"command":["get_property","speed"],"request_id":9}"#.utf8) + [0x0A]), "still served")
    }
}
