import Foundation
import TestSupport
import XCTest
@testable import VPlayCore

/// yt-dlp's answer is taken as soon as its line of JSON is whole: its exit is not waited for,
/// and it is still waited for (not left a zombie) once it ends.
final class WebPageAnswerTests: XCTestCase {
    func testAWholeAnswerIsTakenBeforeYTDLEndsAndItIsWaitedForAfter() throws {
        let folder = try Unprivileged.makeDirectory(named: "vplay-answer")
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let go = folder.appendingPathComponent("go").path, pidFile = folder.appendingPathComponent("pid").path
        let script = folder.appendingPathComponent("yt-dlp").path
        // The answer in two writes (a reader sees a part first), then an exit held until `go`.
        try """
        #!/bin/sh
        echo $$ > \(pidFile)
        printf '{"title": "early", '
        sleep 0.2
        printf '"url": "http://127.0.0.1:1/v.mp4"}\\n'
        while [ ! -e \(go) ]; do sleep 0.02; done
        exit 0
        """.write(toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o755)
        var options = PlayerOptions()
        options.web.program = script
        let page = try WebPageResolver.resolve("http://127.0.0.1:1/page.html", options: options, interrupt: InterruptFlag())
        guard case .item(let item) = page else { return XCTFail("\(page)") }
        XCTAssertEqual(item.title, "early")
        XCTAssertEqual(item.main.url, "http://127.0.0.1:1/v.mp4")
        let pid = try XCTUnwrap(pid_t(String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        XCTAssertEqual(kill(pid, 0), 0, "the answer waited for yt-dlp to end")
        _ = FileManager.default.createFile(atPath: go, contents: nil)
        // Gone only once waited for: a zombie still takes signals.
        XCTAssertTrue(poll(timeout: .seconds(30), interval: 0.02) { kill(pid, 0) != 0 }, "yt-dlp was never waited for")
    }

    func testAnAnswerCutShortIsStillReadToTheEnd() throws {
        // Not one JSON object: the output is read to the program's end and judged then.
        let script = try Unprivileged.makeDirectory(named: "vplay-answer").appendingPathComponent("yt-dlp").path
        addTeardownBlock { try? FileManager.default.removeItem(atPath: (script as NSString).deletingLastPathComponent) }
        try "#!/bin/sh\necho '{\"title\": oops'\necho 'ERROR: broken' >&2\nexit 1\n".write(toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o755)
        var options = PlayerOptions()
        options.web.program = script
        XCTAssertThrowsError(try WebPageResolver.resolve("http://127.0.0.1:1/page.html", options: options, interrupt: InterruptFlag())) {
            XCTAssertEqual($0 as? PlayerError, .cannotOpen("http://127.0.0.1:1/page.html", "yt-dlp: broken"))
        }
    }
}
