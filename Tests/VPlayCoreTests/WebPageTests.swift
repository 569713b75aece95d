import Foundation
import TestSupport
import XCTest
@testable import VPlayCore

/// Web pages: which URLs are pages, what yt-dlp's description says, what each request
/// carries, the command line yt-dlp gets, and the program run as a child process.
final class WebPageTests: XCTestCase {
    func testTheURLsNameTellsMediaFromPagesWhereItCan() {
        XCTAssertEqual(PageCheck.byName(SourceLocation("http://host/a/clip.MP4?x=1")), false)
        XCTAssertEqual(PageCheck.byName(SourceLocation("https://host/live/index.m3u8")), false)
        XCTAssertEqual(PageCheck.byName(SourceLocation("https://host/dash/manifest.mpd")), false)
        XCTAssertEqual(PageCheck.byName(SourceLocation("https://host/song.opus")), false)
        XCTAssertEqual(PageCheck.byName(SourceLocation("rtsp://host/cam")), false, "only http(s) can be pages")
        XCTAssertEqual(PageCheck.byName(SourceLocation("https://host/watch.html")), true)
        XCTAssertEqual(PageCheck.byName(SourceLocation("https://host/view.php?id=3")), true)
        XCTAssertNil(PageCheck.byName(SourceLocation("https://www.youtube.com/watch?v=abc")))
        XCTAssertNil(PageCheck.byName(SourceLocation("https://host/")))
        XCTAssertNil(PageCheck.byName(SourceLocation("http://radio.host:8000/stream")))
        XCTAssertTrue(PageCheck.isPageType("text/html; charset=utf-8"))
        XCTAssertTrue(PageCheck.isPageType("application/xhtml+xml"))
        XCTAssertFalse(PageCheck.isPageType("audio/mpeg"))
        XCTAssertFalse(PageCheck.isPageType("application/octet-stream"))
    }

    func testOneFormatGivesOneSourceWithItsHeadersAndTheItemsDescription() throws {
        let json = """
        {"_type": "video", "title": "A talk", "duration": 61.5, "thumbnail": "https://img.host/t.jpg",
         "url": "https://cdn.host/v.mp4", "vcodec": "avc1", "acodec": "mp4a.40.2",
         "http_headers": {"User-Agent": "Mozilla/5.0", "Referer": "https://host/page", "Accept": "*/*"},
         "cookies": "sid=42; Domain=.host; Path=/; Secure; Expires=1900000000; lang=en",
         "chapters": [{"start_time": 30, "end_time": 61.5, "title": "Two"}, {"start_time": 0, "title": "One"}],
         "requested_subtitles": {"fr": {"url": "https://host/fr.vtt", "ext": "vtt"}, "en": {"url": "https://host/en.vtt", "ext": "vtt"}}}
        """
        guard case .item(let item) = try WebPage.read(Data(json.utf8)) else { return XCTFail("not an item") }
        XCTAssertEqual(item.title, "A talk")
        XCTAssertEqual(item.duration, 61.5)
        XCTAssertEqual(item.thumbnail, "https://img.host/t.jpg")
        XCTAssertFalse(item.isLive)
        XCTAssertEqual(item.chapters, [Chapter(time: 0, title: "One"), Chapter(time: 30, title: "Two")])
        XCTAssertEqual(item.subtitles.map(\.language), ["en", "fr"])
        XCTAssertEqual(item.sources.count, 1)
        XCTAssertEqual(item.main.url, "https://cdn.host/v.mp4")
        XCTAssertNil(item.separateAudio)
        XCTAssertEqual(item.main.cookies, ["sid=42", "lang=en"])

        var base = NetworkOptions()
        base.headerFields = ["X-Mine: 1"]
        let network = item.main.networkOptions(over: base)
        XCTAssertEqual(network.userAgent, "Mozilla/5.0")
        XCTAssertEqual(network.referrer, "https://host/page")
        XCTAssertEqual(network.headerFields, ["X-Mine: 1", "Accept: */*", "Cookie: sid=42; lang=en"])
    }

    func testSeparateVideoAndAudioFormatsAreTwoSources() throws {
        let json = """
        {"title": "Split", "is_live": true, "requested_formats": [
          {"url": "https://cdn.host/v.webm", "vcodec": "vp9", "acodec": "none", "http_headers": {"User-Agent": "UA-v"}},
          {"url": "https://cdn.host/a.webm", "vcodec": "none", "acodec": "opus", "http_headers": {"User-Agent": "UA-a"}}],
         "formats": [
          {"url": "https://cdn.host/small.mp4", "vcodec": "avc1", "acodec": "mp4a", "protocol": "https"},
          {"url": "https://cdn.host/big.mp4", "vcodec": "avc1", "acodec": "mp4a", "protocol": "https", "http_headers": {"User-Agent": "UA-b"}},
          {"url": "https://cdn.host/frag", "vcodec": "avc1", "acodec": "mp4a", "protocol": "http_dash_segments"},
          {"url": "https://cdn.host/v.webm", "vcodec": "vp9", "acodec": "none", "protocol": "https"}]}
        """
        guard case .item(let item) = try WebPage.read(Data(json.utf8)) else { return XCTFail("not an item") }
        XCTAssertTrue(item.isLive)
        XCTAssertEqual(item.main.url, "https://cdn.host/v.webm")
        XCTAssertFalse(item.main.hasAudio)
        XCTAssertEqual(item.separateAudio?.url, "https://cdn.host/a.webm")
        XCTAssertEqual(item.separateAudio?.networkOptions(over: NetworkOptions()).userAgent, "UA-a")
        XCTAssertEqual(item.main.networkOptions(over: NetworkOptions()).userAgent, "UA-v")
    }

    func testAPlaylistPageListsItsEntries() throws {
        let json = """
        {"_type": "playlist", "title": "List", "entries": [
          {"_type": "url", "url": "https://host/watch?v=1", "title": "first"},
          {"_type": "url", "url": "https://host/watch?v=2"}]}
        """
        XCTAssertEqual(try WebPage.read(Data(json.utf8)), .playlist(title: "List", entries: ["https://host/watch?v=1", "https://host/watch?v=2"]))
    }

    func testBadDescriptionsAreRefused() {
        func error(_ json: String) -> WebPage.ReadError? {
            do { _ = try WebPage.read(Data(json.utf8)); return nil } catch { return error }
        }
        XCTAssertEqual(error("{not json"), .invalidJSON)
        XCTAssertEqual(error("[1, 2]"), .invalidJSON)
        XCTAssertEqual(error(#"{"title": "no formats"}"#), .noVideo)
        XCTAssertEqual(error(#"{"_type": "playlist", "entries": []}"#), .noVideo)
        XCTAssertEqual(error(#"{"url": "file:///etc/passwd"}"#), .refused("file:///etc/passwd"))
        XCTAssertEqual(error(#"{"url": "/etc/passwd"}"#), .refused("/etc/passwd"))
        XCTAssertEqual(error(#"{"requested_formats": [{"url": "https://h/v"}, {"url": "concat:/a|/b"}]}"#), .refused("concat:/a|/b"))
        XCTAssertEqual(error(#"{"_type": "playlist", "entries": [{"url": "file:///home"}]}"#), .refused("file:///home"))
    }

    func testHeadersThatWouldSpanLinesAreDropped() {
        let source = WebSource(url: "https://h/v", hasVideo: true, hasAudio: true,
                               headers: ["X-Evil": "a\r\nHost: other", "X-Good": "b"], cookies: [])
        XCTAssertEqual(source.networkOptions(over: NetworkOptions()).headerFields, ["X-Good: b"])
    }

    func testYTDLGetsTheFormatRawOptionsAndTimeout() {
        var options = PlayerOptions()
        options.web.format = "best[height<=480]"
        options.web.rawOptions = WebOptions.rawOptions("cookies=/tmp/c.txt,--no-playlist=,proxy=")!
        options.network.timeout = 7.5
        let arguments = WebPageResolver.arguments(for: "https://host/p", options: options)
        XCTAssertEqual(Array(arguments.suffix(6)), ["--cookies", "/tmp/c.txt", "--no-playlist", "--proxy", "--", "https://host/p"])
        XCTAssertTrue(arguments.starts(with: ["--no-warnings", "-J", "--flat-playlist", "--format", "best[height<=480]"]))
        XCTAssertEqual(arguments[arguments.firstIndex(of: "--socket-timeout")! + 1], "7.5")
        XCTAssertNil(WebOptions.rawOptions("=x"))
    }

    func testYTDLsErrorIsShortenedAndAPageWithoutVideoSaysSo() {
        XCTAssertEqual(WebPageResolver.failureMessage("WARNING: x\nERROR: [generic] Unsupported URL: http://h/\n", status: 1),
                       "no video found at URL")
        XCTAssertEqual(WebPageResolver.failureMessage("ERROR: [youtube] abc: Video unavailable\n", status: 1),
                       "yt-dlp: [youtube] abc: Video unavailable")
        let long = WebPageResolver.failureMessage("ERROR: " + String(repeating: "x", count: 1000), status: 1)
        XCTAssertEqual(long.count, "yt-dlp: ".count + WebPageResolver.messageLimit)
        XCTAssertEqual(WebPageResolver.failureMessage("", status: 3), "yt-dlp failed (exit status 3)")
    }

    func testAChildProcessIsCollectedAndGivenUpWhenCancelledOrLate() throws {
        let done = ChildProcess.run("/bin/sh", ["-c", "echo out; echo err >&2; exit 3"], interrupt: InterruptFlag(), limit: 10)
        guard case .success(let outcome) = done else { return XCTFail("\(done)") }
        XCTAssertEqual(outcome.status, 3)
        XCTAssertEqual(String(decoding: outcome.output, as: UTF8.self), "out\n")
        XCTAssertEqual(String(decoding: outcome.errors, as: UTF8.self), "err\n")
        XCTAssertEqual(ChildProcess.run("no-such-program-here", [], interrupt: InterruptFlag(), limit: 1), .failure(.notFound("no-such-program-here")))

        let late = ChildProcess.run("/bin/sh", ["-c", "sleep 30"], interrupt: InterruptFlag(), limit: 0.3)
        XCTAssertEqual(late, .failure(.timedOut))

        // The flag is raised while the program (and a child of its own) runs: both end.
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent("vplay-child-\(getpid())").path
        let flag = InterruptFlag()
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) { flag.raise() }
        let cancelled = ChildProcess.run("/bin/sh", ["-c", "sleep 30 & echo $! > \(marker); wait"], interrupt: flag, limit: 60)
        XCTAssertEqual(cancelled, .failure(.cancelled))
        let grandchild = try XCTUnwrap(Int32(String(contentsOfFile: marker, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        try? FileManager.default.removeItem(atPath: marker)
        _ = poll(timeout: .seconds(5), interval: 0.01) { kill(grandchild, 0) != 0 }
        XCTAssertNotEqual(kill(grandchild, 0), 0, "the program's own child outlived it")
    }
}
