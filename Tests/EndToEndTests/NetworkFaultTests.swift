import Foundation
import Glibc
import TestSupport
import XCTest

/// Servers that refuse, never answer, or go away mid-play: vplay stays responsive, says what
/// went wrong in one line and ends with a failure status.
final class NetworkFaultTests: XCTestCase {
    func testRefusedConnectionFailsWithinSeconds() throws {
        let url = "http://127.0.0.1:\(try LoopbackPort.free())/clip.mp4"
        let result = try BinaryRunner.run(["--no-video", url], timeout: .seconds(30))
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.errorText.hasPrefix("vplay: cannot open '\(url)': Connection refused"), result.errorText)
        XCTAssertLessThan(result.wallTime.inSeconds, 10)
    }

    /// While a server holds the open, the socket answers at once and quit ends it at once.
    func testControlsAnswerWhileAServerNeverAnswersAndQuitEndsTheWait() throws {
        let server = try FaultServer(.silent)
        let player = try NetworkPlayer(["--no-video", server.url("clip.mp4")])
        var replies: [Double] = []
        let until = ContinuousClock.now + .seconds(1.5)
        while ContinuousClock.now < until {
            let asked = ContinuousClock.now
            XCTAssertEqual(try player.client.command("get_property", "volume").data, 100)
            replies.append(seconds(since: asked))
            usleep(20_000)
        }
        XCTAssertGreaterThan(server.connections, 0, "the player never connected")
        replies.sort()
        XCTAssertLessThan(replies[replies.count / 2], 0.1, "median IPC reply during the stall: \(replies)")
        XCTAssertLessThan(replies.last!, 0.5, "slowest IPC reply during the stall: \(replies)")
        let quitAt = ContinuousClock.now
        _ = try player.client.sendCommand(["quit"])
        let result = player.process.waitForExit(timeout: .seconds(10))
        XCTAssertFalse(result.timedOut)
        XCTAssertLessThan(seconds(since: quitAt), 2, "quit waited for the server")
        XCTAssertEqual(result.status, 0, result.errorText)
    }

    func testServerThatNeverAnswersFailsAfterTheNetworkTimeout() throws {
        let server = try FaultServer(.silent)
        let url = server.url("clip.mp4")
        let result = try BinaryRunner.run(["--no-video", "--network-timeout=2", url], timeout: .seconds(30))
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.errorText,
                       "vplay: cannot open '\(url)': no answer from the server in 2 s (--network-timeout)\n")
        XCTAssertGreaterThanOrEqual(result.wallTime.inSeconds, 1.9)
        XCTAssertLessThan(result.wallTime.inSeconds, 12)
    }

    /// The connection is cut a third of the way in and the server is gone: the entry ends
    /// with `end-file` reason `error`, and vplay with a failure status.
    func testServerGoneMidPlayEndsTheEntryWithAnError() throws {
        let clip = try MediaFactory.clip(.av(seconds: 10))
        let size = try FileManager.default.attributesOfItem(atPath: clip.path)[.size] as! Int
        let server = try FaultServer(.cutAfter(size / 3, file: clip))
        let url = server.url("clip.mp4")
        let player = try NetworkPlayer(["--no-video", url])
        let mark = 0
        let ended = player.client.waitFor(after: mark, timeout: .seconds(40)) { $0["event"] == "end-file" }
        XCTAssertEqual(ended?["reason"], "error", "\(String(describing: ended)); stderr: \(player.errorText)")
        let result = player.process.waitForExit(timeout: .seconds(10))
        XCTAssertEqual(result.status, 1, result.errorText)
        XCTAssertTrue(result.errorText.contains("vplay: cannot open '\(url)'"), result.errorText)
    }

    /// An Icecast station: the title is the song its metadata names (not the URL's name).
    func testRadioTitleComesFromItsMetadata() throws {
        let server = try FaultServer(.radio(try MediaFactory.clip(.audioOnlyMP3), title: "Artist - Song"))
        let player = try NetworkPlayer(["--no-video", server.url("stream")])
        try player.waitFor("media-title") { $0 == "Artist - Song" }
    }

    /// The server goes silent mid-play: playing waits for the cache, the socket answers at once
    /// meanwhile, and quit does not wait for the network.
    func testControlsAnswerWhileTheServerStallsMidPlay() throws {
        let clip = try MediaFactory.clip(.av(seconds: 10))
        let size = try FileManager.default.attributesOfItem(atPath: clip.path)[.size] as! Int
        let server = try FaultServer(.stallAfter(size / 3, file: clip))
        let player = try NetworkPlayer(["--no-video", server.url("clip.mp4")])
        try player.waitFor("paused-for-cache", timeout: .seconds(30)) { $0 == .bool(true) }
        var replies: [Double] = []
        for _ in 0..<20 {
            let asked = ContinuousClock.now
            XCTAssertTrue(try player.client.command("get_property", "time-pos").isSuccess)
            replies.append(seconds(since: asked))
            usleep(20_000)
        }
        replies.sort()
        XCTAssertLessThan(replies[replies.count / 2], 0.1, "IPC replies during the stall: \(replies)")
        XCTAssertLessThan(replies.last!, 0.5, "IPC replies during the stall: \(replies)")
        let quitAt = ContinuousClock.now
        _ = try player.client.sendCommand(["quit"])
        let result = player.process.waitForExit(timeout: .seconds(10))
        XCTAssertFalse(result.timedOut)
        XCTAssertLessThan(seconds(since: quitAt), 2, "quit waited for the server")
    }

    /// A server silent mid-play for longer than `--network-timeout` ends the entry with an error.
    func testServerSilentMidPlayFailsAfterTheNetworkTimeout() throws {
        let clip = try MediaFactory.clip(.av(seconds: 10))
        let size = try FileManager.default.attributesOfItem(atPath: clip.path)[.size] as! Int
        let server = try FaultServer(.stallAfter(size / 3, file: clip))
        let url = server.url("clip.mp4")
        let player = try NetworkPlayer(["--no-video", "--network-timeout=2", url])
        let ended = player.client.waitFor(after: 0, timeout: .seconds(40)) { $0["event"] == "end-file" }
        XCTAssertEqual(ended?["reason"], "error", "\(String(describing: ended)); stderr: \(player.errorText)")
        let result = player.process.waitForExit(timeout: .seconds(10))
        XCTAssertEqual(result.status, 1, result.errorText)
        XCTAssertTrue(result.errorText.contains("vplay: cannot open '\(url)'"), result.errorText)
    }
}
