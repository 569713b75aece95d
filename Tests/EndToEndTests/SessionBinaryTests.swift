import Foundation
import Glibc
import TestSupport
import XCTest

/// The run as a person lives it, with the built `vplay` under Xvfb driven over its IPC socket:
/// settings that stay from one file to the next, commands sent while a slow source opens, a
/// folder played in order, the playlist edited, the watch history kept.
final class SessionBinaryTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("vplay-session-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    /// `vplay --input-ipc-server=… ARGUMENTS`, its socket connected (the file need not be open).
    private func launch(_ arguments: [String], environment: [String: String] = [:]) throws -> (RunningProcess, IPCClient) {
        let socket = directory.appendingPathComponent("ipc.sock").path
        let process = try ChildProcess.launch(BinaryRunner.executableURL().path,
                                              ["--input-ipc-server=\(socket)", "--really-quiet"] + arguments,
                                              environment: ["XDG_STATE_HOME": directory.appendingPathComponent("state").path]
                                                  .merging(environment) { _, given in given })
        addTeardownBlock {
            if process.isRunning {
                process.terminate()
                process.waitForExit(timeout: .seconds(5))
            }
        }
        var client: IPCClient?
        XCTAssertTrue(poll(timeout: .seconds(10)) {
            client = try? IPCClient(path: socket, timeout: .zero)
            return client != nil || !process.isRunning
        })
        return (process, try XCTUnwrap(client, "the socket never answered"))
    }

    private func property(_ client: IPCClient, _ name: String) throws -> IPCJSON? {
        let reply = try client.command("get_property", .string(name))
        return reply.isSuccess ? reply.data : nil
    }

    /// Waits until `name` reads `value`.
    private func waitFor(_ client: IPCClient, _ name: String, _ value: IPCJSON, timeout: Duration = .seconds(15)) throws -> Bool {
        try poll(timeout: timeout) { try property(client, name) == value }
    }

    private func copy(_ clip: URL, to name: String) throws -> String {
        let path = directory.appendingPathComponent(name).path
        try FileManager.default.copyItem(atPath: clip.path, toPath: path)
        return path
    }

    func testVolumeSpeedMuteAndSubtitleDelayStayForTheNextFile() throws {
        let clip = try MediaFactory.clip(.av(seconds: 20))
        let first = try copy(clip, to: "episode 1.mp4"), second = try copy(clip, to: "episode 2.mp4")
        let (_, client) = try launch([first, second])
        XCTAssertTrue(try waitFor(client, "filename", "episode 1.mp4"))
        for (name, value) in [("volume", 40), ("speed", 1.5), ("mute", true), ("sub-delay", 0.25)] as [(String, IPCJSON)] {
            XCTAssertTrue(try client.command("set_property", .string(name), value).isSuccess, name)
        }
        XCTAssertTrue(try client.command("set_property", "ab-loop-a", 2).isSuccess)
        XCTAssertTrue(try client.command("playlist-next").isSuccess)
        XCTAssertTrue(try waitFor(client, "filename", "episode 2.mp4"))
        XCTAssertTrue(try poll(timeout: .seconds(10)) { try property(client, "duration") != nil })
        XCTAssertEqual(try property(client, "volume"), 40)
        XCTAssertEqual(try property(client, "speed"), 1.5)
        XCTAssertEqual(try property(client, "mute"), true)
        XCTAssertEqual(try property(client, "sub-delay"), 0.25)
        XCTAssertEqual(try property(client, "ab-loop-a"), "no", "A-B points belong to the file they were set in")
        XCTAssertEqual(try property(client, "playlist-pos"), 1)
    }

    /// A server that answers after 3 s: every request during the open is answered at once, and
    /// what needs the file is carried out once it has loaded.
    func testCommandsSentWhileASlowSourceOpensAreAnsweredAndKept() throws {
        let server = try FaultServer(.slowStart(3, file: try MediaFactory.clip(.av(seconds: 20))))
        let (_, client) = try launch([server.url("clip.mp4")])
        XCTAssertTrue(poll(timeout: .seconds(5)) { server.connections > 0 }, "vplay never asked the server")
        for (name, value) in [("volume", 30), ("pause", true)] as [(String, IPCJSON)] {
            XCTAssertTrue(try client.command("set_property", .string(name), value).isSuccess, name)
            XCTAssertEqual(try property(client, name), value, "a read after the change sees it")
        }
        XCTAssertTrue(try client.command("seek", 7, "absolute+exact").isSuccess)
        XCTAssertFalse(server.hasAnswered, "every reply came before the source answered")
        XCTAssertNil(try property(client, "duration"), "nothing is loaded yet")
        XCTAssertTrue(try poll(timeout: .seconds(20)) { try property(client, "duration") != nil }, "the source never opened")
        XCTAssertTrue(try poll(timeout: .seconds(10)) { try property(client, "seeking") == false
                                                         && (try property(client, "time-pos"))?.number.map { abs($0 - 7) < 0.05 } == true },
                      "the seek sent during the open was not carried out")
        XCTAssertEqual(try property(client, "volume"), 30)
        XCTAssertEqual(try property(client, "pause"), true)
    }

    func testAFolderPlaysItsMediaInNaturalOrder() throws {
        let clip = try MediaFactory.clip(.av(seconds: 1))
        let season = directory.appendingPathComponent("Season 1")
        try FileManager.default.createDirectory(at: season, withIntermediateDirectories: true)
        for name in ["S01E10.mp4", "S01E2.mp4", "S01E1.mp4"] {
            try FileManager.default.copyItem(atPath: clip.path, toPath: season.appendingPathComponent(name).path)
        }
        try Data("notes".utf8).write(to: season.appendingPathComponent("notes.txt"))
        try Data("1\n00:00:00,000 --> 00:00:01,000\nhi\n".utf8).write(to: season.appendingPathComponent("S01E1.srt"))
        let (process, client) = try launch(["--autoexit", season.path])
        XCTAssertTrue(try waitFor(client, "filename", "S01E1.mp4"))
        let names = try XCTUnwrap(try property(client, "playlist")).arrayValue.compactMap { $0["filename"]?.string }
        XCTAssertEqual(names.map { ($0 as NSString).lastPathComponent }, ["S01E1.mp4", "S01E2.mp4", "S01E10.mp4"])
        XCTAssertEqual(try property(client, "playlist/2/filename")?.string.map { ($0 as NSString).lastPathComponent }, "S01E10.mp4")
        // Each plays in turn, then the run ends.
        XCTAssertTrue(try waitFor(client, "filename", "S01E2.mp4"))
        XCTAssertTrue(try waitFor(client, "filename", "S01E10.mp4"))
        let result = process.waitForExit(timeout: .seconds(15))
        XCTAssertEqual(result.status, 0, result.errorText)
    }

    func testThePlaylistIsEditedOverIPC() throws {
        let clip = try MediaFactory.clip(.av(seconds: 20))
        let paths = try (1...4).map { try copy(clip, to: "part \($0).mp4") }
        let (_, client) = try launch(["--pause", paths[0]])
        XCTAssertTrue(try waitFor(client, "filename", "part 1.mp4"))
        for path in paths.dropFirst() {
            XCTAssertTrue(try client.command("loadfile", .string(path), "append").isSuccess)
        }
        XCTAssertEqual(try property(client, "playlist-count"), 4)
        XCTAssertEqual(try property(client, "filename"), "part 1.mp4", "appending does not interrupt")
        XCTAssertTrue(try client.command("playlist-move", 3, 1).isSuccess)
        XCTAssertEqual(try filenames(client), ["part 1.mp4", "part 4.mp4", "part 2.mp4", "part 3.mp4"])
        XCTAssertTrue(try client.command("playlist-remove", 2).isSuccess)
        XCTAssertEqual(try filenames(client), ["part 1.mp4", "part 4.mp4", "part 3.mp4"])
        XCTAssertTrue(try client.command("set_property", "shuffle", true).isSuccess)
        XCTAssertEqual(try property(client, "shuffle"), true)
        XCTAssertEqual(try filenames(client).first, "part 1.mp4", "the entry playing stays first")
        XCTAssertTrue(try client.command("set_property", "shuffle", false).isSuccess)
        XCTAssertEqual(try filenames(client), ["part 1.mp4", "part 4.mp4", "part 3.mp4"], "unshuffled: the order before")
        XCTAssertTrue(try client.command("set_property", "playlist-pos", 2).isSuccess)
        XCTAssertTrue(try waitFor(client, "filename", "part 3.mp4"))
        XCTAssertEqual(try property(client, "playlist-pos-1"), 3)
        XCTAssertTrue(try client.command("playlist-clear").isSuccess)
        XCTAssertEqual(try filenames(client), ["part 3.mp4"])
    }

    func testOneFileWithAutocreatePlaylistPlaysItsSiblingsOfTheSameKind() throws {
        let clip = try MediaFactory.clip(.av(seconds: 20)), song = try MediaFactory.clip(.audioOnly)
        let second = try copy(clip, to: "lecture 02.mp4")
        _ = try copy(clip, to: "lecture 01.mp4")
        _ = try copy(clip, to: "lecture 10.mp4")
        _ = try copy(song, to: "intro.\(song.pathExtension)")
        let (_, client) = try launch(["--pause", "--autocreate-playlist=same", second])
        XCTAssertTrue(try waitFor(client, "filename", "lecture 02.mp4"))
        XCTAssertEqual(try filenames(client), ["lecture 01.mp4", "lecture 02.mp4", "lecture 10.mp4"])
        XCTAssertEqual(try property(client, "playlist-pos"), 1)
        XCTAssertTrue(try client.command("playlist-next").isSuccess)
        XCTAssertTrue(try waitFor(client, "filename", "lecture 10.mp4"))
    }

    func testTheWatchHistoryKeepsWhatWasPlayedAcrossRuns() throws {
        let clip = try copy(try MediaFactory.clip(.av(seconds: 20)), to: "film \"one\".mp4")
        let (process, client) = try launch(["--pause", "--start=4", clip])
        XCTAssertTrue(try waitFor(client, "filename", "film \"one\".mp4"))
        _ = try client.sendCommand(["quit"])
        XCTAssertEqual(process.waitForExit(timeout: .seconds(10)).status, 0)
        let history = directory.appendingPathComponent("state/vplay/watch_history.jsonl")
        let lines = try String(contentsOf: history, encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(lines.count, 1)
        let entry = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        XCTAssertEqual(entry["path"] as? String, clip)
        XCTAssertEqual((entry["position"] as? Double) ?? -1, 4, accuracy: 0.1)
        XCTAssertEqual((entry["duration"] as? Double) ?? -1, 20, accuracy: 0.1)
        XCTAssertNotNil(entry["time"] as? Int)

        let (again, secondClient) = try launch(["--pause", "--save-watch-history=no", clip])
        XCTAssertTrue(try waitFor(secondClient, "filename", "film \"one\".mp4"))
        _ = try secondClient.sendCommand(["quit"])
        XCTAssertEqual(again.waitForExit(timeout: .seconds(10)).status, 0)
        XCTAssertEqual(try String(contentsOf: history, encoding: .utf8).split(separator: "\n").count, 1,
                       "--save-watch-history=no records nothing")
    }

    private func filenames(_ client: IPCClient) throws -> [String] {
        try XCTUnwrap(try property(client, "playlist")).arrayValue.compactMap { $0["filename"]?.string }
            .map { ($0 as NSString).lastPathComponent }
    }
}

extension IPCJSON {
    var arrayValue: [IPCJSON] {
        if case .array(let values) = self { return values }
        return []
    }
}
