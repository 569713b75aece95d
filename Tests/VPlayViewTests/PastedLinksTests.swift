import VPlayCore
import XCTest
@testable import VPlayView

/// Text pasted or dropped on the window: which keys paste, and what the text asks to play.
final class PastedLinksTests: XCTestCase {
    func testCtrlVPlaysAndCtrlShiftVAppends() {
        XCTAssertEqual(KeyPress(.character("v"), modifiers: [.control]).pasteAppends, false)
        XCTAssertEqual(KeyPress(.character("V"), modifiers: [.control, .shift]).pasteAppends, true)
        XCTAssertNil(KeyPress(.character("v")).pasteAppends, "v alone toggles subtitles")
        XCTAssertNil(KeyPress(.character("v"), modifiers: [.control, .alt]).pasteAppends)
    }

    func testEachLineIsALink() {
        XCTAssertEqual(PastedLinks.command(for: "  https://host/watch?v=1 \n", appending: false), .loadFile("https://host/watch?v=1"))
        XCTAssertEqual(PastedLinks.command(for: "/a.mkv\r\n# a comment\r\nfile:///b%20c.mp4\r\n", appending: false),
                       .openFiles(["/a.mkv", "file:///b%20c.mp4"]))
        XCTAssertEqual(PastedLinks.command(for: "https://host/x", appending: true), .appendFiles(["https://host/x"], play: true))
        XCTAssertNil(PastedLinks.command(for: " \n\t\n", appending: false))
        XCTAssertNil(PastedLinks.command(for: "", appending: true))
    }
}
