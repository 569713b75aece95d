import XCTest
import Glibc
@testable import VPlayCore

final class DirectoryExpansionTests: XCTestCase {
    private var folder: TemporaryFolder!
    private var warnings: [String] = []

    /// Videos, songs and a picture, with what a folder also holds and a playlist must not.
    private let tree = [
        "ep10.mkv", "ep2.mkv", "Ep1.MKV", "song.mp3", "cover.jpg", "notes.txt", "ep2.srt", "ep2.en.ass", "noextension",
        ".hidden.mkv", ".cache/inside.mkv",
        "Season 10/a.mkv", "Season 2/b.mp4", "Season 2/Extras/c.webm", "Season 2/Extras/info.nfo", "Empty/",
    ]

    override func setUpWithError() throws {
        folder = try TemporaryFolder("folders", tree)
        warnings = []
    }

    override func tearDown() {
        folder.remove()
    }

    private func entries(of path: String? = nil, _ mode: DirectoryMode, _ kinds: Set<MediaKind> = MediaKind.all) -> [String] {
        DirectoryExpansion.entries(of: path ?? folder.path, mode: mode, kinds: kinds) { warnings.append($0) }
    }

    private func paths(_ relative: [String]) -> [String] { relative.map { folder[$0] } }

    func testRecursiveListsAFoldersFilesThenItsSubfoldersInNaturalOrder() {
        XCTAssertEqual(entries(.recursive), paths([
            "cover.jpg", "Ep1.MKV", "ep2.mkv", "ep10.mkv", "song.mp3",
            "Season 2/b.mp4", "Season 2/Extras/c.webm",
            "Season 10/a.mkv",
        ]))
        XCTAssertEqual(warnings, [])
    }

    func testLazyLeavesEachSubfolderAsOneEntryForLater() {
        XCTAssertEqual(entries(.lazy), paths([
            "cover.jpg", "Ep1.MKV", "ep2.mkv", "ep10.mkv", "song.mp3", "Empty", "Season 2", "Season 10",
        ]))
        // Reached, the subfolder's entry lists in turn.
        XCTAssertEqual(entries(of: folder["Season 2"], .lazy), paths(["Season 2/b.mp4", "Season 2/Extras"]))
        XCTAssertEqual(warnings, [])
    }

    func testIgnoreLeavesSubfoldersOut() {
        XCTAssertEqual(entries(.ignore), paths(["cover.jpg", "Ep1.MKV", "ep2.mkv", "ep10.mkv", "song.mp3"]))
        XCTAssertEqual(entries(of: folder["Empty"], .ignore), [])
    }

    func testOnlyTheKindsAsked() {
        XCTAssertEqual(entries(.recursive, [.video]), paths([
            "Ep1.MKV", "ep2.mkv", "ep10.mkv", "Season 2/b.mp4", "Season 2/Extras/c.webm", "Season 10/a.mkv",
        ]))
        XCTAssertEqual(entries(.ignore, [.audio, .image]), paths(["cover.jpg", "song.mp3"]))
        // No kind named: every file, as mpv's empty filter, but never subtitles or hidden files.
        XCTAssertEqual(entries(.ignore, []), paths([
            "cover.jpg", "Ep1.MKV", "ep2.mkv", "ep10.mkv", "noextension", "notes.txt", "song.mp3",
        ]))
    }

    func testARelativeFolderGivesAbsolutePaths() throws {
        let cwd = FileManager.default.currentDirectoryPath
        XCTAssertEqual(DirectoryExpansion.absolute("a/./b//c/"), cwd + "/a/b/c")
        XCTAssertEqual(DirectoryExpansion.absolute("/x//y/./z"), "/x/y/z")
        XCTAssertEqual(DirectoryExpansion.absolute("/"), "/")
        XCTAssertEqual(entries(of: folder.path + "/./Season 10//", .recursive), paths(["Season 10/a.mkv"]))
    }

    func testLinksAreFollowedAndALoopEndsTheWalk() throws {
        try folder.link("Season 2/Extras/up", to: "../..")
        try folder.link("Season 10/again", to: folder.path)
        try folder.link("Season 10/self", to: ".")
        try folder.link("linked.mkv", to: "ep2.mkv")
        XCTAssertEqual(entries(.recursive, [.video]), paths([
            "Ep1.MKV", "ep2.mkv", "ep10.mkv", "linked.mkv", "Season 2/b.mp4", "Season 2/Extras/c.webm", "Season 10/a.mkv",
        ]))
        // Lazily, a link back to the folder listed is no entry; one further up is caught when listed.
        try folder.link("back", to: ".")
        XCTAssertEqual(entries(.lazy, [.video]), paths([
            "Ep1.MKV", "ep2.mkv", "ep10.mkv", "linked.mkv", "Empty", "Season 2", "Season 10",
        ]))
        XCTAssertEqual(warnings, [])
    }

    func testAFolderReachedTwiceIsListedOnce() throws {
        try folder.link("Season 2 again", to: "Season 2")
        XCTAssertEqual(entries(.recursive, [.video]).filter { $0.contains("/Season") }, paths([
            "Season 2/b.mp4", "Season 2/Extras/c.webm", "Season 10/a.mkv",
        ]))
    }

    func testUnreadableEntriesWarnEachThenByNumber() throws {
        for index in 1...5 { try folder.link("broken\(index).mkv", to: "missing\(index)") }
        try folder.link("Gone", to: "removed folder")
        XCTAssertEqual(entries(.recursive, [.audio]), paths(["song.mp3"]))
        // Named in the order of the names, whatever order the file system lists them in.
        XCTAssertEqual(warnings, (1...ReadProblems.named).map {
            "cannot read '\(folder["broken\($0).mkv"])': No such file or directory; skipped"
        } + ["3 more entries could not be read; skipped"])
    }

    func testANameThatIsNotUTF8IsSkippedWithAWarningWhenItWouldHavePlayed() throws {
        for name in ["bad\u{FF}.mkv", "bad\u{FF}.txt"] {
            // The byte 0xFF alone, as a file system may hold it.
            let bytes = (folder.path + "/").utf8.map { CChar(bitPattern: $0) }
                + name.unicodeScalars.map { CChar(bitPattern: UInt8($0.value)) } + [0]
            let descriptor = open(bytes, O_CREAT | O_WRONLY, 0o644)
            XCTAssertGreaterThanOrEqual(descriptor, 0)
            close(descriptor)
        }
        XCTAssertEqual(entries(.ignore, [.video]), paths(["Ep1.MKV", "ep2.mkv", "ep10.mkv"]))
        XCTAssertEqual(warnings.count, 1, "\(warnings)")
        XCTAssertTrue(warnings.first?.contains(".mkv'") == true, "\(warnings)")
    }

    func testAFolderThatIsNotThereWarnsAndGivesNothing() {
        XCTAssertEqual(entries(of: folder["vanished"], .recursive), [])
        XCTAssertEqual(warnings, ["cannot read '\(folder["vanished"])': No such file or directory; skipped"])
        warnings = []
        XCTAssertEqual(entries(of: folder["ep2.mkv"], .recursive), [])
        XCTAssertEqual(warnings.count, 1)
        XCTAssertFalse(DirectoryExpansion.isDirectory(folder["ep2.mkv"]))
        XCTAssertFalse(DirectoryExpansion.isDirectory(folder["vanished"]))
        XCTAssertTrue(DirectoryExpansion.isDirectory(folder["Season 2"]))
    }

    func testAFolderThatCannotBeOpenedIsSkippedWithAWarning() throws {
        // Root reads any folder whatever its mode; this case needs an ordinary user.
        try XCTSkipIf(getuid() == 0, "running as root: a folder's mode does not keep root out")
        XCTAssertEqual(chmod(folder["Season 2"], 0), 0)
        defer { chmod(folder["Season 2"], 0o755) }
        XCTAssertEqual(entries(.recursive, [.video]), paths(["Ep1.MKV", "ep2.mkv", "ep10.mkv", "Season 10/a.mkv"]))
        XCTAssertEqual(warnings, ["cannot read '\(folder["Season 2"])': Permission denied; skipped"])
    }

    func testOptionValues() {
        XCTAssertEqual(DirectoryMode(option: "auto"), .recursive)
        XCTAssertEqual(DirectoryMode(option: "lazy"), .lazy)
        XCTAssertNil(DirectoryMode(option: "sometimes"))
        XCTAssertEqual(MediaKind.kinds(fromFilterTypes: "video,audio,image"), MediaKind.all)
        XCTAssertEqual(MediaKind.kinds(fromFilterTypes: " Video , audio"), [.video, .audio])
        XCTAssertEqual(MediaKind.kinds(fromFilterTypes: ""), [])
        XCTAssertNil(MediaKind.kinds(fromFilterTypes: "video,subtitles"))
        XCTAssertEqual(MediaKind.of(path: "/a.b/Clip.MKV"), .video)
        XCTAssertEqual(MediaKind.of(path: "x.Flac"), .audio)
        XCTAssertEqual(MediaKind.of(path: "a/b.jpeg"), .image)
        XCTAssertNil(MediaKind.of(path: "clip.srt"))
        XCTAssertNil(MediaKind.of(path: "mkv"))
        XCTAssertNil(MediaKind.of(path: "dir.mkv/file"))
        XCTAssertNil(MediaKind.of(path: ".mkv"))
    }

    func testAHundredThousandFiles() throws {
        let count = 100_000
        let big = try TemporaryFolder("folders-large")
        defer { big.remove() }
        // Made in a scrambled order, so the listing's order is the sort's doing.
        for index in (1...count).shuffled() {
            let descriptor = open(big["clip \(index).mkv"], O_CREAT | O_WRONLY, 0o644)
            XCTAssertGreaterThanOrEqual(descriptor, 0)
            close(descriptor)
        }
        var times: [Double] = []
        var listed: [String] = []
        for _ in 0..<3 {
            let start = DispatchTime.now().uptimeNanoseconds
            listed = entries(of: big.path, .recursive)
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        print("listing \(count) files: \(times.map { String(format: "%.3f s", $0) }), median \(String(format: "%.3f s", times.sorted()[1]))")
        XCTAssertEqual(listed.count, count)
        XCTAssertEqual(listed.first, big["clip 1.mkv"])
        XCTAssertEqual(listed.last, big["clip \(count).mkv"])
        XCTAssertTrue(listed.indices.allSatisfy { listed[$0] == big["clip \($0 + 1).mkv"] })
        XCTAssertEqual(warnings, [])
    }
}
