import Foundation
import TestSupport
import XCTest
@testable import VPlayCore

final class WatchHistoryTests: XCTestCase {
    private typealias Entry = WatchHistory.Entry

    private var root: URL!
    private var file: URL { root.appendingPathComponent("state/vplay/watch_history.jsonl") }
    private var backup: URL { URL(fileURLWithPath: file.path + ".bak") }
    private let warnings = Locked<[String]>([])

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("watch-history-\(UUID().uuidString)")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: root)
    }

    private func makeHistory(limits: WatchHistory.Limits = .init()) -> WatchHistory {
        let warnings = warnings
        return WatchHistory(file: file, limits: limits) { message in warnings.withLock { $0.append(message) } }
    }

    private func entry(_ path: String, position: Double = 30, time: Int = 1_700_000_000) -> Entry {
        Entry(path: path, title: (path as NSString).lastPathComponent, position: position, duration: 3600, time: time)
    }

    private func writeFile(_ bytes: [UInt8]) throws {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: file)
    }

    private func fileLines() throws -> [String] {
        try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            .map(String.init)
    }

    // MARK: - Writing and reading back

    func testAwkwardPathsAndTitlesRoundTrip() throws {
        let history = makeHistory()
        let entries = [
            Entry(path: "/videos/say \"hi\" \\ back.mkv", title: "He said \"no\"\\", position: 0, duration: nil, time: 1),
            Entry(path: "/videos/two\nlines\r\tand\u{1}\u{1f}.mkv", title: "line\none", position: 12.25, duration: 60, time: 2),
            Entry(path: "/vidéos/日本語/🎬 film.mkv", title: "Amélie — 日本 🎬", position: 0.1 + 0.2, duration: 7200.5, time: 3),
            Entry(path: "https://example.com/a b?x=1&y=\"2\"", title: "", position: 1e-7, duration: 1e9, time: 4),
        ]
        for entry in entries { try history.record(entry) }

        XCTAssertEqual(makeHistory().recent(limit: 10), entries.reversed())
        let lines = try fileLines()
        XCTAssertEqual(lines.count, entries.count, "a newline in a name must not split its entry's line")
        for line in lines {
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], line)
            XCTAssertEqual(Set(object.keys).subtracting(["duration"]), ["time", "path", "title", "position"], line)
        }
        XCTAssertEqual(lines[0], #"{"time":1,"path":"/videos/say \"hi\" \\ back.mkv","title":"He said \"no\"\\","position":0.0}"#,
                       "mpv's keys first; an unknown duration is absent")
        XCTAssertTrue(lines[1].contains(#""path":"/videos/two\nlines\r\tand\u0001\u001f.mkv""#), lines[1])
        XCTAssertEqual(warnings.withLock { $0 }, [])
    }

    func testPathsAreRecordedAbsolute() throws {
        let history = makeHistory()
        try history.record(entry("relative.mkv"))
        try history.record(entry("/videos/./extra/../film.mkv"))
        XCTAssertEqual(history.recent(limit: 10).map(\.path),
                       ["/videos/film.mkv", FileManager.default.currentDirectoryPath + "/relative.mkv"])
    }

    func testNewestEntryPerPathWinsNewestFirstWithinTheLimit() throws {
        let history = makeHistory()
        XCTAssertEqual(history.recent(limit: 10), [], "no file yet")
        try history.record(entry("/v/a.mkv", position: 10, time: 100))
        try history.record(entry("/v/b.mkv", position: 20, time: 200))
        try history.record(entry("/v/a.mkv", position: 30, time: 300))
        try history.record(entry("/v/c.mkv", position: 40, time: 400))
        // Newest by the order of the lines, not by `time`: a clock set back does not reorder.
        try history.record(entry("/v/b.mkv", position: 50, time: 50))

        XCTAssertEqual(history.recent(limit: 10).map(\.path), ["/v/b.mkv", "/v/c.mkv", "/v/a.mkv"])
        XCTAssertEqual(history.recent(limit: 10).map(\.position), [50, 40, 30])
        XCTAssertEqual(history.recent(limit: 2).map(\.path), ["/v/b.mkv", "/v/c.mkv"])
        XCTAssertEqual(history.recent(limit: 0), [])
        XCTAssertEqual(try fileLines().count, 5, "appending keeps every line until compaction")
    }

    func testMpvsOwnLinesReadAsWatchedFromTheStart() throws {
        try writeFile(Array(#"{"time":1700000000,"path":"/v/from mpv.mkv","title":"From mpv"}"#.utf8) + [10])
        XCTAssertEqual(makeHistory().recent(limit: 10),
                       [Entry(path: "/v/from mpv.mkv", title: "From mpv", position: 0, duration: nil, time: 1_700_000_000)])
        XCTAssertEqual(warnings.withLock { $0 }, [])
    }

    // MARK: - Checked reading

    func testInvalidLinesAreSkippedWithOneWarning() throws {
        let good = [entry("/v/a.mkv", time: 1), entry("/v/b.mkv", time: 2)]
        let bad = [
            "garbage",
            "{}",
            "[1, 2]",
            "true",
            #"{"time":"soon","path":"/v/x.mkv","title":"x","position":1}"#,
            #"{"time":1.5,"path":"/v/x.mkv","title":"x","position":1}"#,
            #"{"time":1,"path":"relative.mkv","title":"x","position":1}"#,
            #"{"time":1,"path":"/v/x.mkv","title":"x","position":-1}"#,
            #"{"time":1,"path":"/v/x.mkv","title":"x","position":1e999}"#,
            #"{"time":1,"path":"/v/x.mkv","title":"x","position":1,"duration":"long"}"#,
            #"{"time":1,"path":"/v/x.mkv","position":1}"#,
        ].map { Array($0.utf8) } + [Array(#"{"time":1,"path":"/v/"#.utf8) + [0xff, 0xfe] + Array(#"","title":"x","position":1}"#.utf8)]
        var bytes: [UInt8] = []
        bytes += try good[0].jsonLine()
        for line in bad { bytes += line + [10, 10] }   // blank lines in between are harmless
        bytes += try good[1].jsonLine()
        try writeFile(bytes)

        let history = makeHistory()
        XCTAssertEqual(history.recent(limit: 10), good.reversed())
        XCTAssertEqual(history.recent(limit: 10), good.reversed())
        XCTAssertEqual(warnings.withLock { $0 },
                       ["watch history '\(file.path)': skipped \(bad.count) lines that are not valid entries"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: backup.path), "a file with valid entries stays")
    }

    func testATruncatedLastLineIsSkippedAndTheNextEntryStartsAFreshLine() throws {
        let first = entry("/v/a.mkv", time: 1)
        let cut = try entry("/v/cut.mkv", time: 2).jsonLine().dropLast(20)
        try writeFile(try first.jsonLine() + cut)

        let history = makeHistory()
        XCTAssertEqual(history.recent(limit: 10), [first])
        XCTAssertEqual(warnings.withLock { $0 }, [], "the last line may still be being written")

        let next = entry("/v/next.mkv", time: 3)
        try history.record(next)
        XCTAssertEqual(makeHistory().recent(limit: 10), [next, first], "not glued to the cut line")
        XCTAssertEqual(warnings.withLock { $0.count }, 1, "the cut line, now complete, counts as invalid")
    }

    func testABinaryFileIsMovedAsideAndTheHistoryStartsAfresh() throws {
        var generator = SplitMix(seed: 7)
        let binary = generator.bytes(4096) + [0xff, 0xfe, 10, 0, 10]
        try writeFile(binary)

        let history = makeHistory()
        XCTAssertEqual(history.recent(limit: 10), [])
        XCTAssertEqual(try Data(contentsOf: backup), Data(binary), "the old bytes are kept, not deleted")
        XCTAssertFalse(FileManager.default.fileExists(atPath: file.path))
        XCTAssertEqual(warnings.withLock { $0 }, ["watch history '\(file.path)' is not a watch history (binary, "
            + "damaged or a folder): moved to '\(backup.path)', starting afresh"])

        try history.record(entry("/v/a.mkv"))
        XCTAssertEqual(history.recent(limit: 10), [entry("/v/a.mkv")])
        XCTAssertEqual(warnings.withLock { $0.count }, 1)
    }

    func testTheFirstRecordMovesADamagedFileAsideBeforeAppending() throws {
        try writeFile(Array("not a history\n".utf8))
        try makeHistory().record(entry("/v/a.mkv"))
        XCTAssertEqual(makeHistory().recent(limit: 10), [entry("/v/a.mkv")], "the new entry did not go aside with it")
        XCTAssertEqual(try Data(contentsOf: backup), Data("not a history\n".utf8))
    }

    func testAFolderInThePlaceOfTheFileIsMovedAside() throws {
        try FileManager.default.createDirectory(at: file.appendingPathComponent("inside"), withIntermediateDirectories: true)
        try makeHistory().record(entry("/v/a.mkv"))
        XCTAssertEqual(makeHistory().recent(limit: 10), [entry("/v/a.mkv")])
        var isFolder: ObjCBool = false
        XCTAssertTrue(FileManager.default.fileExists(atPath: backup.appendingPathComponent("inside").path, isDirectory: &isFolder))
        XCTAssertTrue(isFolder.boolValue)
    }

    func testAnEarlierBackupIsNotOverwritten() throws {
        try writeFile(Array("first damage\n".utf8))
        XCTAssertEqual(makeHistory().recent(limit: 10), [])
        try writeFile(Array("second damage\n".utf8))
        XCTAssertEqual(makeHistory().recent(limit: 10), [])
        XCTAssertEqual(try String(contentsOf: backup, encoding: .utf8), "first damage\n")
        XCTAssertEqual(try String(contentsOfFile: file.path + ".bak.2", encoding: .utf8), "second damage\n")
    }

    /// Over 16 MiB of old entries, then `newer`; the last 1 MiB holds all of `newer`.
    private func writeHugeFile() throws -> (bytes: [UInt8], newer: [Entry]) {
        var bytes: [UInt8] = []
        var count = 0
        while bytes.count <= 16 << 20 {
            bytes += try entry("/old/\(count).mkv", time: count).jsonLine()
            count += 1
        }
        let newer = (0..<100).map { entry("/new/\($0).mkv", time: count + $0) }
        for entry in newer { bytes += try entry.jsonLine() }
        try writeFile(bytes)
        return (bytes, newer)
    }

    func testAHugeFileIsReadFromItsLastMebibyte() throws {
        let (bytes, newer) = try writeHugeFile()
        let recent = makeHistory().recent(limit: 100_000)
        XCTAssertEqual(Array(recent.prefix(100)), newer.reversed())
        let oldestRead = try XCTUnwrap(recent.last)
        let tailStart = bytes.count - (1 << 20)
        // The byte before the tail tells whether it starts on a line boundary.
        let firstWholeLine = try XCTUnwrap(bytes[(tailStart - 1)...].firstIndex(of: 10)) + 1
        XCTAssertEqual(try oldestRead.jsonLine(), Array(bytes[firstWholeLine...].prefix { $0 != 10 }) + [10],
                       "the first whole line of the tail is the oldest read; the partial one before it is dropped")
        XCTAssertEqual(warnings.withLock { $0 },
                       ["watch history '\(file.path)' is larger than 16 MiB: reading only its last 1 MiB"],
                       "one warning, and the partial first line is not counted as invalid")
    }

    func testAHugeFileIsCompactedFromItsTailAndKeptWhole() throws {
        let (bytes, newer) = try writeHugeFile()
        let history = makeHistory()
        let tail = history.recent(limit: 100_000)
        let lastLine = try entry("/v/last.mkv", time: 1).jsonLine()
        try history.record(entry("/v/last.mkv", time: 1))

        XCTAssertEqual(Array(tail.prefix(100)), newer.reversed())
        let compacted = history.recent(limit: 100_000)
        XCTAssertTrue(compacted == [entry("/v/last.mkv", time: 1)] + tail.prefix(1_999),
                      "the newest 2,000 paths of the tail, \(compacted.count) read")
        XCTAssertLessThan(try Data(contentsOf: file).count, 1 << 20)
        let kept = try Data(contentsOf: backup)
        XCTAssertEqual(kept, Data(bytes + lastLine),
                       "the part a tail leaves out stays in the backup, with the last line appended")
        XCTAssertEqual(warnings.withLock { $0.last }, "watch history '\(file.path)' was rewritten from its last 1 MiB; "
            + "the whole file is kept as '\(backup.path)'")
    }

    // MARK: - Compaction and forgetting

    func testCompactionPast4MiBKeepsTheNewestEntryOf2000Paths() throws {
        // 2,500 paths, each several times, with the newest position last: just under 4 MiB.
        var bytes: [UInt8] = []
        var time = 0
        while bytes.count < (4 << 20) - 4096 {
            bytes += try entry("/v/\(time % 2_500).mkv", position: Double(time), time: time).jsonLine()
            time += 1
        }
        try writeFile(bytes)
        let history = makeHistory()
        let expectedBefore = history.recent(limit: 2_500)
        XCTAssertEqual(expectedBefore.count, 2_500)

        var last = entry("/v/last.mkv", time: time)
        let lineLength = try last.jsonLine().count
        let toThreshold = ((4 << 20) - bytes.count) / lineLength   // records that leave it at 4 MiB or less
        for _ in 0..<toThreshold {
            try history.record(last)
            last.time += 1
        }
        XCTAssertEqual(try Data(contentsOf: file).count, bytes.count + toThreshold * lineLength, "not compacted yet")
        try history.record(last)   // past 4 MiB
        let lines = try fileLines()
        XCTAssertEqual(lines.count, 2_000)
        let compacted = makeHistory().recent(limit: 10_000)
        XCTAssertTrue(compacted == [last] + expectedBefore.prefix(1_999),
                      "the newest entry of each of the newest 2,000 paths, in order; \(compacted.count) read")
        XCTAssertEqual(warnings.withLock { $0 }, [])
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path)
        XCTAssertEqual(Set(leftovers), ["watch_history.jsonl", "watch_history.jsonl.lock"], "no temporary file is left")
    }

    func testCompactingWhileOthersAppendLosesNoLine() throws {
        // Threads, each with its own WatchHistory and so its own descriptors and locks (flock
        // locks belong to the open file, not the process), compacting after almost every line.
        let limits = WatchHistory.Limits(compactionSize: 2048, keptPaths: 100_000)
        let threads = 4, perThread = 100
        let failures = Locked<[String]>([])
        let file = file, warnings = warnings
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            let history = WatchHistory(file: file, limits: limits) { message in warnings.withLock { $0.append(message) } }
            for index in 0..<perThread {
                do throws(WatchHistoryError) {
                    try history.record(Entry(path: "/t\(thread)/\(index).mkv", title: "", position: 1, duration: nil))
                } catch {
                    failures.withLock { $0.append("\(error)") }
                }
            }
        }
        XCTAssertEqual(failures.withLock { $0 }, [])
        let paths = Set(makeHistory().recent(limit: 100_000).map(\.path))
        let expected = Set((0..<threads).flatMap { thread in (0..<perThread).map { "/t\(thread)/\($0).mkv" } })
        let lost = expected.subtracting(paths)
        XCTAssertEqual(lost.count, 0, "lost, appended during a compaction: \(lost.sorted().prefix(5))")
        XCTAssertEqual(paths.count, threads * perThread)
        XCTAssertEqual(warnings.withLock { $0 }, [])
    }

    func testForgetRemovesEveryEntryForThePath() throws {
        let history = makeHistory()
        try history.forget(path: "/v/a.mkv")
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.path), "forgetting creates nothing")

        for (time, path) in ["/v/a.mkv", "/v/b.mkv", "/v/a.mkv", "/v/c.mkv"].enumerated() {
            try history.record(entry(path, time: time))
        }
        let inode = try FileManager.default.attributesOfItem(atPath: file.path)[.systemFileNumber] as? Int
        try history.forget(path: "/v/elsewhere.mkv")
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: file.path)[.systemFileNumber] as? Int, inode,
                       "a path not in the history leaves the file alone")

        try history.forget(path: "/v/./a.mkv")
        XCTAssertEqual(history.recent(limit: 10).map(\.path), ["/v/c.mkv", "/v/b.mkv"])
        XCTAssertFalse(try String(contentsOf: file, encoding: .utf8).contains("/v/a.mkv"))
        let mode = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int)
        XCTAssertEqual(mode, 0o600, "the rewritten file is as private as the appended one")
    }

    func testASymbolicLinkInThePlaceOfTheFileIsFollowed() throws {
        let elsewhere = root.appendingPathComponent("dotfiles/history.jsonl")
        try FileManager.default.createDirectory(at: elsewhere.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: file, withDestinationURL: elsewhere)

        let history = makeHistory()
        try history.record(entry("/v/a.mkv"))
        try history.record(entry("/v/b.mkv"))
        try history.forget(path: "/v/a.mkv")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: file.path), elsewhere.path)
        XCTAssertEqual(WatchHistory(file: elsewhere).recent(limit: 10), [entry("/v/b.mkv")])
    }

    // MARK: - Several players at once

    /// The appending process of `testTwoProcessesAppendingAtOnceLoseNoLine`, which runs this
    /// test binary twice with the environment below; on its own it is skipped.
    func testAppendingProcess() throws {
        let environment = ProcessInfo.processInfo.environment
        guard let path = environment["WATCH_HISTORY_TEST_FILE"], let name = environment["WATCH_HISTORY_TEST_NAME"],
              let gate = environment["WATCH_HISTORY_TEST_GATE"]
        else { throw XCTSkip("runs as one of the processes started by testTwoProcessesAppendingAtOnceLoseNoLine") }
        let gateFD = open(gate, O_RDONLY | O_CLOEXEC)
        XCTAssertGreaterThanOrEqual(gateFD, 0)
        FileHandle.standardOutput.write(Data("appender ready\n".utf8))
        XCTAssertEqual(flock(gateFD, LOCK_SH), 0)   // returns when the parent lets both go
        let history = WatchHistory(file: URL(fileURLWithPath: path))
        for index in 0..<2_000 {
            try history.record(Entry(path: "/\(name)/\(index).mkv", title: "\(name) \(index)", position: Double(index),
                                     duration: 3600, time: index))
        }
        close(gateFD)
    }

    func testTwoProcessesAppendingAtOnceLoseNoLine() throws {
        // Two processes, not threads: what two players sharing one history do.
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let gate = root.appendingPathComponent("gate")
        try Data().write(to: gate)
        let gateFD = open(gate.path, O_RDONLY | O_CLOEXEC)
        defer { close(gateFD) }
        XCTAssertEqual(flock(gateFD, LOCK_EX), 0)

        let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        let names = ["one", "two"]
        let children = try names.map { name in
            try ChildProcess.launch(testBinary, ["VPlayCoreTests.WatchHistoryTests/testAppendingProcess"], environment: [
                "WATCH_HISTORY_TEST_FILE": file.path, "WATCH_HISTORY_TEST_NAME": name, "WATCH_HISTORY_TEST_GATE": gate.path,
            ])
        }
        for child in children {
            XCTAssertTrue(child.waitForOutput(containing: "appender ready", timeout: .seconds(120)))
        }
        XCTAssertEqual(flock(gateFD, LOCK_UN), 0)
        for child in children {
            let result = child.waitForExit(timeout: .seconds(300))
            XCTAssertTrue(result.succeeded, String(result.outputText.suffix(2000) + result.errorText.suffix(2000)))
            XCTAssertTrue(result.outputText.contains("Executed 1 test, with 0 failures"), String(result.outputText.suffix(2000)))
        }

        let lines = try fileLines()
        XCTAssertEqual(lines.count, 4_000)
        var seen: [String: Set<Int>] = [:]
        for line in lines {
            let entry = try XCTUnwrap(Entry(jsonLine: ArraySlice(line.utf8), decoder: JSONDecoder()), line)
            let name = entry.path.split(separator: "/")[0]
            XCTAssertEqual(entry.title, "\(name) \(entry.time)")
            seen[String(name), default: []].insert(entry.time)
        }
        XCTAssertEqual(seen, Dictionary(uniqueKeysWithValues: names.map { ($0, Set(0..<2_000)) }))
        // Proof the two ran at once: their lines alternate somewhere, not one block after the other.
        let owners = lines.map { $0.contains("\"path\":\"/one/") }
        XCTAssertGreaterThan(zip(owners, owners.dropFirst()).filter { $0 != $1 }.count, 1)
    }

    // MARK: - Files and errors

    func testFolderAndFileArePrivate() throws {
        try makeHistory().record(entry("/v/a.mkv"))
        let vplay = file.deletingLastPathComponent()
        for url in [vplay, vplay.deletingLastPathComponent()] {
            let mode = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int)
            XCTAssertEqual(mode, 0o700, url.path)
        }
        for url in [file, URL(fileURLWithPath: file.path + ".lock")] {
            let mode = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int)
            XCTAssertEqual(mode, 0o600, url.path)
        }
    }

    func testRecordFailuresNameTheFileAndTheReason() throws {
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try Data().write(to: root.appendingPathComponent("state"))   // a file where a folder belongs
        let history = makeHistory()
        XCTAssertThrowsError(try history.record(entry("/v/a.mkv"))) { error in
            XCTAssertEqual("\(error)", "cannot write watch history to '\(file.path)': Not a directory")
        }
        XCTAssertThrowsError(try history.record(entry("/v/a.mkv", position: .nan))) { error in
            XCTAssertEqual("\(error)", "cannot write watch history to '\(file.path)': nan is not a playback position")
        }
    }

    func testAnUnknownLengthIsWrittenAsNone() throws {
        let history = makeHistory()
        for duration in [Double.infinity, .nan, -1] {
            var live = entry("/v/live \(duration).mkv")
            live.duration = duration
            try history.record(live)
        }
        XCTAssertEqual(history.recent(limit: 10).map(\.duration), [nil, nil, nil])
        XCTAssertFalse(try String(contentsOf: file, encoding: .utf8).contains("duration"))
    }

    func testDefaultFileFollowsXDG() {
        XCTAssertEqual(WatchHistory.defaultFile(environment: ["XDG_STATE_HOME": "/x/state", "HOME": "/home/u"]).path,
                       "/x/state/vplay/watch_history.jsonl")
        XCTAssertEqual(WatchHistory.defaultFile(environment: ["HOME": "/home/u"]).path,
                       "/home/u/.local/state/vplay/watch_history.jsonl")
        XCTAssertEqual(WatchHistory.defaultFile(environment: ["XDG_STATE_HOME": "rel", "HOME": "/home/u"]).path,
                       "/home/u/.local/state/vplay/watch_history.jsonl", "a relative XDG path is ignored")
    }
}
