import Foundation
import TestSupport
import XCTest
@testable import VPlayCore

/// yt-dlp started ahead for the page a run opens first: taken by that page's open, run once,
/// given up for anything else, and ended when the open is given up.
final class WebPageHeadStartTests: XCTestCase {
    private let page = "http://127.0.0.1:1/page.html"
    private var runs = ""

    override func setUpWithError() throws {
        runs = FileManager.default.temporaryDirectory.appendingPathComponent("vplay-headstart-\(UUID().uuidString)").path
        addTeardownBlock { [runs] in
            WebHeadStart.discard()
            try? FileManager.default.removeItem(atPath: runs)
        }
    }

    /// A stand-in yt-dlp that notes its pid and arguments, then hangs when its format is
    /// `slow` or describes a video titled by its format.
    private func options(format: String = "best") throws -> PlayerOptions {
        let script = runs + ".sh"
        try """
        #!/bin/sh
        echo "$$ $*" >> \(runs)
        case "$*" in *"--format slow"*) exec sleep 300;; esac
        printf '{"title": "%s", "url": "http://127.0.0.1:1/v.mp4"}' "$5"
        """.write(toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o755)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: script) }
        var options = PlayerOptions()
        options.web.program = script
        options.web.format = format
        return options
    }

    /// The pids of the stand-in's runs so far.
    private func pids() -> [pid_t] {
        ((try? String(contentsOfFile: runs, encoding: .utf8)) ?? "").split(separator: "\n")
            .compactMap { $0.split(separator: " ").first.flatMap { pid_t($0) } }
    }

    private func title(_ page: WebPage) -> String? {
        if case .item(let item) = page { return item.title }
        return nil
    }

    func testThePagesOpenTakesTheYTDLStartedAheadAndItRunsOnce() throws {
        let options = try options()
        XCTAssertTrue(WebHeadStart.begin(files: [page], options: options))
        XCTAssertTrue(WebHeadStart.isWaiting)
        let found = try WebPageResolver.resolve(page, options: options, interrupt: InterruptFlag())
        XCTAssertEqual(title(found), "best")
        XCTAssertFalse(WebHeadStart.isWaiting)
        XCTAssertEqual(pids().count, 1, "yt-dlp ran again for the page it was started for")
        // The next open of the page asks yt-dlp anew.
        XCTAssertEqual(title(try WebPageResolver.resolve(page, options: options, interrupt: InterruptFlag())), "best")
        XCTAssertEqual(pids().count, 2)
    }

    func testOnlyOneURLThatMayBeAPageStartsYTDLAhead() throws {
        let options = try options()
        XCTAssertFalse(WebHeadStart.begin(files: ["http://127.0.0.1:1/clip.mp4"], options: options), "media by its name")
        XCTAssertFalse(WebHeadStart.begin(files: ["/tmp/page.html"], options: options), "a local file")
        XCTAssertFalse(WebHeadStart.begin(files: [page, "http://127.0.0.1:1/other.html"], options: options), "two entries")
        var off = options
        off.web.enabled = false
        XCTAssertFalse(WebHeadStart.begin(files: [page], options: off), "--ytdl=no")
        var missing = options
        missing.web.program = "/nonexistent/yt-dlp"
        XCTAssertFalse(WebHeadStart.begin(files: [page], options: missing))
        XCTAssertFalse(WebHeadStart.isWaiting)
        XCTAssertEqual(pids(), [])
        // A name that does not tell (the server will): started, in case it is a page.
        XCTAssertTrue(WebHeadStart.begin(files: ["https://127.0.0.1:1/watch?v=abc"], options: options))
    }

    /// Asked with another command line (another format), or not asked at all (the URL was
    /// media), the yt-dlp started ahead is ended, not left to run.
    func testAYTDLStartedAheadForAnythingElseIsEnded() throws {
        XCTAssertTrue(WebHeadStart.begin(files: [page], options: try options(format: "slow")))
        try waitForRuns(1)
        let found = try WebPageResolver.resolve(page, options: try options(format: "worst"), interrupt: InterruptFlag())
        XCTAssertEqual(title(found), "worst")
        XCTAssertNotEqual(kill(pids()[0], 0), 0, "the yt-dlp started ahead still runs")

        XCTAssertTrue(WebHeadStart.begin(files: [page], options: try options(format: "slow")))
        try waitForRuns(3)
        WebHeadStart.discard()
        XCTAssertNotEqual(kill(pids()[2], 0), 0, "the yt-dlp started ahead still runs once discarded")
        XCTAssertFalse(WebHeadStart.isWaiting)
    }

    /// An open given up (a quit, another file) while the yt-dlp started ahead runs ends it.
    func testGivingUpTheOpenEndsTheYTDLStartedAhead() throws {
        let options = try options(format: "slow")
        XCTAssertTrue(WebHeadStart.begin(files: [page], options: options))
        try waitForRuns(1)
        let flag = InterruptFlag()
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) { flag.raise() }
        XCTAssertThrowsError(try WebPageResolver.resolve(page, options: options, interrupt: flag)) { error in
            XCTAssertEqual(error as? PlayerError, .cancelled(page))
        }
        XCTAssertNotEqual(kill(pids()[0], 0), 0, "yt-dlp still runs after its open was given up")
        XCTAssertEqual(pids().count, 1)
    }

    private func waitForRuns(_ count: Int) throws {
        XCTAssertTrue(poll(timeout: .seconds(30), interval: 0.01) { pids().count >= count }, "the stand-in yt-dlp never started")
    }
}
