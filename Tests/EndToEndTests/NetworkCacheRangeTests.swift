import Foundation
import Glibc
import TestSupport
import XCTest

/// Several buffered ranges over HTTP: a seek outside the cache keeps what was buffered, a seek
/// back into it plays from memory (the server is asked only for what follows it), and reading
/// on into the later range joins the two.
final class NetworkCacheRangeTests: XCTestCase {
    func testSeekBackIntoAnEarlierRangeReadsNothingOfIt() throws {
        let fixture = try NetworkFixture.shared()
        // A request from before this byte asks again for the first second.
        let firstSecondEnd = try Self.firstByte(at: 1, in: fixture.media.root.appendingPathComponent("clip.mp4"))
        let after = try requestsAfterSeekingBackIntoAnEarlierRange(fixture.server.url("clip.mp4"), fixture: fixture)
            .filter { $0.path == "/clip.mp4" }
        XCTAssertFalse(after.isEmpty, "nothing was read after the first range")
        XCTAssertFalse(after.contains { ($0.rangeStart ?? 0) < firstSecondEnd },
                       "the seek back asked the server for the first range (its first second ends at byte \(firstSecondEnd)): \(after)")
    }

    /// The same over HLS: reading on after the first range fetches the segments after it, never
    /// the first one again.
    func testSeekBackIntoAnEarlierRangeOfAnHLSStreamFetchesNoSegmentOfIt() throws {
        let fixture = try NetworkFixture.shared()
        let after = try requestsAfterSeekingBackIntoAnEarlierRange(fixture.server.url("hls/index.m3u8"), fixture: fixture)
            .filter { $0.path.hasPrefix("/hls/") && $0.path.hasSuffix(".ts") }
        XCTAssertFalse(after.isEmpty, "no segment was read after the first range")
        XCTAssertFalse(after.contains { $0.path == "/hls/index0.ts" }, "the seek back fetched the first segment again: \(after)")
    }

    /// And over DASH: the first fragments (`…-00001.m4s`) are never fetched again.
    func testSeekBackIntoAnEarlierRangeOfADASHStreamFetchesNoFragmentOfIt() throws {
        let fixture = try NetworkFixture.shared()
        let after = try requestsAfterSeekingBackIntoAnEarlierRange(fixture.server.url("dash/manifest.mpd"), fixture: fixture)
            .filter { $0.path.hasPrefix("/dash/chunk-") }
        XCTAssertFalse(after.isEmpty, "no fragment was read after the first range")
        XCTAssertFalse(after.contains { $0.path.hasSuffix("-00001.m4s") }, "the seek back fetched a first fragment again: \(after)")
    }

    /// Plays `url` with 2 s of read-ahead to past 3.5 s, seeks to 8 (two ranges), then back to
    /// 0.5 and plays on until the ranges have joined; returns the requests made from the seek
    /// back on, once the player has quit.
    private func requestsAfterSeekingBackIntoAnEarlierRange(_ url: String, fixture: NetworkFixture) throws -> [AccessLogEntry] {
        // Reading ahead 2 s at most: the clip's far end stays outside the cache.
        let player = try NetworkPlayer(["--cache-secs=2", url])
        // Past 3 s, so that reading on after the range starts at a keyframe (every 2 s) past 1 s.
        try player.waitFor("demuxer-cache-state") { state in
            let ranges = Self.ranges(state)
            return ranges.count == 1 && ranges[0].lowerBound <= 0.1 && ranges[0].upperBound >= 3.5
        }
        XCTAssertTrue(try player.client.command("seek", 8, "absolute").isSuccess)
        let state = try player.waitFor("demuxer-cache-state") { Self.ranges($0).count == 2 }
        let ranges = Self.ranges(state)
        XCTAssertLessThanOrEqual(ranges[0].lowerBound, 0.1, "\(ranges)")
        XCTAssertGreaterThanOrEqual(ranges[0].upperBound, 3.5, "\(ranges)")
        XCTAssertLessThanOrEqual(ranges[1].lowerBound, 8.1, "\(ranges)")
        // Held before the clip ends, while the requests made so far are logged.
        XCTAssertTrue(try player.client.command("set_property", "pause", true).isSuccess)
        try fixture.server.waitForRequestsToSettle()
        let before = fixture.server.requests().count
        XCTAssertTrue(try player.client.command("seek", 0.5, "absolute").isSuccess)
        try player.waitFor("time-pos") { let t = $0.number ?? 99; return t >= 0.5 && t < 3 }
        XCTAssertTrue(try player.client.command("set_property", "pause", false).isSuccess)
        try player.waitFor("time-pos") { ($0.number ?? 0) >= 1.5 }
        // Playing on, the reading goes on from the first range's end and runs into the second.
        try player.waitFor("demuxer-cache-state", timeout: .seconds(30)) { state in
            let ranges = Self.ranges(state)
            return ranges.count == 1 && ranges[0].lowerBound <= 0.5 && ranges[0].upperBound >= fixture.media.seconds - 0.5
        }

        // nginx logs a request once it is over: after the player has gone.
        _ = try player.client.sendCommand(["quit"])
        XCTAssertFalse(player.process.waitForExit(timeout: .seconds(10)).timedOut)
        var after: [AccessLogEntry] = []
        _ = poll(timeout: .seconds(5), interval: 0.05) {
            after = Array(fixture.server.requests().dropFirst(before))
            return !after.isEmpty
        }
        return after
    }

    private static func ranges(_ state: IPCJSON) -> [ClosedRange<Double>] {
        guard case .array(let list)? = state["seekable-ranges"] else { return [] }
        return list.compactMap { range in
            guard let start = range["start"]?.number, let end = range["end"]?.number, start <= end else { return nil }
            return start...end
        }
    }

    /// The file offset of the first packet, of any stream, at or after `seconds`.
    private static func firstByte(at seconds: Double, in file: URL) throws -> Int {
        let probe = try ChildProcess.run("ffprobe", ["-v", "error", "-show_entries", "packet=pts_time,pos",
                                                     "-of", "csv=p=0", file.path]).requireSuccess()
        let offsets = probe.outputText.split(separator: "\n").compactMap { line -> Int? in
            let fields = line.split(separator: ",")
            guard fields.count == 2, let time = Double(fields[0]), time >= seconds else { return nil }
            return Int(fields[1])
        }
        return try XCTUnwrap(offsets.min(), "no packet at \(seconds) s")
    }
}
