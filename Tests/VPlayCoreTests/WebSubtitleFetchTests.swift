import Foundation
import TestSupport
import XCTest
@testable import VPlayCore

/// A page's subtitles are fetched side by side before its media opens: the media waits for
/// the slowest of them, not for their sum.
final class WebSubtitleFetchTests: XCTestCase {
    func testThePagesSubtitlesAreFetchedAtOnceAndKeepTheirOrder() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("vplay-subs-\(UUID().uuidString).vtt")
        try "WEBVTT\n\n00:00.000 --> 00:01.000\nHello\n".write(to: file, atomically: true, encoding: .utf8)
        addTeardownBlock { try? FileManager.default.removeItem(at: file) }
        // Each answer waits until all three requests are in: fetched one after another, none comes.
        let server = try FaultServer(.together(3, file: file))
        let subtitles = ["en", "de", "fr"].map { WebSubtitle(language: $0, url: server.url("\($0).vtt"), format: "vtt") }
        let warnings = Locked<[String]>([])
        let fetched = WebSubtitleFetch.fetch(subtitles, preferring: ["de"], network: NetworkOptions(),
                                             interrupt: InterruptFlag(), warn: { line in warnings.withLock { $0.append(line) } })
        XCTAssertEqual(warnings.withLock { $0 }, [])
        XCTAssertEqual(fetched.map(\.language), ["de", "en", "fr"], "the preferred language first, then the page's order")
        for (path, _) in fetched {
            XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), try String(contentsOf: file, encoding: .utf8))
        }
        XCTAssertEqual(server.connections, 3)
    }
}
