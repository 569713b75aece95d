import Foundation
import Glibc
import VPlayCore
import XCTest
@testable import VPlayControl

final class IPCServerTests: XCTestCase {
    private var directory: URL!
    private var path: String { directory.appendingPathComponent("ipc socket ü").path }
    private var server: IPCServer?
    private var loop: FakePlayerLoop?

    override func setUpWithError() throws {
        directory = URL(fileURLWithPath: "/tmp/vplay-ipc-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDown() {
        loop?.stop()
        server?.stop()
        try? FileManager.default.removeItem(at: directory)
    }

    @discardableResult
    private func startServer(_ initial: PlayerState = .playing) throws -> IPCServer {
        let channel = PlayerChannel()
        let server = try IPCServer(path: path, channel: channel)
        self.server = server
        loop = FakePlayerLoop(channel: channel, server: server, initial: initial)
        return server
    }

    private func connect() throws -> TestSocketClient {
        try TestSocketClient(path: path)
    }

    private func change(id: Int, _ name: String, _ data: JSONValue) -> (JSONValue) -> Bool {
        { $0 == .object(["event": "property-change", "id": .int(id), "name": .string(name), "data": data]) }
    }

    func testPauseAndUnpause() throws {
        try startServer()
        let client = try connect()
        XCTAssertEqual(client.request(#"["observe_property", 1, "pause"]"#)?["error"], "success")
        XCTAssertNotNil(client.message(where: change(id: 1, "pause", .bool(false))))

        XCTAssertEqual(client.request(#"["set_property", "pause", true]"#)?["error"], "success")
        XCTAssertNotNil(client.event("pause"))
        XCTAssertNotNil(client.message(where: change(id: 1, "pause", .bool(true))))
        XCTAssertEqual(client.request(#"["get_property", "pause"]"#)?["data"], .bool(true))

        XCTAssertEqual(client.request(#"["cycle", "pause"]"#)?["error"], "success")
        XCTAssertNotNil(client.event("unpause"))
        XCTAssertNotNil(client.message(where: change(id: 1, "pause", .bool(false))))
        XCTAssertEqual(client.request(#"["get_property", "pause"]"#)?["data"], .bool(false))
    }

    func testGetAndSetProperties() throws {
        try startServer()
        let client = try connect()
        XCTAssertEqual(client.request(#"["get_property", "duration"]"#),
                       .object(["request_id": .int(1), "error": "success", "data": .double(10)]))
        XCTAssertEqual(client.request(#"["get_property", "filename"]"#)?["data"], "My Film.mkv")
        XCTAssertEqual(client.request(#"["get_property", "bogus"]"#)?["error"], "property not found")
        XCTAssertEqual(client.request(#"["set_property", "volume", 1000]"#)?["error"], "invalid parameter")
        XCTAssertEqual(client.request(#"["set_property", "duration", 1]"#)?["error"], "error accessing property")

        XCTAssertEqual(client.request(#"["observe_property", 7, "volume"]"#)?["error"], "success")
        XCTAssertEqual(client.request(#"["set_property", "volume", 55]"#)?["error"], "success")
        XCTAssertNotNil(client.message(where: change(id: 7, "volume", .double(55))))
        XCTAssertEqual(client.request(#"["get_property", "volume"]"#)?["data"], .double(55))

        XCTAssertEqual(client.request(#"{"name": "seek", "target": 8, "flags": "absolute+exact"}"#)?["error"], "success")
        XCTAssertNotNil(client.event("seek"))
        XCTAssertNotNil(client.event("playback-restart"))
        XCTAssertEqual(client.request(#"["get_property", "time-pos"]"#)?["data"], .double(8))
    }

    func testRequestWithoutIDIsAnsweredWithZero() throws {
        try startServer()
        let client = try connect()
        client.send(#"{"command":["get_property","mute"]}"#)
        XCTAssertEqual(client.message { $0["request_id"] != nil },
                       .object(["request_id": .int(0), "error": "success", "data": .bool(false)]))
    }

    func testTwoClientsAtOnce() throws {
        try startServer()
        let first = try connect()
        let second = try connect()
        let firstName = first.request(#"["client_name"]"#)?["data"]
        let secondName = second.request(#"["client_name"]"#)?["data"]
        XCTAssertNotNil(firstName)
        XCTAssertNotNil(secondName)
        XCTAssertNotEqual(firstName, secondName)

        XCTAssertEqual(second.request(#"["observe_property", 3, "mute"]"#)?["error"], "success")
        XCTAssertNotNil(second.message(where: change(id: 3, "mute", .bool(false))))
        XCTAssertEqual(first.request(#"["set_property", "pause", true]"#)?["error"], "success")
        XCTAssertNotNil(first.event("pause"))
        XCTAssertNotNil(second.event("pause"))
        XCTAssertEqual(first.request(#"["cycle", "mute"]"#)?["error"], "success")
        XCTAssertNotNil(second.message(where: change(id: 3, "mute", .bool(true))))
        // Each connection numbers its own requests; answers go to the asker only.
        XCTAssertEqual(second.request(#"["get_property", "mute"]"#)?["data"], .bool(true))
        XCTAssertEqual(first.request(#"["get_property", "mute"]"#)?["data"], .bool(true))
    }

    func testPlayerEventsReachClients() throws {
        try startServer()
        let client = try connect()
        XCTAssertEqual(client.request(#"["get_version"]"#)?["error"], "success")
        loop?.change { state in
            state.eofReached = true
            return [.fileLoaded, .endFile(reason: .eof)]
        }
        XCTAssertNotNil(client.event("file-loaded"))
        XCTAssertEqual(client.event("end-file"), .object(["event": "end-file", "reason": "eof"]))
        XCTAssertEqual(client.request(#"["get_property", "eof-reached"]"#)?["data"], .bool(true))
    }

    func testPolledStateChangesReachObservers() throws {
        try startServer()
        let client = try connect()
        XCTAssertEqual(client.request(#"["observe_property", 2, "time-pos"]"#)?["error"], "success")
        XCTAssertNotNil(client.message(where: change(id: 2, "time-pos", .double(3))))
        // Playback moves on without any event; only stateDidChange reports it.
        loop?.change { state in
            state.position = 4.5
            return []
        }
        XCTAssertNotNil(client.message(where: change(id: 2, "time-pos", .double(4.5))))
    }

    func testQuitThenStopSendsShutdownAndCloses() throws {
        let server = try startServer()
        let client = try connect()
        XCTAssertEqual(client.request(#"["quit", 4]"#)?["error"], "success")
        XCTAssertNotNil(client.event("shutdown"))
        server.stop()
        XCTAssertTrue(client.waitForEnd())
        XCTAssertFalse(FileManager.default.fileExists(atPath: path), "stop removes the socket file")
    }

    func testSocketIsPrivateToItsOwner() throws {
        try startServer()
        var info = stat()
        XCTAssertEqual(lstat(path, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFSOCK)
        XCTAssertEqual(info.st_mode & 0o777, 0o600)
    }

    func testReplacesAStaleSocket() throws {
        let stale = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: path.utf8) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(stale, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        close(stale)
        XCTAssertEqual(bound, 0)

        try startServer()
        XCTAssertEqual(try connect().request(#"["get_property", "pause"]"#)?["data"], .bool(false))
    }

    func testRefusesAPathThatIsNotASocket() throws {
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try IPCServer(path: path, channel: PlayerChannel())) { error in
            XCTAssertEqual((error as? IPCServerError)?.message, "vplay: cannot listen on '\(path)': it exists and is not a socket")
        }
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "keep me")
    }

    func testRefusesAnOverlongPath() {
        let long = "/tmp/" + String(repeating: "x", count: 200)
        XCTAssertThrowsError(try IPCServer(path: long, channel: PlayerChannel()))
    }

    func testSurvivesAFloodOfMalformedMessages() throws {
        try startServer()
        let client = try connect()
        var random = SeededRandom(seed: 42)
        var lines: [[UInt8]] = []
        let valid = Array(#"{"command":["set_property","volume",50],"request_id":1}"#.utf8)
        for index in 0..<1200 {
            switch index % 6 {
            case 0: // random bytes, including invalid UTF-8 and NULs, but no newline
                lines.append([0xFF] + (0..<random.next(upTo: 200)).map { _ in UInt8(random.next(upTo: 256)) }.filter { $0 != 0x0A })
            case 1: // valid JSON cut short
                lines.append(Array(valid.prefix(1 + random.next(upTo: valid.count - 1))))
            case 2: lines.append(Array("[1,2,3]".utf8))
            case 3: lines.append(Array(#"{"request_id":5}"#.utf8))
            case 4: lines.append(Array(#"{"command":["seek","nowhere","sideways"]}"#.utf8))
            default: lines.append(Array((String(repeating: "[", count: 5000) + "{").utf8))
            }
        }
        for line in lines {
            XCTAssertTrue(client.write(line + [0x0A]))
        }
        for index in lines.indices {
            guard let reply = client.message(where: { $0["error"] != nil }) else {
                return XCTFail("no reply to malformed line \(index)")
            }
            XCTAssertNotEqual(reply["error"], "success", "line \(index)")
        }

        // Over-long lines, with and without a newline, get an error and a closed connection.
        for tail in [[], [0x0A]] as [[UInt8]] {
            let flooder = try connect()
            flooder.write([UInt8](repeating: 0x61, count: 2 << 20) + tail)
            XCTAssertEqual(flooder.message { $0["error"] != nil }?["error"], "invalid parameter")
            XCTAssertTrue(flooder.waitForEnd())
        }

        XCTAssertEqual(client.request(#"["get_property", "pause"]"#)?["data"], .bool(false))
        XCTAssertEqual(try connect().request(#"["get_property", "volume"]"#)?["data"], .double(100))
    }
}

/// xorshift64*, so a failing flood can be replayed.
struct SeededRandom {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next(upTo bound: Int) -> Int {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return Int((state &* 2_685_821_657_736_338_717) % UInt64(bound))
    }
}
