import Foundation
import VPlayCore
import VPlayView
import XCTest

/// What a recent file's row says (title, how far it was watched, the time left) and what
/// clicks and keys on the list ask for.
final class RecentListTests: XCTestCase {
    private func file(_ name: String, position: Double = 30, duration: Double? = 120, exists: Bool = true) -> RecentFile {
        RecentFile(path: "/films/\(name).mkv", title: name, position: position, duration: duration, exists: exists)
    }

    private func list(_ count: Int) -> RecentList {
        RecentList(files: (0..<count).map { file("film \($0)", position: Double(10 * $0)) })
    }

    private func key(_ key: Key, _ modifiers: KeyModifiers = []) -> OverlayKeyPress {
        OverlayKeyPress(.key(key), modifiers: modifiers)
    }

    // MARK: what a row says

    func testTheWatchedFractionIsThePositionOverTheDurationAndFullOnceWatched() throws {
        XCTAssertEqual(try XCTUnwrap(file("a", position: 30, duration: 120).watchedFraction), 0.25, accuracy: 1e-9)
        XCTAssertEqual(file("a", position: 0, duration: 120).watchedFraction, 0)
        XCTAssertEqual(try XCTUnwrap(file("a", position: 113.9, duration: 120).watchedFraction), 113.9 / 120, accuracy: 1e-9)
        XCTAssertFalse(file("a", position: 113.9, duration: 120).isWatched)
        // 95 % and on is the end: the bar is full.
        XCTAssertTrue(file("a", position: 114, duration: 120).isWatched)
        XCTAssertEqual(file("a", position: 114, duration: 120).watchedFraction, 1)
        XCTAssertEqual(file("a", position: 119.5, duration: 120).watchedFraction, 1)
        XCTAssertEqual(file("a", position: 500, duration: 120).watchedFraction, 1)
        // No length, no bar.
        XCTAssertNil(file("a", position: 30, duration: nil).watchedFraction)
        XCTAssertNil(file("a", position: 30, duration: 0).watchedFraction)
        XCTAssertNil(file("a", position: 30, duration: .infinity).watchedFraction)
        XCTAssertFalse(file("a", position: 30, duration: nil).isWatched)
    }

    func testTheRowSaysTheTimeLeftOrWatched() {
        XCTAssertEqual(file("a", position: 30, duration: 120).progressText, "1:30 left")
        XCTAssertEqual(file("a", position: 0, duration: 59.9).progressText, "0:59 left")
        XCTAssertEqual(file("a", position: 600, duration: 7200).progressText, "1:50:00 left")
        XCTAssertEqual(file("a", position: 6500, duration: 7200).progressText, "11:40 left", "no hours once under one")
        XCTAssertEqual(file("a", position: 114, duration: 120).progressText, "watched")
        XCTAssertEqual(file("a", position: 245, duration: nil).progressText, "at 4:05")
        XCTAssertEqual(file("a", position: 30, duration: 120).detailText, "1:30 left")
        XCTAssertEqual(file("a", position: 30, duration: 120, exists: false).detailText, "not found")
    }

    func testTheRowShowsTheTitleElseTheFileName() {
        XCTAssertEqual(RecentFile(path: "/films/b.mkv", title: "Big Buck Bunny", position: 0, duration: nil).displayTitle,
                       "Big Buck Bunny")
        XCTAssertEqual(RecentFile(path: "/films/b.mkv", title: "", position: 0, duration: nil).displayTitle, "b.mkv")
        XCTAssertEqual(RecentFile(path: "/films/b.mkv", title: "  \n", position: 0, duration: nil).displayTitle, "b.mkv")
        XCTAssertEqual(RecentFile(path: "https://example.com/v/clip.mp4?t=3", title: "", position: 0, duration: nil).displayTitle,
                       "clip.mp4")
    }

    func testAFileThatIsGoneIsFoundGone() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vplay-recent-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let present = folder.appendingPathComponent("here.mp4")
        try Data([1]).write(to: present)
        let entry = WatchHistory.Entry(path: present.path, title: "here", position: 3, duration: 9)
        XCTAssertTrue(RecentFile(entry).exists)
        XCTAssertEqual(RecentFile(entry).localPath, present.path)
        try FileManager.default.removeItem(at: present)
        XCTAssertFalse(RecentFile(entry).exists)
        XCTAssertFalse(RecentFile.fileExists("file://" + present.path))
        XCTAssertTrue(RecentFile.fileExists("https://example.com/clip.mp4"), "a stream is not looked for")
        XCTAssertNil(RecentFile(path: "https://example.com/clip.mp4", title: "", position: 0, duration: nil).localPath)
    }

    // MARK: clicks

    func testAClickPlaysFromWhereItWasLeftOrFromTheStartOnceWatched() {
        let recent = RecentList(files: [file("left", position: 42.5, duration: 120), file("done", position: 118, duration: 120),
                                        file("stream", position: 42.5, duration: nil)])
        XCTAssertEqual(recent.action(for: .row(0)), .resume(path: "/films/left.mkv", at: 42.5))
        XCTAssertEqual(recent.action(for: .row(1)), .resume(path: "/films/done.mkv", at: 0))
        XCTAssertEqual(recent.action(for: .row(2)), .resume(path: "/films/stream.mkv", at: 42.5))
        XCTAssertEqual(recent.action(for: .forget(1)), .forget(path: "/films/done.mkv"))
        XCTAssertNil(recent.action(for: .row(3)))
        XCTAssertEqual(recent.action(for: .row(0))?.command, .resume("/films/left.mkv", at: 42.5))
        XCTAssertNil(recent.action(for: .forget(0))?.command)
    }

    func testAForgottenRowGoesAndTheSelectionStaysInPlace() {
        var recent = list(4)
        _ = recent.handle(key(.down), shown: 4, hovered: nil)
        _ = recent.handle(key(.down), shown: 4, hovered: nil)
        XCTAssertEqual(recent.selection, 1)
        recent.remove(path: "/films/film 0.mkv")
        XCTAssertEqual(recent.files.map(\.title), ["film 1", "film 2", "film 3"])
        XCTAssertEqual(recent.selection, 0, "still on film 1")
        recent.remove(path: "/films/film 1.mkv")
        XCTAssertEqual(recent.selection, 0, "on film 2, which took its place")
        recent.remove(path: "/films/film 3.mkv")
        XCTAssertEqual(recent.selection, 0)
        recent.remove(path: "/films/film 2.mkv")
        XCTAssertTrue(recent.files.isEmpty)
        XCTAssertNil(recent.selection)
        recent.remove(path: "/films/none.mkv")
    }

    func testANewReadingKeepsTheSelectionOnItsFile() {
        var recent = list(3)
        _ = recent.handle(key(.up), shown: 3, hovered: nil)
        XCTAssertEqual(recent.selection, 2)
        recent.show([file("new"), file("film 2"), file("film 0")])
        XCTAssertEqual(recent.selection, 1)
        recent.show([file("other")])
        XCTAssertNil(recent.selection)
    }

    // MARK: keys

    func testUpAndDownMoveTheSelectionAmongTheRowsShown() {
        var recent = list(6)
        XCTAssertNil(recent.selection)
        XCTAssertEqual(recent.handle(key(.down), shown: 4, hovered: nil), .moved)
        XCTAssertEqual(recent.selection, 0, "Down starts at the top")
        _ = recent.handle(key(.down), shown: 4, hovered: nil)
        _ = recent.handle(key(.down), shown: 4, hovered: nil)
        _ = recent.handle(key(.down), shown: 4, hovered: nil)
        _ = recent.handle(key(.down), shown: 4, hovered: nil)
        XCTAssertEqual(recent.selection, 3, "stops at the last row shown")
        _ = recent.handle(key(.up), shown: 4, hovered: nil)
        XCTAssertEqual(recent.selection, 2)
        // A smaller window shows fewer rows: the selection is drawn on the last of them.
        XCTAssertEqual(recent.selection(shown: 2), 1)
        XCTAssertEqual(recent.handle(key(.up), shown: 2, hovered: nil), .moved)
        XCTAssertEqual(recent.selection, 0)
        _ = recent.handle(key(.up), shown: 2, hovered: nil)
        XCTAssertEqual(recent.selection, 0, "stops at the top")

        var fresh = list(6)
        _ = fresh.handle(key(.up), shown: 4, hovered: nil)
        XCTAssertEqual(fresh.selection, 3, "Up starts at the bottom")
    }

    func testEnterOpensTheSelectedFile() {
        var recent = list(3)
        XCTAssertNil(recent.handle(key(.enter), shown: 3, hovered: nil), "nothing selected: the bindings have Enter")
        _ = recent.handle(key(.down), shown: 3, hovered: nil)
        _ = recent.handle(key(.down), shown: 3, hovered: nil)
        XCTAssertEqual(recent.handle(key(.enter), shown: 3, hovered: nil), .resume(path: "/films/film 1.mkv", at: 10))
    }

    func testDeleteForgetsTheRowUnderThePointerElseTheSelectedOne() {
        var recent = list(4)
        XCTAssertNil(recent.handle(OverlayKeyPress(.delete), shown: 4, hovered: nil), "nothing to forget")
        XCTAssertEqual(recent.handle(OverlayKeyPress(.delete), shown: 4, hovered: 2), .forget(path: "/films/film 2.mkv"))
        _ = recent.handle(key(.down), shown: 4, hovered: nil)
        XCTAssertEqual(recent.handle(OverlayKeyPress(.delete), shown: 4, hovered: nil), .forget(path: "/films/film 0.mkv"))
        XCTAssertEqual(recent.handle(OverlayKeyPress(.delete), shown: 4, hovered: 3), .forget(path: "/films/film 3.mkv"))
    }

    func testOtherKeysAndKeysWithModifiersAreLeftToTheBindings() {
        var recent = list(3)
        XCTAssertNil(recent.handle(key(.down, [.control]), shown: 3, hovered: nil))
        XCTAssertNil(recent.handle(key(.up, [.shift]), shown: 3, hovered: nil))
        XCTAssertNil(recent.handle(key(.character("o"), [.control]), shown: 3, hovered: nil))
        XCTAssertNil(recent.handle(key(.character("q")), shown: 3, hovered: nil))
        XCTAssertNil(recent.handle(key(.escape), shown: 3, hovered: nil))
        XCTAssertNil(recent.handle(OverlayKeyPress(.function(8)), shown: 3, hovered: nil))
        XCTAssertNil(recent.selection)
        // No rows shown: no key is the list's.
        var empty = RecentList()
        XCTAssertNil(empty.handle(key(.down), shown: 0, hovered: nil))
        XCTAssertNil(recent.handle(key(.down), shown: 0, hovered: nil))
    }
}
