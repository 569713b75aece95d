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

    func testChosenFilesReplaceTheListAndStopEmptiesIt() {
        var playlist = Playlist(["a.mkv", "b.mkv"])
        XCTAssertTrue(playlist.apply(.next))
        XCTAssertTrue(playlist.apply(.replace(["c.mkv", "d.mkv"])))
        XCTAssertEqual(playlist.entries, ["c.mkv", "d.mkv"])
        XCTAssertEqual(playlist.current, "c.mkv")
        XCTAssertFalse(playlist.apply(.replace([])), "nothing chosen, nothing to play")
        XCTAssertFalse(Playlist(["a.mkv"]).applying(.stop).hasCurrent)
    }
}

private extension Playlist {
    func applying(_ move: PlaylistMove) -> Playlist {
        var copy = self
        _ = copy.apply(move)
        return copy
    }

    var hasCurrent: Bool { current != nil }
}

