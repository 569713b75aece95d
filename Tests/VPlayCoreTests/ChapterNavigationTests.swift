import VPlayCore
import XCTest

/// Which chapter a position is in and where `add chapter ±n` goes, without a file.
final class ChapterNavigationTests: XCTestCase {
    private let chapters = [Chapter(time: 1, title: "Opening"), Chapter(time: 3, title: "Middle"),
                            Chapter(time: 10, title: "Closing")]

    func testIndexIsMinusOneBeforeTheFirstChapterAndTheLastStartedAfter() {
        XCTAssertEqual(ChapterNavigation.index(at: 0, in: chapters), -1)
        XCTAssertEqual(ChapterNavigation.index(at: 1, in: chapters), 0)
        XCTAssertEqual(ChapterNavigation.index(at: 2.9, in: chapters), 0)
        XCTAssertEqual(ChapterNavigation.index(at: 3, in: chapters), 1)
        XCTAssertEqual(ChapterNavigation.index(at: 60, in: chapters), 2)
        XCTAssertEqual(ChapterNavigation.index(at: 5, in: []), -1)
    }

    func testAFrameLandingAHairBeforeAChapterCountsAsInIt() {
        XCTAssertEqual(ChapterNavigation.index(at: 2.9995, in: chapters), 1)
    }

    func testForwardGoesToTheNextChapterAndPastTheLastToTheEnd() {
        XCTAssertEqual(ChapterNavigation.destination(from: 0, step: 1, in: chapters), .chapter(0))
        XCTAssertEqual(ChapterNavigation.destination(from: 1.5, step: 1, in: chapters), .chapter(1))
        XCTAssertEqual(ChapterNavigation.destination(from: 1.5, step: 2, in: chapters), .chapter(2))
        XCTAssertEqual(ChapterNavigation.destination(from: 10, step: 1, in: chapters), .end)
    }

    func testBackNearAChapterStartGoesToThePreviousChapter() {
        XCTAssertEqual(ChapterNavigation.destination(from: 3, step: -1, in: chapters), .chapter(0))
        XCTAssertEqual(ChapterNavigation.destination(from: 7.9, step: -1, in: chapters), .chapter(0))
        XCTAssertEqual(ChapterNavigation.destination(from: 1.2, step: -1, in: chapters), .chapter(-1))
        XCTAssertEqual(ChapterNavigation.destination(from: 0.5, step: -1, in: chapters), .chapter(-1))
    }

    func testBackWellIntoAChapterGoesToItsOwnStart() {
        XCTAssertEqual(ChapterNavigation.destination(from: 9, step: -1, in: chapters), .chapter(1))
        XCTAssertEqual(ChapterNavigation.destination(from: 9, step: -2, in: chapters), .chapter(0))
    }

    func testNoChaptersNoMove() {
        XCTAssertNil(ChapterNavigation.destination(from: 3, step: 1, in: []))
        XCTAssertNil(ChapterNavigation.destination(from: 3, step: 0, in: chapters))
    }

    func testStateDerivesTheChapterFromThePosition() {
        var state = PlayerState()
        state.chapters = chapters
        state.position = 4
        XCTAssertEqual(state.chapterIndex, 1)
        state.position = 0.5
        XCTAssertEqual(state.chapterIndex, -1)
    }

    func testChapterPropertiesReadTheState() throws {
        var state = PlayerState()
        state.path = "/films/a.mkv"
        state.chapters = [Chapter(time: 1, title: "Opening", metadata: ["title": "Opening"]), Chapter(time: 3)]
        state.position = 3.5
        XCTAssertEqual(try PropertyRegistry.property(named: "chapters").value(in: state), .integer(2))
        XCTAssertEqual(try PropertyRegistry.property(named: "chapter").value(in: state), .integer(1))
        XCTAssertEqual(try PropertyRegistry.property(named: "chapter-list").value(in: state),
                       .list([.map(["time": .number(1), "title": .text("Opening")]), .map(["time": .number(3)])]))
        XCTAssertEqual(try PropertyRegistry.property(named: "chapter").command(adjusting: .add(-1), in: state),
                       .goToChapter(.chapter(0)))
        XCTAssertEqual(try PropertyRegistry.property(named: "chapter").command(setting: .integer(0), in: state),
                       .goToChapter(.chapter(0)))
        XCTAssertThrowsError(try PropertyRegistry.property(named: "chapter").command(setting: .integer(5), in: state))
        state.position = 0
        XCTAssertEqual(try PropertyRegistry.property(named: "chapter-metadata").value(in: state), .unavailable)
    }
}
