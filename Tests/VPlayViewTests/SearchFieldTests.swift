import VPlayCore
import XCTest
@testable import VPlayView

/// The subtitle search field's editing, and the matching it asks the player for.
final class SearchFieldTests: XCTestCase {
    func testTypingEditingSearchingAndClosing() {
        var field = SearchField(openedWith: "/")
        field.type("/")
        XCTAssertEqual(field.query, "", "the opening key's own text is not typed")
        field.type("café\n")
        XCTAssertEqual(field.query, "café")
        XCTAssertEqual(field.handle(.backspace), .edited)
        XCTAssertEqual(field.query, "caf")
        field.type("/x")
        XCTAssertEqual(field.query, "caf/x", "a slash typed later is text")
        XCTAssertEqual(field.handle(.enter), .search("caf/x"))
        XCTAssertEqual(field.handle(.character("a")), .ignored, "letters come as text")
        XCTAssertEqual(field.handle(.escape), .close)
        var empty = SearchField()
        XCTAssertEqual(empty.handle(.enter), .ignored, "nothing to search for")
        XCTAssertEqual(field.label, "Find: caf/x▏")
    }

    func testLinesAreFoundIgnoringCaseAndAccentsAfterThePositionThenRound() {
        let lines = [SubtitleEvent(start: 1, end: 2, text: "L'été arrive"), SubtitleEvent(start: 4, end: 5, text: "Rien"),
                     SubtitleEvent(start: 7, end: 8, text: "Un ÉTÉ\nchaud")]
        XCTAssertEqual(SubtitleSearch.next("ete", in: lines, after: 0)?.start, 1)
        XCTAssertEqual(SubtitleSearch.next("ete", in: lines, after: 1)?.start, 7, "the line just found is passed")
        XCTAssertEqual(SubtitleSearch.next("été chaud", in: lines, after: 0)?.start, 7, "across the line break")
        XCTAssertEqual(SubtitleSearch.next("ETE", in: lines, after: 7)?.start, 1, "round from the start")
        XCTAssertNil(SubtitleSearch.next("hiver", in: lines, after: 0))
        XCTAssertNil(SubtitleSearch.next("  ", in: lines, after: 0))
    }
}
