import XCTest
@testable import VPlayCore

final class SiblingPlaylistTests: XCTestCase {
    private var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try TemporaryFolder("siblings", [
            "ep1.mkv", "ep2.mkv", "ep10.mkv", "extra.mp4", "song.mp3", "track 2.flac", "cover.jpg", "notes.txt",
            "ep2.srt", ".hidden.mkv", "Season 2/ep3.mkv",
        ])
    }

    override func tearDown() {
        folder.remove()
    }

    private func around(_ name: String, _ mode: AutocreatePlaylist, _ kinds: Set<MediaKind> = MediaKind.all) -> (entries: [String], index: Int)? {
        SiblingPlaylist.entries(around: folder[name], mode: mode, kinds: kinds)
    }

    private func paths(_ names: [String]) -> [String] { names.map { folder[$0] } }

    func testFilterTakesTheFoldersFilesOfTheKindsGiven() throws {
        let all = try XCTUnwrap(around("ep2.mkv", .filter))
        XCTAssertEqual(all.entries, paths(["cover.jpg", "ep1.mkv", "ep2.mkv", "ep10.mkv", "extra.mp4", "song.mp3", "track 2.flac"]))
        XCTAssertEqual(all.index, 2)
        let moving = try XCTUnwrap(around("ep10.mkv", .filter, [.video, .audio]))
        XCTAssertEqual(moving.entries, paths(["ep1.mkv", "ep2.mkv", "ep10.mkv", "extra.mp4", "song.mp3", "track 2.flac"]))
        XCTAssertEqual(moving.index, 2)
    }

    func testSameTakesOnlyTheFilesOfTheGivensKind() throws {
        let videos = try XCTUnwrap(around("ep10.mkv", .same, [.audio]))
        XCTAssertEqual(videos.entries, paths(["ep1.mkv", "ep2.mkv", "ep10.mkv", "extra.mp4"]))
        XCTAssertEqual(videos.index, 2)
        let songs = try XCTUnwrap(around("track 2.flac", .same))
        XCTAssertEqual(songs.entries, paths(["song.mp3", "track 2.flac"]))
        XCTAssertEqual(songs.index, 1)
        let pictures = try XCTUnwrap(around("cover.jpg", .same))
        XCTAssertEqual(pictures.entries, paths(["cover.jpg"]))
        XCTAssertEqual(pictures.index, 0)
        XCTAssertNil(around("notes.txt", .same), "a file of no known kind has no siblings of its kind")
    }

    func testTheGivenFileStaysWhateverTheFilter() throws {
        let hidden = try XCTUnwrap(around(".hidden.mkv", .same))
        XCTAssertEqual(hidden.entries, paths([".hidden.mkv", "ep1.mkv", "ep2.mkv", "ep10.mkv", "extra.mp4"]))
        XCTAssertEqual(hidden.index, 0)
        let picture = try XCTUnwrap(around("cover.jpg", .filter, [.video]))
        XCTAssertEqual(picture.entries, paths(["cover.jpg", "ep1.mkv", "ep2.mkv", "ep10.mkv", "extra.mp4"]))
        XCTAssertEqual(picture.index, 0)
    }

    func testAFileURLCountsAsItsPath() throws {
        let url = URL(fileURLWithPath: folder["track 2.flac"]).absoluteString
        XCTAssertTrue(url.hasPrefix("file://") && url.contains("%20"), url)
        let songs = try XCTUnwrap(SiblingPlaylist.entries(around: url, mode: .same, kinds: MediaKind.all))
        XCTAssertEqual(songs.entries, paths(["song.mp3", "track 2.flac"]))
        XCTAssertEqual(songs.index, 1)
    }

    func testNoPlaylistWhenThereIsNoLocalFileToStandFor() {
        XCTAssertNil(around("ep2.mkv", .no))
        XCTAssertNil(SiblingPlaylist.entries(around: "https://example.com/media/ep2.mkv", mode: .filter, kinds: MediaKind.all))
        XCTAssertNil(SiblingPlaylist.entries(around: "av://lavfi:testsrc", mode: .filter, kinds: MediaKind.all))
        XCTAssertNil(around("missing.mkv", .filter))
        XCTAssertNil(around("Season 2", .filter), "a folder is expanded, not surrounded")
        XCTAssertNil(SiblingPlaylist.entries(around: "/", mode: .filter, kinds: MediaKind.all))
    }

    func testOptionValues() {
        XCTAssertEqual(AutocreatePlaylist(rawValue: "same"), .same)
        XCTAssertEqual(AutocreatePlaylist.allCases.map(\.rawValue), ["no", "filter", "same"])
    }
}
