import Foundation
import Glibc
import TestSupport
import XCTest

/// Network sources against a real nginx on loopback: progressive http with ranged seeks,
/// HLS, DASH, errors, and the protocol allow-list that keeps a remote playlist from
/// reaching local files.
final class NetworkPlaybackTests: XCTestCase {
    /// Seeking back needs the server's help: a new request for a range from inside the file.
    /// (A seek forward may read on through what the connection already holds.)
    func testMP4OverHTTPOpensWithItsDurationAndSeeksWithARangedRequest() throws {
        let fixture = try NetworkFixture.shared()
        let url = fixture.server.url("clip.mp4")
        let size = try FileManager.default.attributesOfItem(atPath: fixture.media.root.appendingPathComponent("clip.mp4").path)[.size] as! Int
        let before = fixture.server.requests().count
        let player = try NetworkPlayer(["--pause", "--no-video", "--cache=no", "--start=8", url])
        let duration = try player.waitFor("duration") { $0.number != nil }
        XCTAssertEqual(duration.number ?? 0, fixture.media.seconds, accuracy: 0.1)
        XCTAssertEqual(try player.client.command("get_property", "path").data, .string(url))
        XCTAssertEqual(try player.client.command("get_property", "media-title").data, "clip.mp4")
        XCTAssertEqual(try player.client.command("get_property", "seekable").data, .bool(true))
        try player.waitFor("time-pos") { ($0.number ?? 0) >= 7.9 }

        XCTAssertTrue(try player.client.command("seek", 1, "absolute").isSuccess)
        try player.waitFor("time-pos") { let t = $0.number ?? 99; return t >= 1 && t < 2 }
        // `time-pos` is the target as soon as the seek is asked for: playing on from there
        // makes sure its data has been asked for before the player goes.
        XCTAssertTrue(try player.client.command("set_property", "pause", false).isSuccess)
        try player.waitFor("time-pos") { let t = $0.number ?? 0; return t >= 1.3 && t < 5 }
        // nginx logs a request once it is over: after the player has gone.
        _ = try player.client.sendCommand(["quit"])
        XCTAssertFalse(player.process.waitForExit(timeout: .seconds(10)).timedOut)
        var requests: [AccessLogEntry] = []
        let ranged = poll(timeout: .seconds(5), interval: 0.05) {
            requests = fixture.server.requests().dropFirst(before).filter { $0.path == "/clip.mp4" }
            return requests.contains { $0.status == 206 && ($0.rangeStart ?? 0) > 0 && ($0.rangeStart ?? size) < size / 2 }
        }
        if ranged { return }
        XCTFail("no ranged request into the start of the file after the seek back: \(requests)")
    }

    func testHLSAndDASHPlayAndSeek() throws {
        let fixture = try NetworkFixture.shared()
        for path in ["hls/index.m3u8", "dash/manifest.mpd"] {
            let player = try NetworkPlayer(["--no-video", fixture.server.url(path)])
            let duration = try player.waitFor("duration") { $0.number != nil }
            XCTAssertEqual(duration.number ?? 0, fixture.media.seconds, accuracy: 0.5, path)
            try player.waitFor("time-pos") { ($0.number ?? 0) >= 1 }
            XCTAssertTrue(try player.client.command("seek", 6, "absolute").isSuccess, path)
            try player.waitFor("time-pos") { ($0.number ?? 0) >= 6.5 }
        }
    }

    /// The same HLS playlist plays when it names its segments by http URL, and is refused when
    /// it names them as local files: nothing fetched from a server may open a local file.
    func testRemotePlaylistNamingLocalFilesIsRefused() throws {
        let fixture = try NetworkFixture.shared()
        let control = try BinaryRunner.run(["--no-video", "--start=9", fixture.server.url("http-segments.m3u8")],
                                           timeout: .seconds(60))
        XCTAssertEqual(control.status, 0, "the http playlist should play: \(control.errorText)")
        let url = fixture.server.url("local-segments.m3u8")
        let refused = try BinaryRunner.run(["--no-video", "--start=9", url], timeout: .seconds(60))
        XCTAssertNotEqual(refused.status, 0, "a remote playlist opened local files")
        XCTAssertTrue(refused.errorText.contains("vplay: cannot open '\(url)'"), refused.errorText)
        XCTAssertTrue(fixture.server.requests().contains { $0.path == "/local-segments.m3u8" && [200, 206].contains($0.status) },
                      "the playlist itself was never fetched")
    }

    func testMissingFileEndsWithTheHTTPErrorAndAFailureStatus() throws {
        let fixture = try NetworkFixture.shared()
        let url = fixture.server.url("missing.mp4")
        let result = try BinaryRunner.run([url], timeout: .seconds(30))
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.errorText, "vplay: cannot open '\(url)': HTTP error 404 Not Found\n")
        XCTAssertLessThan(result.wallTime.inSeconds, 10)
    }

    /// A local `.m3u` named on the command line becomes vplay's playlist.
    func testLocalPlaylistFileExpandsIntoThePlaylist() throws {
        let fixture = try NetworkFixture.shared()
        let list = fixture.media.root.deletingLastPathComponent().appendingPathComponent("list.m3u")
        try "#EXTM3U\n\(fixture.server.url("clip.mp4"))\n#EXTINF:10,second\n\(fixture.server.url("hls/index.m3u8"))\n"
            .write(to: list, atomically: true, encoding: .utf8)
        let player = try NetworkPlayer(["--pause", "--no-video", list.path])
        try player.waitFor("playlist-count") { $0.number == 2 }
        try player.waitFor("path") { $0 == .string(fixture.server.url("clip.mp4")) }
    }

    /// Over a link slower than the clip's bit rate the cache runs dry: playing pauses for it
    /// (apart from the user's pause) and goes on by itself once a second is in.
    func testThrottledLinkPausesForTheCacheAndPlaysOn() throws {
        let fixture = try NetworkFixture.shared()
        let player = try NetworkPlayer(["--no-video", "--cache-pause-wait=1", fixture.server.url("slow/clip.mp4")],
                                       timeout: .seconds(30))
        try player.waitFor("paused-for-cache", timeout: .seconds(40)) { $0 == .bool(true) }
        XCTAssertEqual(try player.client.command("get_property", "pause").data, .bool(false))
        let state = try XCTUnwrap(player.client.command("get_property", "demuxer-cache-state").data)
        XCTAssertNotNil(state["fw-bytes"]?.number, "\(state)")
        let stalledAt = try player.client.double("time-pos")
        // The socket answers at once while playback waits for the network.
        var replies: [Double] = []
        for _ in 0..<10 {
            let asked = ContinuousClock.now
            XCTAssertTrue(try player.client.command("get_property", "cache-buffering-state").isSuccess)
            replies.append(seconds(since: asked))
        }
        replies.sort()
        XCTAssertLessThan(replies[replies.count / 2], 0.1, "IPC replies while paused for the cache: \(replies)")
        try player.waitFor("paused-for-cache", timeout: .seconds(40)) { $0 == .bool(false) }
        try player.waitFor("time-pos", timeout: .seconds(40)) { ($0.number ?? 0) > stalledAt + 0.3 }
    }

    /// Seeking back inside what the cache keeps reads nothing from the server.
    func testSeekBackInsideTheCacheMakesNoRequest() throws {
        let fixture = try NetworkFixture.shared()
        let url = fixture.server.url("clip.mp4")
        let player = try NetworkPlayer(["--no-video", url])
        try player.waitFor("time-pos") { ($0.number ?? 0) >= 2.5 }
        // The whole clip is small: the cache holds it from the start once read to the end.
        let state = try player.waitFor("demuxer-cache-state") { state in
            guard case .array(let ranges)? = state["seekable-ranges"], let range = ranges.first else { return false }
            return (range["start"]?.number ?? 1) <= 0.5 && (range["end"]?.number ?? 0) >= fixture.media.seconds - 0.5
        }
        XCTAssertLessThan(state["fw-bytes"]?.number ?? .infinity, state["total-bytes"]?.number ?? 0,
                          "nothing is kept behind the position: \(state)")
        // nginx logs a request when it is over, and the clip came in one: none may follow.
        try fixture.server.waitForRequestsToSettle()
        let before = fixture.server.requests().count
        XCTAssertTrue(try player.client.command("seek", 0.5, "absolute").isSuccess)
        try player.waitFor("time-pos") { let t = $0.number ?? 99; return t >= 0.5 && t < 2 }
        try player.waitFor("time-pos") { ($0.number ?? 0) >= 1.5 }
        XCTAssertEqual(fixture.server.requests().count, before, "the seek back went to the server")
    }

    /// The server goes away mid-play and comes back: the connection is made again where it
    /// broke and the clip plays to its end.
    func testServerRestartedMidPlayIsReconnectedTo() throws {
        let fixture = try NetworkFixture.shared()
        let player = try NetworkPlayer(["--no-video", "--cache=no", fixture.server.url("steady/clip.mp4")], quiet: false)
        try player.waitFor("time-pos") { ($0.number ?? 0) >= 1 }
        fixture.server.stop()
        XCTAssertFalse(fixture.server.isListening)
        try fixture.server.restart()
        let ended = player.client.waitFor(after: 0, timeout: .seconds(40)) { $0["event"] == "end-file" }
        XCTAssertEqual(ended?["reason"], "eof", "\(String(describing: ended)); stderr: \(player.errorText)")
        let result = player.process.waitForExit(timeout: .seconds(10))
        XCTAssertEqual(result.status, 0, result.errorText)
        let resumed = fixture.server.requests().filter { $0.path == "/steady/clip.mp4" && ($0.rangeStart ?? 0) > 0 }
        XCTAssertFalse(resumed.isEmpty, "no request went on from where the connection broke")
        XCTAssertEqual(result.errorText.components(separatedBy: "reconnecting").count - 1, 1,
                       "one line says the connection is made again: \(result.errorText)")
    }

    /// `loadfile URL` while something plays: the stream replaces it.
    func testLoadfileOfAURLPlaysIt() throws {
        let fixture = try NetworkFixture.shared()
        let player = try NetworkPlayer(["--no-video", "--pause", fixture.server.url("hls/index.m3u8")])
        try player.waitFor("duration") { $0.number != nil }
        let url = fixture.server.url("dash/manifest.mpd")
        XCTAssertTrue(try player.client.command("loadfile", .string(url)).isSuccess)
        try player.waitFor("path") { $0 == .string(url) }
        try player.waitFor("media-title") { $0 == "manifest.mpd" }
    }

    /// What is kept behind the position stays within `--demuxer-max-back-bytes`: a seek back
    /// past it goes to the server again.
    func testBackBufferIsTrimmedToItsLimit() throws {
        let fixture = try NetworkFixture.shared()
        let url = fixture.server.url("clip.mp4")
        let player = try NetworkPlayer(["--no-video", "--demuxer-max-back-bytes=8KiB", url])
        try player.waitFor("time-pos") { ($0.number ?? 0) >= 3 }
        let state = try player.waitFor("demuxer-cache-state") { state in
            guard case .array(let ranges)? = state["seekable-ranges"], let start = ranges.first?["start"]?.number else { return false }
            return start >= 1
        }
        let kept = (state["total-bytes"]?.number ?? 0) - (state["fw-bytes"]?.number ?? 0)
        XCTAssertLessThanOrEqual(kept, 8 * 1024, "\(state)")
        try fixture.server.waitForRequestsToSettle()
        let before = fixture.server.requests().count
        XCTAssertTrue(try player.client.command("seek", 0.2, "absolute").isSuccess)
        try player.waitFor("time-pos") { let t = $0.number ?? 99; return t >= 0.2 && t < 2 }
        // Playing on from there (time-pos is the target as soon as the seek is asked for): what
        // it plays has been read.
        try player.waitFor("time-pos") { ($0.number ?? 0) >= 0.6 }
        _ = try player.client.sendCommand(["quit"])
        XCTAssertFalse(player.process.waitForExit(timeout: .seconds(10)).timedOut)
        _ = poll(timeout: .seconds(5), interval: 0.05) { fixture.server.requests().count > before }
        XCTAssertGreaterThan(fixture.server.requests().count, before, "the seek back past the kept packets read nothing")
    }

    /// A master playlist plays its highest variant, or the one `--hls-bitrate` asks for; the
    /// other variant's segments are not fetched past the open.
    func testHLSVariantFollowsTheBitrateAsked() throws {
        let fixture = try NetworkFixture.shared()
        let url = fixture.server.url("variants/master.m3u8")
        for (arguments, width, unwanted) in [([String](), 320, "/variants/v1_3.ts"), (["--hls-bitrate=min"], 160, "/variants/v0_3.ts")] {
            let before = fixture.server.requests().count
            let player = try NetworkPlayer(["--pause"] + arguments + [url])
            try player.waitFor("width") { $0.number == Double(width) }
            let tracks = try XCTUnwrap(player.client.command("get_property", "track-list").data)
            guard case .array(let list) = tracks else { return XCTFail("\(tracks)") }
            XCTAssertEqual(list.filter { $0["hls-bitrate"]?.number != nil }.count, 4, "\(tracks)")
            XCTAssertTrue(try player.client.command("set_property", "pause", false).isSuccess)
            try player.waitFor("time-pos") { ($0.number ?? 0) >= 7 }
            let fetched = fixture.server.requests().dropFirst(before).map(\.path)
            XCTAssertFalse(fetched.contains(unwanted), "the other variant was fetched: \(fetched)")
            // Its window gone before the next test looks at the screen.
            _ = try player.client.sendCommand(["quit"])
            XCTAssertFalse(player.process.waitForExit(timeout: .seconds(30)).timedOut)
        }
    }
}
