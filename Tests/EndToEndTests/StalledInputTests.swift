import Foundation
import TestSupport
import XCTest

/// Playing from a source that stops delivering: a pipe whose writer sends the first 30 % of a
/// clip and then goes quiet without closing. While the read waits, the window and the IPC
/// socket answer at once, and the position stays where the data ran out; quitting does not
/// wait for the read; and when the rest comes, playback goes on to the end.
final class StalledInputTests: XCTestCase {
    /// 8 s, 320×240 at 25 fps with a 440 Hz tone, MP4 with its index first (readable in one pass).
    static let clip = ClipSpec.av(seconds: 8)
    static let duration = 8.0
    static let sentFirst = 0.3
    /// The longest a request may take while the read waits.
    static let answerTime: Duration = .milliseconds(100)

    func testAStalledReadLeavesRequestsAndKeysAnsweredAndPlaybackGoesOnWhenDataComes() throws {
        try skipWithoutDisplay()
        let (feeder, rest) = try startFeeding()
        let player = try PlayerSession(clip: feeder.url, arguments: ["--autoexit"])
        let ipc = try XCTUnwrap(player.ipc)
        XCTAssertTrue(try feeder.waitUntilDone(timeout: .seconds(10)), "the player did not read the first 30 %")
        let stalledAt = try waitForStall(ipc)

        // Requests are answered at once while the demuxer waits for data.
        for _ in 0..<10 {
            XCTAssertFalse(try answered(within: Self.answerTime, "get_property pause") { try ipc.bool("pause") })
        }
        _ = try answered(within: Self.answerTime, "set_property pause") { try ipc.command(["set_property", "pause", true]) }
        XCTAssertTrue(try answered(within: Self.answerTime, "get_property pause") { try ipc.bool("pause") })
        // A key typed into the window works too.
        try Screen.key(window: player.window, "space")
        XCTAssertTrue(try waitFor(pause: false, ipc), "space did not resume playback while the read waits")

        // The rest arrives: playback goes on from where it stopped and ends cleanly.
        feeder.write(rest)
        feeder.close()
        XCTAssertTrue(try waitForPosition(beyond: stalledAt + 1, ipc), "playback did not go on after the data came")
        let result = player.process.waitForExit(timeout: .seconds(Int(Self.duration) + 3))
        XCTAssertFalse(result.timedOut, "did not reach the end")
        XCTAssertEqual(result.status, 0, result.errorText)
        XCTAssertEqual(result.errorText, "")
    }

    /// Nothing is played while the read waits, so the position must not run on: not even when
    /// a pause and a resume make the player work it out again.
    func testThePositionStaysWhereTheDataRanOut() throws {
        try skipWithoutDisplay()
        let (feeder, _) = try startFeeding()
        let player = try PlayerSession(clip: feeder.url, arguments: ["--autoexit"])
        let ipc = try XCTUnwrap(player.ipc)
        XCTAssertTrue(try feeder.waitUntilDone(timeout: .seconds(10)), "the player did not read the first 30 %")
        let stalledAt = try waitForStall(ipc)
        Thread.sleep(forTimeInterval: 1)

        _ = try ipc.command(["set_property", "pause", true])
        XCTAssertEqual(try ipc.double("time-pos"), stalledAt, accuracy: 0.05, "paused 1 s into the wait")
        _ = try ipc.command(["set_property", "pause", false])
        // The picture may run ahead of the stopped sound by up to the sync threshold (0.1 s)
        // and a frame, as in ffplay; never by the second the read has been waiting.
        XCTAssertEqual(try ipc.double("time-pos"), stalledAt, accuracy: 0.15, "resumed 1 s into the wait")
    }

    func testQuittingWhileTheReadWaitsEndsAtOnce() throws {
        try skipWithoutDisplay()
        let (feeder, _) = try startFeeding()
        let player = try PlayerSession(clip: feeder.url, arguments: ["--autoexit"])
        let ipc = try XCTUnwrap(player.ipc)
        XCTAssertTrue(try feeder.waitUntilDone(timeout: .seconds(10)), "the player did not read the first 30 %")
        _ = try waitForStall(ipc)

        let pressed = ContinuousClock.now
        try Screen.key(window: player.window, "q")
        let result = player.process.waitForExit(timeout: .seconds(5))
        XCTAssertFalse(result.timedOut, "still running 5 s after q while the read waits")
        XCTAssertFalse(result.wasSignalled)
        XCTAssertEqual(result.status, 0, result.errorText)
        // The read never returns, so waiting for it would time out above. Measured 0.28 s,
        // 1.5 s once with the suite and two busy loops sharing the two cores.
        XCTAssertLessThan((ContinuousClock.now - pressed).inSeconds, 3, "quitting waited for the read")
    }

    // MARK: - Helpers

    /// A pipe in a fresh directory with the first 30 % of the clip queued for it, and the rest.
    /// The pipe is named like the clip, so the window is titled `stalling.mp4`.
    private func startFeeding() throws -> (PipeFeeder, Data) {
        let bytes = try Data(contentsOf: try MediaFactory.clip(Self.clip))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vplay-stall-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        let feeder = try PipeFeeder(at: directory.appendingPathComponent("stalling.mp4"))
        let cut = Int(Double(bytes.count) * Self.sentFirst)
        feeder.open(timeout: PlayerSession.windowTimeout)
        feeder.write(bytes.prefix(cut))
        return (feeder, bytes.suffix(from: cut))
    }

    /// Waits until playback has run out of data: `time-pos` unchanged for 0.5 s, short of the
    /// end. Returns that position.
    private func waitForStall(_ ipc: IPCClient) throws -> Double {
        let deadline = ContinuousClock.now + .seconds(10)
        var last = try ipc.double("time-pos")
        var since = ContinuousClock.now
        while ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.05)
            let position = try ipc.double("time-pos")
            if position != last {
                (last, since) = (position, .now)
            } else if ContinuousClock.now - since >= .milliseconds(500) {
                XCTAssertGreaterThan(last, 0.5, "stalled before playing")
                XCTAssertLessThan(last, Self.duration * 0.5, "played further than the data sent")
                return last
            }
        }
        throw EndToEndError(description: "time-pos never stood still (last \(last)): the read did not stall")
    }

    /// Runs `request`, failing the test when it takes longer than `limit`.
    private func answered<T>(within limit: Duration, _ name: String, _ request: () throws -> T) throws -> T {
        let start = ContinuousClock.now
        let answer = try request()
        let took = ContinuousClock.now - start
        XCTAssertLessThanOrEqual(took, limit, "\(name) took \(took) while the read waits")
        return answer
    }

    private func waitFor(pause: Bool, _ ipc: IPCClient, timeout: Duration = .seconds(2)) throws -> Bool {
        try poll(timeout: timeout, interval: 0.02) { try ipc.bool("pause") == pause }
    }

    private func waitForPosition(beyond target: Double, _ ipc: IPCClient, timeout: Duration = .seconds(5)) throws -> Bool {
        try poll(timeout: timeout, interval: 0.05) { try ipc.double("time-pos") > target }
    }
}
