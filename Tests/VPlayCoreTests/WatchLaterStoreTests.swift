import XCTest
@testable import VPlayCore

final class WatchLaterStoreTests: XCTestCase {
    private var root: URL!
    private var directory: URL { root.appendingPathComponent("state/vplay/watch_later") }
    private let warnings = Locked<[String]>([])
    private let media = "/videos/film.mkv"

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("watch-later-\(UUID().uuidString)")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: root)
    }

    private func makeStore() -> WatchLaterStore {
        let warnings = warnings
        return WatchLaterStore(directory: directory) { message in warnings.withLock { $0.append(message) } }
    }

    private func writeEntry(_ bytes: [UInt8], for path: String) throws -> URL {
        let url = makeStore().entryURL(for: path)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
        return url
    }

    func testRoundTrip() throws {
        let store = makeStore()
        XCTAssertNil(store.position(for: media))
        try store.save(position: 123.456, for: media)
        XCTAssertEqual(store.position(for: media), 123.456)
        try store.save(position: 200, for: media)
        XCTAssertEqual(store.position(for: media), 200)
        XCTAssertNil(store.position(for: "/videos/other.mkv"))

        let text = try String(contentsOf: store.entryURL(for: media), encoding: .utf8)
        XCTAssertEqual(text, "start=200.000\npath=/videos/film.mkv\n")

        store.remove(for: media)
        XCTAssertNil(store.position(for: media))
        XCTAssertEqual(warnings.withLock { $0 }, [], "missing entries are not worth a warning")
    }

    func testTheTracksAndSubtitleDelayChosenAreKeptWithThePosition() throws {
        let store = makeStore()
        let entry = WatchLaterEntry(position: 75.5, audioTrack: .id(2), subtitleTrack: TrackChoice.none, subtitleDelay: -0.25)
        try store.save(entry, for: media)
        XCTAssertEqual(store.entry(for: media), entry)
        XCTAssertEqual(try String(contentsOf: store.entryURL(for: media), encoding: .utf8),
                       "start=75.500\npath=/videos/film.mkv\naid=2\nsid=no\nsub-delay=-0.250\n")
        for bad in ["aid=two\n", "sid=-1\n", "sub-delay=1e3\n", "volume=100\n", "aid=1\naid=2\n"] {
            _ = try writeEntry(Array("start=75.500\npath=/videos/film.mkv\n\(bad)".utf8), for: media)
            XCTAssertNil(store.entry(for: media), bad)
        }
    }

    func testTheFilesLoudnessIsKeptWithThePositionAndABadFigureCostsOnlyItself() throws {
        let store = makeStore()
        let entry = WatchLaterEntry(position: 75.5, audioTrack: .id(1), loudness: -23.456)
        try store.save(entry, for: media)
        XCTAssertEqual(try String(contentsOf: store.entryURL(for: media), encoding: .utf8),
                       "start=75.500\npath=/videos/film.mkv\naid=1\nloudness=-23.46\n")
        XCTAssertEqual(store.entry(for: media), WatchLaterEntry(position: 75.5, audioTrack: .id(1), loudness: -23.46))
        try store.save(WatchLaterEntry(position: 75.5, loudness: .nan), for: media)
        XCTAssertEqual(store.entry(for: media), WatchLaterEntry(position: 75.5), "a figure that is no number is not written")

        // Unreadable: the position and choices stay, the figure reads as not a number (the
        // player then ignores it and measures).
        for bad in ["loudness=loud\n", "loudness=-1e3\n", "loudness=nan\n", "loudness=\n"] {
            _ = try writeEntry(Array("start=75.500\npath=/videos/film.mkv\naid=2\n\(bad)".utf8), for: media)
            let read = try XCTUnwrap(store.entry(for: media), bad)
            XCTAssertEqual(read.position, 75.5, bad)
            XCTAssertEqual(read.audioTrack, .id(2), bad)
            XCTAssertTrue(read.loudness?.isNaN ?? false, bad)
        }
        _ = try writeEntry(Array("start=75.500\npath=/videos/film.mkv\nloudness=-20\nloudness=-21\n".utf8), for: media)
        XCTAssertNil(store.entry(for: media), "a figure twice is not an entry of ours")
        XCTAssertEqual(warnings.withLock { $0 }.count, 1, "\(warnings.withLock { $0 })")
    }

    func testTheKeyIsTheAbsoluteStandardizedPath() throws {
        let store = makeStore()
        try store.save(position: 42, for: "/videos/./extra/../film.mkv")
        XCTAssertEqual(store.position(for: media), 42)

        let cwd = FileManager.default.currentDirectoryPath
        try store.save(position: 43, for: "relative.mkv")
        XCTAssertEqual(store.position(for: cwd + "/relative.mkv"), 43)

        XCTAssertEqual(store.entryURL(for: media).lastPathComponent, WatchLaterStore.fnv1a64Hex(media))
        // Published FNV-1a 64 vectors: the names stay the same across builds and machines.
        XCTAssertEqual(WatchLaterStore.fnv1a64Hex(""), "cbf29ce484222325")
        XCTAssertEqual(WatchLaterStore.fnv1a64Hex("a"), "af63dc4c8601ec8c")
        XCTAssertEqual(WatchLaterStore.absolutePath("https://example.com/a/../v.mp4"),
                       "https://example.com/a/../v.mp4")
    }

    func testDirectoryAndEntriesArePrivate() throws {
        try makeStore().save(position: 30, for: media)
        let vplay = directory.deletingLastPathComponent()
        for url in [directory, vplay, vplay.deletingLastPathComponent()] {
            let mode = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int)
            XCTAssertEqual(mode, 0o700, url.path)
        }
        let entry = makeStore().entryURL(for: media).path
        let mode = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: entry)[.posixPermissions] as? Int)
        XCTAssertEqual(mode, 0o600)
    }

    func testSaveLeavesNoTemporaryFiles() throws {
        let store = makeStore()
        for position in [11.0, 12, 13] { try store.save(position: position, for: media) }
        try store.save(position: 14, for: "/videos/b.mkv")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        XCTAssertEqual(names, [store.entryURL(for: media), store.entryURL(for: "/videos/b.mkv")]
            .map(\.lastPathComponent).sorted())
    }

    func testAnInterruptedSaveLeavesTheOldEntry() throws {
        let store = makeStore()
        try store.save(position: 100, for: media)
        // What a kill between write and rename leaves: a complete or partial temporary file.
        let entry = store.entryURL(for: media)
        let leftover = directory.appendingPathComponent(".\(entry.lastPathComponent).\(UUID().uuidString).tmp")
        try Data("start=999.000\npa".utf8).write(to: leftover)
        XCTAssertEqual(store.position(for: media), 100)
        try store.save(position: 150, for: media)
        XCTAssertEqual(store.position(for: media), 150)
    }

    func testHostileEntriesAreIgnoredAndReportedOnce() throws {
        let good = "start=12.5\npath=\(media)\n"
        let cases: [(String, [UInt8])] = [
            ("empty", []),
            ("truncated", Array("start=12.5\npath=/vid".utf8)),
            ("no newline", Array("start=12.5".utf8)),
            ("other file", Array("start=12.5\npath=/videos/other.mkv\n".utf8)),
            ("extra line", Array((good + "evil=1\n").utf8)),
            ("negative", Array("start=-5\npath=\(media)\n".utf8)),
            ("nan", Array("start=nan\npath=\(media)\n".utf8)),
            ("inf", Array("start=inf\npath=\(media)\n".utf8)),
            ("exponent", Array("start=1e308\npath=\(media)\n".utf8)),
            ("huge number", Array("start=\(String(repeating: "9", count: 400))\npath=\(media)\n".utf8)),
            ("two dots", Array("start=1.2.3\npath=\(media)\n".utf8)),
            ("not UTF-8", Array("start=12.5\npath=".utf8) + [0xff, 0xfe] + Array("\n".utf8)),
            ("over 4 KiB", Array(good.utf8) + [UInt8](repeating: 0x20, count: 4096)),
        ]
        for (label, bytes) in cases {
            warnings.withLock { $0.removeAll() }
            let url = try writeEntry(bytes, for: media)
            let store = makeStore()
            XCTAssertNil(store.position(for: media), label)
            XCTAssertNil(store.position(for: media), label)
            let reported = warnings.withLock { $0 }
            XCTAssertEqual(reported.count, 1, "\(label): \(reported)")
            XCTAssertTrue(reported.first?.contains(url.path) ?? false, label)
        }
        _ = try writeEntry(Array(good.utf8), for: media)
        XCTAssertEqual(makeStore().position(for: media), 12.5, "the same format, well formed, is accepted")
    }

    func testSymlinksAndFIFOsAreRefusedWithoutBlocking() throws {
        let store = makeStore()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let target = root.appendingPathComponent("elsewhere")
        try Data("start=12.5\npath=\(media)\n".utf8).write(to: target)
        try FileManager.default.createSymbolicLink(at: store.entryURL(for: media), withDestinationURL: target)
        XCTAssertNil(store.position(for: media))

        let fifoPath = "/videos/fifo.mkv"
        XCTAssertEqual(mkfifo(store.entryURL(for: fifoPath).path, 0o600), 0)
        XCTAssertNil(store.position(for: fifoPath))
        XCTAssertEqual(warnings.withLock { $0.count }, 2)
    }

    func testAWarningComesBackAfterTheEntryWasRepaired() throws {
        let store = makeStore()
        _ = try writeEntry(Array("junk".utf8), for: media)
        XCTAssertNil(store.position(for: media))
        try store.save(position: 20, for: media)
        XCTAssertEqual(store.position(for: media), 20)
        _ = try writeEntry(Array("junk again".utf8), for: media)
        XCTAssertNil(store.position(for: media))
        XCTAssertEqual(warnings.withLock { $0.count }, 2)
    }

    func testSaveFailuresNameTheFileAndTheReason() throws {
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try Data().write(to: root.appendingPathComponent("state"))   // a file where a directory belongs
        let store = makeStore()
        XCTAssertThrowsError(try store.save(position: 30, for: media)) { error in
            XCTAssertEqual("\(error)", "cannot save resume position to '\(store.entryURL(for: media).path)': Not a directory")
        }
        XCTAssertThrowsError(try store.save(position: .nan, for: media))
        XCTAssertThrowsError(try store.save(position: -1, for: media))
        XCTAssertThrowsError(try store.save(position: 30, for: "/" + String(repeating: "x", count: 4100)))
    }

    func testShouldSavePolicy() {
        let table: [(position: Double, duration: Double?, expected: Bool)] = [
            (30, nil, false),          // unknown length (a stream)
            (30, 60, false),           // a minute or shorter
            (30, 60.5, true),
            (9.99, 600, false),        // the first 10 s
            (10, 600, true),
            (569.9, 600, true),
            (570, 600, false),         // the last 5 %
            (599, 600, false),
            (.nan, 600, false),
            (30, .infinity, false),
        ]
        for row in table {
            XCTAssertEqual(WatchLaterStore.shouldSave(position: row.position, duration: row.duration), row.expected,
                           "\(row.position) of \(String(describing: row.duration))")
        }
    }

    func testDefaultDirectoryFollowsXDG() {
        XCTAssertEqual(WatchLaterStore.defaultDirectory(environment: ["XDG_STATE_HOME": "/x/state", "HOME": "/home/u"]).path,
                       "/x/state/vplay/watch_later")
        XCTAssertEqual(WatchLaterStore.defaultDirectory(environment: ["HOME": "/home/u"]).path,
                       "/home/u/.local/state/vplay/watch_later")
        XCTAssertEqual(WatchLaterStore.defaultDirectory(environment: ["XDG_STATE_HOME": "rel", "HOME": "/home/u"]).path,
                       "/home/u/.local/state/vplay/watch_later", "a relative XDG path is ignored")
    }
}
