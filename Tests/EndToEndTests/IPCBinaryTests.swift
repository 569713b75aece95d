import Foundation
import Glibc
import TestSupport
import XCTest

/// The built `vplay` driven through its mpv-style JSON IPC socket (`--input-ipc-server`),
/// as a script or another program would: a real window under Xvfb, one JSON message per line.
final class IPCBinaryTests: XCTestCase {
    /// 20 s, 320×240 at 25 fps, a keyframe every 2 s, with audio: long enough that
    /// no test reaches the end while it plays.
    static let clip = ClipSpec.av(seconds: 20)
    static let frameDuration = 0.04

    func testPauseAndUnpauseBySetPropertyAndCycle() throws {
        let player = try IPCTestPlayer.launch(clip: try MediaFactory.clip(Self.clip), paused: false)
        let client = try player.connect()
        let playing = try client.waitForTimePos(atLeast: 0.2)

        XCTAssertTrue(try client.command("observe_property", 1, "pause").isSuccess)
        try client.expectPauseChange(id: 1, to: false, after: 0)

        // set_property: the `pause` property and mpv's `pause` event.
        var mark = client.messages.count
        XCTAssertTrue(try client.command("set_property", "pause", true).isSuccess)
        try client.expectPauseChange(id: 1, to: true, after: mark)
        XCTAssertNotNil(client.waitFor(after: mark, timeout: .seconds(5)) { $0["event"] == "pause" }, "no pause event")
        XCTAssertEqual(try client.command("get_property", "pause").data, true)
        // Paused: the position holds still (checked over 0.3 s of polling).
        let frozen = try client.double("time-pos")
        XCTAssertGreaterThanOrEqual(frozen, playing)
        let holdUntil = ContinuousClock.now + .milliseconds(300)
        while ContinuousClock.now < holdUntil {
            XCTAssertEqual(try client.double("time-pos"), frozen, accuracy: 0.001, "time-pos moved while paused")
        }

        // cycle flips it back and forth.
        mark = client.messages.count
        XCTAssertTrue(try client.command("cycle", "pause").isSuccess)
        try client.expectPauseChange(id: 1, to: false, after: mark)
        XCTAssertNotNil(client.waitFor(after: mark, timeout: .seconds(5)) { $0["event"] == "unpause" }, "no unpause event")
        XCTAssertEqual(try client.command("get_property", "pause").data, false)
        try client.waitForTimePos(atLeast: frozen + 0.2)

        mark = client.messages.count
        XCTAssertTrue(try client.command("cycle", "pause").isSuccess)
        try client.expectPauseChange(id: 1, to: true, after: mark)
        XCTAssertEqual(try client.command("get_property", "pause").data, true)

        mark = client.messages.count
        XCTAssertTrue(try client.command("set_property", "pause", false).isSuccess)
        try client.expectPauseChange(id: 1, to: false, after: mark)
        // Each change was reported exactly once: false, true, false, true, false.
        let reported = client.messages.filter { $0["event"] == "property-change" && $0["id"] == 1 }.map { $0["data"] }
        XCTAssertEqual(reported, [false, true, false, true, false])
    }

    /// Every seek mode and precision, from a paused player so positions are exact.
    func testSeeksOfEveryKind() throws {
        let player = try IPCTestPlayer.launch(clip: try MediaFactory.clip(Self.clip), paused: true)
        let client = try player.connect()
        let duration = try client.double("duration")
        XCTAssertEqual(duration, 20, accuracy: 0.1)

        let frame = Self.frameDuration
        try seek(client, [5, "absolute+exact"], expect: 5, tolerance: frame)
        try seek(client, [-2, "relative"], expect: 3, tolerance: frame)
        try seek(client, [50, "absolute-percent"], expect: duration * 0.5, tolerance: frame)
        try seek(client, [10, "relative-percent"], expect: duration * 0.6, tolerance: frame)
        // To the keyframe at or before 3 s: keyframes are every 2 s, so 2 s.
        let keyframe = try seek(client, [3, "absolute+keyframes"], expect: 2, tolerance: frame)
        XCTAssertLessThanOrEqual(keyframe, 3 + 0.001, "keyframe seek went past its target")
        XCTAssertEqual(keyframe.remainder(dividingBy: 2), 0, accuracy: frame, "not on the 2 s keyframe grid")
        // Still paused after all that.
        XCTAssertEqual(try client.command("get_property", "pause").data, true)
    }

    func testObservedTimePosIncreasesWhilePlaying() throws {
        let player = try IPCTestPlayer.launch(clip: try MediaFactory.clip(Self.clip), paused: false)
        let client = try player.connect()
        XCTAssertTrue(try client.command("observe_property", 7, "time-pos").isSuccess)
        var values: [Double] = []
        let deadline = ContinuousClock.now + .seconds(10)
        while values.count < 10 || (values.last ?? 0) - (values.first ?? 0) < 0.5 {
            guard ContinuousClock.now < deadline else { break }
            client.pump(for: .milliseconds(100))
            values = client.messages
                .filter { $0["event"] == "property-change" && $0["id"] == 7 && $0["name"] == "time-pos" }
                .compactMap { $0["data"]?.number }
        }
        XCTAssertGreaterThanOrEqual(values.count, 10, "too few time-pos changes: \(values)")
        XCTAssertGreaterThanOrEqual((values.last ?? 0) - (values.first ?? 0), 0.5, "time-pos hardly moved: \(values)")
        for (earlier, later) in zip(values, values.dropFirst()) {
            XCTAssertLessThan(earlier, later, "time-pos went from \(earlier) to \(later): \(values)")
        }
    }

    func testQuitWithCodeEndsProcessWithThatStatus() throws {
        let player = try IPCTestPlayer.launch(clip: try MediaFactory.clip(Self.clip), paused: true)
        let client = try player.connect()
        let mark = client.messages.count
        try client.send(#"{"command":["quit",3],"request_id":99}"#)
        let result = player.process.waitForExit(timeout: .seconds(10))
        XCTAssertFalse(result.timedOut, "vplay did not exit after quit 3")
        XCTAssertFalse(result.wasSignalled)
        XCTAssertEqual(result.status, 3, result.errorText)
        // The client heard the reply and `shutdown` before the socket closed, which goes with it.
        XCTAssertTrue(client.waitForClose(timeout: .seconds(5)), "socket still open after exit")
        XCTAssertTrue(client.messages[mark...].contains { $0["request_id"] == 99 && $0.isSuccess }, "\(client.messages)")
        XCTAssertTrue(client.messages[mark...].contains { $0["event"] == "shutdown" }, "no shutdown event")
        XCTAssertFalse(FileManager.default.fileExists(atPath: player.socketPath), "socket file left behind")
    }

    func testTwoClientsBothGetAnswersAndEvents() throws {
        let player = try IPCTestPlayer.launch(clip: try MediaFactory.clip(Self.clip), paused: true)
        let first = try player.connect()
        let second = try player.connect()
        let names = [try first.command("client_name").data, try second.command("client_name").data]
        XCTAssertNotNil(names[0]?.string)
        XCTAssertNotEqual(names[0], names[1], "two connections share one client name")
        for client in [first, second] {
            XCTAssertTrue(try client.command("observe_property", 1, "pause").isSuccess)
            try client.expectPauseChange(id: 1, to: true, after: 0)
        }

        // Both ask at once; each gets its own answer.
        let firstID = try first.sendCommand(["get_property", "duration"])
        let secondID = try second.sendCommand(["get_property", "filename"])
        XCTAssertEqual(try first.reply(to: firstID).data?.number ?? 0, 20, accuracy: 0.1)
        XCTAssertEqual(try second.reply(to: secondID).data?.string, player.clipName)

        // A change made by one is announced to both.
        var marks = [first.messages.count, second.messages.count]
        XCTAssertTrue(try first.command("set_property", "pause", false).isSuccess)
        for (client, mark) in zip([first, second], marks) {
            try client.expectPauseChange(id: 1, to: false, after: mark)
            XCTAssertNotNil(client.waitFor(after: mark, timeout: .seconds(5)) { $0["event"] == "unpause" })
        }
        marks = [first.messages.count, second.messages.count]
        XCTAssertTrue(try second.command("set_property", "pause", true).isSuccess)
        for (client, mark) in zip([first, second], marks) {
            try client.expectPauseChange(id: 1, to: true, after: mark)
        }
        marks = [first.messages.count, second.messages.count]
        XCTAssertTrue(try second.command("seek", 4, "absolute+exact").isSuccess)
        for (client, mark) in zip([first, second], marks) {
            try client.expectSeekEvents(after: mark)
        }
        XCTAssertEqual(try first.double("time-pos"), 4, accuracy: Self.frameDuration)
        XCTAssertEqual(try second.double("time-pos"), 4, accuracy: Self.frameDuration)
    }

    /// Over a thousand malformed messages, then a line over 1 MiB: each gets an error
    /// (the long one also closes its connection) and the player carries on.
    func testMalformedMessagesAreRefusedAndPlayerCarriesOn() throws {
        let player = try IPCTestPlayer.launch(clip: try MediaFactory.clip(Self.clip), paused: false)
        let client = try player.connect()
        try client.waitForTimePos(atLeast: 0.1)
        let mark = client.messages.count

        let fuzz = IPCFuzz.messages(seed: 0x5eed_1bc)
        XCTAssertGreaterThanOrEqual(fuzz.count, 1000)
        var bytes: [UInt8] = []
        for message in fuzz { bytes += message.bytes + [0x0A] }
        try client.send(bytes: bytes)
        // Answers only: events (none are expected while it plays on) are not answers.
        var answers = 0
        let everyAnswer = client.waitFor(after: mark, timeout: .seconds(30)) { message in
            if message["event"] == nil { answers += 1 }
            return answers >= fuzz.count
        }
        let replies = client.messages[mark...].filter { $0["event"] == nil }
        XCTAssertNotNil(everyAnswer, "\(replies.count) answers to \(fuzz.count) malformed messages")
        XCTAssertEqual(replies.count, fuzz.count, "not one answer per message")
        XCTAssertEqual(client.unparsedLines, [], "the server wrote lines that are not JSON")
        XCTAssertEqual(replies.filter { $0["error"] == nil }.count, 0, "answers without an error field")
        XCTAssertEqual(replies.filter(\.isSuccess).count, 0, "a malformed message succeeded")
        // Messages with an id get it back.
        let answeredIDs = Set(replies.compactMap { $0["request_id"]?.number })
        let unanswered = fuzz.filter { message in message.requestID.map { !answeredIDs.contains(Double($0)) } ?? false }
        XCTAssertEqual(unanswered.count, 0, "unanswered, e.g.: \(unanswered.prefix(5).map(\.text))")
        guard player.process.isRunning else {
            let result = player.process.waitForExit(timeout: .seconds(5))
            return XCTFail("vplay exited during the fuzz (status \(result.status)); stderr: \(result.errorText.suffix(2000))")
        }

        // A line longer than 1 MiB: an error, then the server hangs up on that client only.
        let greedy = try player.connect()
        let filler = [UInt8](repeating: UInt8(ascii: "x"), count: (1 << 20) + 4096)
        let huge = Array(#"{"command":["client_name"],"padding":""#.utf8) + filler + Array("\"}\n".utf8)
        try? greedy.send(bytes: huge)  // the server may hang up before taking it all
        XCTAssertTrue(greedy.waitForClose(timeout: .seconds(10)), "a line over 1 MiB did not close its connection")
        XCTAssertEqual(greedy.messages.count, 1, "\(greedy.messages)")
        XCTAssertFalse(greedy.messages.first?.isSuccess ?? true, "the huge line succeeded")

        // The first client and a new one are still served, and playback goes on.
        XCTAssertEqual(try client.command("get_property", "pause").data, false)
        XCTAssertEqual(try player.connect().command("get_property", "pause").data, false)
        let now = try client.double("time-pos")
        try client.waitForTimePos(atLeast: now + 0.3)
        XCTAssertTrue(player.process.isRunning)
    }

    func testSocketFileIsOwnerOnly() throws {
        // A umask of 0 would leave the socket 0777 unless the server sets the mode itself.
        let saved = umask(0)
        let player: IPCTestPlayer
        do {
            defer { umask(saved) }
            player = try IPCTestPlayer.launch(clip: try MediaFactory.clip(Self.clip), paused: true)
        }
        _ = try player.connect()
        var info = stat()
        XCTAssertEqual(lstat(player.socketPath, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFSOCK, "not a socket")
        XCTAssertEqual(String(info.st_mode & 0o7777, radix: 8), "600")
        XCTAssertEqual(info.st_uid, getuid())
    }

    /// While playing, `playback-restart` means the target's picture is up and the clock stands
    /// at it: time-pos read right then is the target, give or take the reply's round trip
    /// (a picture still decoding while the sound ran on put it 100–300 ms past).
    func testExactSeeksWhilePlayingRestartAtTheTarget() throws {
        let player = try IPCTestPlayer.launch(clip: try MediaFactory.clip(Self.clip), paused: false)
        let client = try player.connect()
        try client.waitForTimePos(atLeast: 0.5)
        for target in [7.3, 13.02, 3.55, 16.7] {
            let mark = client.messages.count
            XCTAssertTrue(try client.request(["seek", .number(target), "absolute+exact"]).isSuccess)
            try client.expectSeekEvents(after: mark)
            let position = try client.double("time-pos")
            XCTAssertGreaterThanOrEqual(position, target - 0.001, "landed before \(target)")
            XCTAssertLessThan(position - target, 0.1, "already past \(target) when playback restarted")
            try client.waitForTimePos(atLeast: target + 0.3)
        }
    }

    /// Sends one seek, waits for its `seek` then `playback-restart` events, and checks
    /// `time-pos` against `expect`. Returns the position.
    @discardableResult
    private func seek(_ client: IPCClient, _ arguments: [IPCJSON], expect: Double, tolerance: Double,
                      file: StaticString = #filePath, line: UInt = #line) throws -> Double {
        let mark = client.messages.count
        let reply = try client.request(["seek"] + arguments)
        XCTAssertTrue(reply.isSuccess, "seek \(arguments): \(reply)", file: file, line: line)
        try client.expectSeekEvents(after: mark, file: file, line: line)
        let position = try client.double("time-pos")
        XCTAssertEqual(position, expect, accuracy: tolerance, "time-pos after seek \(arguments)", file: file, line: line)
        XCTAssertEqual(try client.command("get_property", "seeking").data, false, file: file, line: line)
        return position
    }
}

// MARK: - A running player with its socket

/// `vplay --input-ipc-server=PATH [--pause] CLIP`, killed (and its socket removed) when released.
final class IPCTestPlayer {
    let process: RunningProcess
    let socketPath: String
    let clipName: String

    private init(process: RunningProcess, socketPath: String, clipName: String) {
        self.process = process
        self.socketPath = socketPath
        self.clipName = clipName
    }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitForExit(timeout: .seconds(5))
        }
        unlink(socketPath)
    }

    /// Starts the player and returns once its socket answers with the file open (`duration`
    /// known): the socket is up before the file is, and until then the state is a blank one.
    /// - Parameters:
    ///   - arguments: more options, before the clip.
    ///   - currentDirectory: where the player runs; nil for this process's directory.
    static func launch(clip: URL, paused: Bool, arguments: [String] = [], currentDirectory: URL? = nil,
                       timeout: Duration = .seconds(15)) throws -> IPCTestPlayer {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("vplay-ipc-\(UUID().uuidString.prefix(8)).sock").path
        let process = try ChildProcess.launch(BinaryRunner.executableURL().path,
                                              ["--input-ipc-server=\(path)", "--really-quiet"]
                                                  + (paused ? ["--pause"] : []) + arguments + [clip.path],
                                              currentDirectory: currentDirectory)
        let player = IPCTestPlayer(process: process, socketPath: path, clipName: clip.lastPathComponent)
        var probe: IPCClient?
        var lastAnswer: IPCJSON?
        _ = poll(timeout: timeout, interval: 0.02) {
            if probe == nil { probe = try? IPCClient(path: path, timeout: .zero) }
            lastAnswer = try? probe?.command("get_property", "duration")
            return lastAnswer?.isSuccess == true || !process.isRunning
        }
        guard lastAnswer?.isSuccess == true else {
            let stderr = String(decoding: process.outputSoFar(on: .error), as: UTF8.self)
            throw EndToEndError("vplay's socket \(path) never answered with the file open (connected: "
                                + "\(probe != nil), last answer: \(lastAnswer.map { "\($0)" } ?? "none"), "
                                + "running: \(process.isRunning)); stderr: \(stderr.suffix(2000))")
        }
        return player
    }

    func connect() throws -> IPCClient {
        try IPCClient(path: socketPath)
    }
}

// MARK: - Malformed messages

/// Reproducible garbage for the IPC server: none of it is a valid request.
enum IPCFuzz {
    struct Message {
        let bytes: [UInt8]
        /// The id the answer must carry, for messages that are objects with one.
        let requestID: Int?
        var text: String { String(decoding: bytes.prefix(120), as: UTF8.self) }
    }

    static func messages(seed: UInt64) -> [Message] {
        var random = SplitMix(seed: seed)
        var messages: [Message] = []
        let blank: Set<UInt8> = [0x20, 0x09, 0x0D, 0x0A]

        // Random bytes (no newline; never blank, which would get no answer).
        for _ in 0..<300 {
            var line = (0..<Int.random(in: 1...200, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            line = line.map { $0 == 0x0A ? 0x0B : $0 }
            if blank.contains(line[0]) { line[0] = UInt8(ascii: "#") }
            messages.append(Message(bytes: line, requestID: nil))
        }

        // Valid requests cut short.
        let valid = [
            #"{"command":["get_property","pause"],"request_id":1}"#,
            #"{"command":["set_property","pause",true],"request_id":2}"#,
            #"{"command":["seek",5,"absolute+exact"],"request_id":3}"#,
            #"{"command":{"name":"seek","target":5,"flags":"absolute"},"request_id":4}"#,
            #"{"command":["observe_property",1,"time-pos"]}"#,
            #"{"command":["quit",3]}"#,
        ]
        for _ in 0..<250 {
            let text = Array(valid.randomElement(using: &random)!.utf8)
            messages.append(Message(bytes: Array(text.prefix(Int.random(in: 1..<text.count, using: &random))),
                                    requestID: nil))
        }

        // JSON that is not a request.
        let notRequests = [
            "[]", "[1,2,3]", #""get_property""#, "42", "-1.5e300", "null", "true", "false",
            #"["get_property","pause"]"#, #"[{"command":["get_property","pause"]}]"#, "{}",
            #"{"command":"get_property pause"}"#, #"{"command":[]}"#, #"{"command":[42]}"#,
            #"{"command":[null,"pause"]}"#, #"{"command":{}}"#, #"{"command":{"target":5}}"#,
            #"{"command":null}"#, #"{"request_id":5}"#, #"{"commands":["get_property","pause"]}"#,
            String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000),
            #"{"a":"# + String(repeating: #"{"a":"#, count: 2000) + "1" + String(repeating: "}", count: 2001),
            "{\"command\":[\"get_property\",\"\u{FFFD}pause\"]",
        ]
        for index in 0..<150 {
            messages.append(Message(bytes: Array(notRequests[index % notRequests.count].utf8), requestID: nil))
        }
        // Invalid UTF-8 inside an otherwise good request.
        messages.append(Message(bytes: Array(#"{"command":["get_property",""#.utf8) + [0xFF, 0xFE, 0xC0]
                                    + Array(#""]}"#.utf8), requestID: nil))

        // Unknown commands, with ids to echo.
        var nextID = 10_000
        for index in 0..<200 {
            let name = ["no-such-command-\(index)", "GET_PROPERTY", "get property", "", "quit!", " seek"][index % 6]
            let request = IPCJSON.object(["command": .array([.string(name), "pause", .number(Double(index))]),
                                          "request_id": .number(Double(nextID))])
            messages.append(Message(bytes: Array(request.encoded.utf8), requestID: nextID))
            nextID += 1
        }

        // Known commands with wrong arguments: none may change anything.
        let wrong: [IPCJSON] = [
            ["seek"], ["seek", "abc"], ["seek", 1, "absolute+relative"], ["seek", 1, "sideways"],
            ["seek", 1, "exact+keyframes"], ["seek", .null], ["seek", 1, "absolute", "extra"],
            ["set_property", "pause", "maybe"], ["set_property", "pause"], ["set_property", "volume", 100_000],
            ["set_property", "speed", 0], ["set_property", "duration", 1], ["set_property", "no-such", 1],
            ["set_property", 5, true], ["get_property"], ["get_property", "no-such-property"],
            ["get_property", 123], ["get_property", "pause", "extra"], ["observe_property", "x", "time-pos"],
            ["observe_property", 1], ["unobserve_property", "one"], ["quit", 300], ["quit", -1], ["quit", "x"],
            ["quit", 1.5], ["cycle", "pause", "sideways"], ["cycle", "volume"], ["cycle"], ["add", "pause"],
            ["add", "volume", "loud"], ["set", "pause", "maybe"], ["frame-step", 1], ["show-text"],
            ["show-text", "hi", "long"], ["client_name", 1], ["get_version", 1],
            .object(["name": "seek", "bogus": 1]), .object(["name": "get_property"]),
            .object(["name": 5, "target": 1]),
        ]
        for index in 0..<150 {
            let request = IPCJSON.object(["command": wrong[index % wrong.count], "request_id": .number(Double(nextID))])
            messages.append(Message(bytes: Array(request.encoded.utf8), requestID: nextID))
            nextID += 1
        }
        return messages
    }
}
