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
        let frozen = try client.number("time-pos")
        XCTAssertGreaterThanOrEqual(frozen, playing)
        let holdUntil = ContinuousClock.now + .milliseconds(300)
        while ContinuousClock.now < holdUntil {
            XCTAssertEqual(try client.number("time-pos"), frozen, accuracy: 0.001, "time-pos moved while paused")
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
        let duration = try client.number("duration")
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
        XCTAssertEqual(try first.number("time-pos"), 4, accuracy: Self.frameDuration)
        XCTAssertEqual(try second.number("time-pos"), 4, accuracy: Self.frameDuration)
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
        let now = try client.number("time-pos")
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
            let position = try client.number("time-pos")
            XCTAssertGreaterThanOrEqual(position, target - 0.001, "landed before \(target)")
            XCTAssertLessThan(position - target, 0.1, "already past \(target) when playback restarted")
            try client.waitForTimePos(atLeast: target + 0.3)
        }
    }

    /// Sends one seek, waits for its `seek` then `playback-restart` events, and checks
    /// `time-pos` against `expect`. Returns the position.
    @discardableResult
    private func seek(_ client: IPCTestClient, _ arguments: [IPCJSON], expect: Double, tolerance: Double,
                      file: StaticString = #filePath, line: UInt = #line) throws -> Double {
        let mark = client.messages.count
        let reply = try client.request(["seek"] + arguments)
        XCTAssertTrue(reply.isSuccess, "seek \(arguments): \(reply)", file: file, line: line)
        try client.expectSeekEvents(after: mark, file: file, line: line)
        let position = try client.number("time-pos")
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
        let deadline = ContinuousClock.now + timeout
        var probe: IPCTestClient?
        var lastAnswer: IPCJSON?
        while true {
            if probe == nil { probe = try? IPCTestClient(path: path) }
            if let probe {
                lastAnswer = try? probe.command("get_property", "duration")
                if lastAnswer?.isSuccess == true { return player }
            }
            guard process.isRunning, ContinuousClock.now < deadline else {
                let stderr = String(decoding: process.outputSoFar(on: .error), as: UTF8.self)
                throw IPCTestError("vplay's socket \(path) never answered with the file open (connected: "
                                   + "\(probe != nil), last answer: \(lastAnswer.map { "\($0)" } ?? "none"), "
                                   + "running: \(process.isRunning)); stderr: \(stderr.suffix(2000))")
            }
            usleep(20_000)
        }
    }

    func connect() throws -> IPCTestClient {
        try IPCTestClient(path: socketPath)
    }
}

struct IPCTestError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

// MARK: - A client of the socket

/// One connection to the IPC socket. Everything the server writes is kept in `messages`,
/// in order, so a test can look for an event that came while it waited for something else.
final class IPCTestClient {
    private let descriptor: Int32
    private var pending: [UInt8] = []
    private var nextRequestID = 1
    /// Where each sent request's reply can start in `messages`: a test may send its own
    /// ids too (the fuzz does), and an older answer with the same id is not this reply.
    private var replyStart: [Int: Int] = [:]
    private(set) var messages: [IPCJSON] = []
    /// Lines from the server that were not JSON (there should be none).
    private(set) var unparsedLines: [String] = []
    private(set) var isClosed = false

    init(path: String) throws {
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw IPCTestError("socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: path.utf8.prefix($0.count - 1)) }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw IPCTestError("cannot connect to \(path): \(reason)")
        }
    }

    deinit {
        close(descriptor)
    }

    // Sending

    func send(_ text: String) throws {
        try send(bytes: Array(text.utf8) + [0x0A])
    }

    /// Writes all of `bytes`, reading what the server answers meanwhile so neither side stalls.
    func send(bytes: [UInt8], timeout: Duration = .seconds(30)) throws {
        var offset = 0
        let deadline = ContinuousClock.now + timeout
        while offset < bytes.count {
            guard ContinuousClock.now < deadline else { throw IPCTestError("sending timed out") }
            var descriptors = [pollfd(fd: descriptor, events: Int16(POLLOUT | POLLIN), revents: 0)]
            guard poll(&descriptors, 1, 100) >= 0 || errno == EINTR else { throw IPCTestError("poll failed") }
            if descriptors[0].revents & Int16(POLLIN) != 0 { readAvailable() }
            guard descriptors[0].revents & Int16(POLLOUT) != 0 else {
                if descriptors[0].revents & Int16(POLLERR | POLLHUP) != 0 { throw IPCTestError("the server hung up") }
                continue
            }
            let written = bytes[offset...].withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
            }
            if written < 0 {
                if errno == EAGAIN || errno == EINTR { continue }
                throw IPCTestError("send: \(String(cString: strerror(errno)))")
            }
            offset += written
        }
    }

    /// Sends `{"command": arguments, "request_id": N}` and returns N.
    func sendCommand(_ arguments: [IPCJSON]) throws -> Int {
        let id = nextRequestID
        nextRequestID += 1
        replyStart[id] = messages.count
        let message = IPCJSON.object(["command": .array(arguments), "request_id": .number(Double(id))])
        try send(message.encoded)
        return id
    }

    /// The reply to request `id`.
    func reply(to id: Int, timeout: Duration = .seconds(10)) throws -> IPCJSON {
        guard let reply = waitFor(after: replyStart[id] ?? 0, timeout: timeout,
                                  where: { $0["request_id"] == .number(Double(id)) }) else {
            throw IPCTestError("no reply to request \(id) (closed: \(isClosed))")
        }
        return reply
    }

    /// Sends a command and waits for its reply.
    func request(_ arguments: [IPCJSON], timeout: Duration = .seconds(10)) throws -> IPCJSON {
        try reply(to: try sendCommand(arguments), timeout: timeout)
    }

    func command(_ arguments: IPCJSON...) throws -> IPCJSON {
        try request(arguments)
    }

    /// A numeric property's value.
    func number(_ property: String) throws -> Double {
        let reply = try command("get_property", .string(property))
        guard reply.isSuccess, let value = reply.data?.number else {
            throw IPCTestError("get_property \(property): \(reply)")
        }
        return value
    }

    // Receiving

    /// The first message from index `start` on that satisfies `predicate`, reading
    /// until one does or `timeout` passes (nil then).
    func waitFor(after start: Int, timeout: Duration, where predicate: (IPCJSON) -> Bool) -> IPCJSON? {
        let deadline = ContinuousClock.now + timeout
        var checked = start
        while true {
            while checked < messages.count {
                if predicate(messages[checked]) { return messages[checked] }
                checked += 1
            }
            guard !isClosed, ContinuousClock.now < deadline else { return nil }
            pump(for: min(deadline - ContinuousClock.now, .milliseconds(100)))
        }
    }

    /// Reads whatever arrives within `duration` (returns at the first data).
    func pump(for duration: Duration) {
        let milliseconds = Int32(max(0, duration.components.seconds * 1000
                                        + duration.components.attoseconds / 1_000_000_000_000_000))
        var descriptors = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
        if poll(&descriptors, 1, milliseconds) > 0 { readAvailable() }
    }

    /// True once the server has closed the connection (within `timeout`).
    func waitForClose(timeout: Duration) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while !isClosed && ContinuousClock.now < deadline {
            pump(for: .milliseconds(100))
        }
        return isClosed
    }

    private func readAvailable() {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = recv(descriptor, &chunk, chunk.count, Int32(MSG_DONTWAIT))
            if count == 0 || (count < 0 && errno != EAGAIN && errno != EINTR) {
                isClosed = true
                return
            }
            if count < 0 { return }
            pending += chunk.prefix(count)
            while let newline = pending.firstIndex(of: 0x0A) {
                let line = Array(pending[..<newline])
                pending.removeFirst(newline + 1)
                if let message = try? JSONDecoder().decode(IPCJSON.self, from: Data(line)) {
                    messages.append(message)
                } else {
                    unparsedLines.append(String(decoding: line.prefix(200), as: UTF8.self))
                }
            }
        }
    }

    // Expectations shared by the tests

    /// Waits for a `property-change` of observer `id` to `value`, after message `mark`.
    func expectPauseChange(id: Int, to value: Bool, after mark: Int,
                           file: StaticString = #filePath, line: UInt = #line) throws {
        let change = waitFor(after: mark, timeout: .seconds(5)) {
            $0["event"] == "property-change" && $0["id"] == .number(Double(id)) && $0["name"] == "pause"
        }
        XCTAssertEqual(try XCTUnwrap(change, "no pause property-change after message \(mark)", file: file, line: line)["data"],
                       .bool(value), file: file, line: line)
    }

    /// Waits for a `seek` event and then a `playback-restart`, after message `mark`.
    func expectSeekEvents(after mark: Int, file: StaticString = #filePath, line: UInt = #line) throws {
        _ = try XCTUnwrap(waitFor(after: mark, timeout: .seconds(10)) { $0["event"] == "seek" },
                          "no seek event", file: file, line: line)
        let seekIndex = messages[mark...].firstIndex { $0["event"] == "seek" }!
        _ = try XCTUnwrap(waitFor(after: seekIndex + 1, timeout: .seconds(10)) { $0["event"] == "playback-restart" },
                          "no playback-restart after the seek event", file: file, line: line)
    }

    /// Polls `time-pos` until it reaches `target`; returns the value read.
    @discardableResult
    func waitForTimePos(atLeast target: Double, timeout: Duration = .seconds(10)) throws -> Double {
        let deadline = ContinuousClock.now + timeout
        var last: IPCJSON?
        while ContinuousClock.now < deadline {
            let reply = try command("get_property", "time-pos")
            last = reply
            if let value = reply.data?.number, value >= target { return value }
            pump(for: .milliseconds(20))
        }
        throw IPCTestError("time-pos did not reach \(target) (last answer: \(last.map { "\($0)" } ?? "none"))")
    }
}

// MARK: - JSON

/// A JSON value with booleans apart from numbers, for reading what the server sends.
enum IPCJSON: Equatable, Codable, CustomStringConvertible,
              ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
              ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([IPCJSON])
    case object([String: IPCJSON])

    init(stringLiteral value: String) { self = .string(value) }
    init(integerLiteral value: Int) { self = .number(Double(value)) }
    init(floatLiteral value: Double) { self = .number(value) }
    init(booleanLiteral value: Bool) { self = .bool(value) }
    init(arrayLiteral elements: IPCJSON...) { self = .array(elements) }

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(Double.self) { self = .number(value) }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode([IPCJSON].self) { self = .array(value) }
        else { self = .object(try container.decode([String: IPCJSON].self)) }
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// Compact JSON text.
    var encoded: String {
        String(decoding: (try? JSONEncoder().encode(self)) ?? Data("null".utf8), as: UTF8.self)
    }

    var description: String { encoded }

    subscript(key: String) -> IPCJSON? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    var data: IPCJSON? { self["data"] }
    var isSuccess: Bool { self["error"] == "success" }

    var number: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    var string: String? {
        if case .string(let value) = self { return value }
        return nil
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
