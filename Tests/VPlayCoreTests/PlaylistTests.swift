import TestSupport
import XCTest
import VPlayCore

final class PlaylistTests: XCTestCase {
    func testMovesWithinTheListOnly() {
        var list = Playlist(["a", "b", "c"])
        XCTAssertEqual(list.current, "a")
        XCTAssertFalse(list.apply(.previous))
        XCTAssertTrue(list.apply(.next))
        XCTAssertTrue(list.apply(.next))
        XCTAssertEqual(list.current, "c")
        XCTAssertFalse(list.hasNext)
        XCTAssertFalse(list.apply(.next))
        XCTAssertTrue(list.apply(.previous))
        XCTAssertEqual(list.current, "b")
    }

    func testRoundAgainFromEitherEnd() {
        var list = Playlist(["a", "b", "c"])
        XCTAssertTrue(list.apply(.last))
        XCTAssertEqual(list.current, "c")
        XCTAssertTrue(list.apply(.first))
        XCTAssertEqual(list.current, "a")
        var empty = Playlist([])
        XCTAssertFalse(empty.apply(.first))
    }

    func testAnOpenedFilePlaysNextAndStays() {
        var list = Playlist(["a", "b"])
        XCTAssertTrue(list.apply(.open("dropped")))
        XCTAssertEqual(list.current, "dropped")
        XCTAssertEqual(list.entries, ["a", "dropped", "b"])
        XCTAssertTrue(list.apply(.next))
        XCTAssertEqual(list.current, "b")
    }
}

final class PlaylistEditingTests: XCTestCase {
    func testMoveKeepsTheCurrentEntryAndFollowsMpvsBeforeRule() {
        var list = Playlist(["a", "b", "c", "d"])
        XCTAssertTrue(list.select(1))
        XCTAssertTrue(list.move(from: 0, to: 4))
        XCTAssertEqual(list.entries, ["b", "c", "d", "a"])
        XCTAssertEqual(list.current, "b")
        XCTAssertTrue(list.move(from: 3, to: 0))
        XCTAssertEqual(list.entries, ["a", "b", "c", "d"])
        XCTAssertTrue(list.move(from: 1, to: 3))
        XCTAssertEqual(list.entries, ["a", "c", "b", "d"])
        XCTAssertEqual(list.current, "b")
        XCTAssertFalse(list.move(from: 7, to: 0))
        XCTAssertTrue(list.move(from: 2, to: 3), "before the entry after it: already there")
        XCTAssertEqual(list.entries, ["a", "c", "b", "d"])
    }

    func testRemoveSaysWhetherTheCurrentEntryWent() {
        var list = Playlist(["a", "b", "c"])
        XCTAssertTrue(list.select(2))
        XCTAssertFalse(list.remove(at: 0))
        XCTAssertEqual(list.current, "c", "the current entry stays current when one before it goes")
        XCTAssertTrue(list.remove(at: 1))
        XCTAssertEqual(list.entries, ["b"])
        XCTAssertFalse(list.remove(at: 5))
    }

    func testShuffleKeepsTheCurrentFirstAndUnshuffleRestoresTheOrder() {
        let names = (0..<50).map { "e\($0)" }
        var list = Playlist(names)
        XCTAssertTrue(list.select(10))
        var generator = SplitMix(seed: 7)
        list.shuffle(using: &generator)
        XCTAssertTrue(list.isShuffled)
        XCTAssertEqual(list.current, "e10")
        XCTAssertEqual(list.index, 0)
        XCTAssertNotEqual(list.entries, names)
        XCTAssertEqual(Set(list.entries), Set(names))
        list.append(["late"])
        XCTAssertTrue(list.apply(.next))
        let playing = list.current
        list.unshuffle()
        XCTAssertFalse(list.isShuffled)
        XCTAssertEqual(list.entries, names + ["late"])
        XCTAssertEqual(list.current, playing)
    }

    func testIdsStayWithTheirEntries() {
        var list = Playlist(["a", "b"])
        let ids = list.items.map(\.id)
        XCTAssertEqual(Set(ids).count, 2)
        XCTAssertTrue(list.move(from: 1, to: 0))
        XCTAssertEqual(list.items.map(\.id), ids.reversed())
        list.describe(id: ids[0], title: "A title", duration: 12)
        XCTAssertEqual(list.items.first { $0.id == ids[0] }?.title, "A title")
        list.expand(id: ids[1], into: ["b1", "b2"])
        XCTAssertEqual(list.entries, ["b1", "b2", "a"])
        XCTAssertEqual(Set(list.items.map(\.id)).count, 3)
    }

    func testClearKeepsOnlyTheCurrentEntry() {
        var list = Playlist(["a", "b", "c"])
        XCTAssertTrue(list.select(1))
        list.clearOthers()
        XCTAssertEqual(list.entries, ["b"])
        XCTAssertEqual(list.current, "b")
    }
}
