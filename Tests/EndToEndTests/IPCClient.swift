import Foundation
import Glibc
import TestSupport
import XCTest

/// One connection to the player's mpv-style JSON IPC socket, for every end-to-end test.
/// Everything the server writes is kept in `messages`, in order, so a test can look for an
/// event that came while it waited for something else.
///
/// Two ways to ask: `command(["get_property", "pause"])` returns the reply's `data` as
/// Foundation values and throws unless the reply is a success (for assertions on values);
/// `command("get_property", "pause")` and `request(_:)` return the whole reply as `IPCJSON`
/// (for tests about the protocol itself, errors included).
final class IPCClient {
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

    /// Connects to the socket at `path`, trying again until `timeout` passes (the player
    /// creates it only once it has started).
    init(path: String, timeout: Duration = .seconds(5)) throws {
        var attempt: (descriptor: Int32, error: Int32) = (-1, 0)
        _ = try poll(timeout: timeout, interval: 0.02) {
            attempt = try Self.connect(path)
            return attempt.descriptor >= 0
        }
        guard attempt.descriptor >= 0 else {
            throw EndToEndError("cannot connect to \(path): \(String(cString: strerror(attempt.error)))")
        }
        descriptor = attempt.descriptor
    }

    deinit {
        close(descriptor)
    }

    /// A connected descriptor, or -1 and the reason.
    private static func connect(_ path: String) throws -> (descriptor: Int32, error: Int32) {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw EndToEndError("socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            close(descriptor)
            throw EndToEndError("socket path too long: \(path)")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else {
            let error = errno
            close(descriptor)
            return (-1, error)
        }
        return (descriptor, 0)
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
            guard ContinuousClock.now < deadline else { throw EndToEndError("sending timed out") }
            var descriptors = [pollfd(fd: descriptor, events: Int16(POLLOUT | POLLIN), revents: 0)]
            guard Glibc.poll(&descriptors, 1, 100) >= 0 || errno == EINTR else { throw EndToEndError("poll failed") }
            if descriptors[0].revents & Int16(POLLIN) != 0 { readAvailable() }
            guard descriptors[0].revents & Int16(POLLOUT) != 0 else {
                if descriptors[0].revents & Int16(POLLERR | POLLHUP) != 0 { throw EndToEndError("the server hung up") }
                continue
            }
            let written = bytes[offset...].withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
            }
            if written < 0 {
                if errno == EAGAIN || errno == EINTR { continue }
                throw EndToEndError("send: \(String(cString: strerror(errno)))")
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
        messages[try replyIndex(of: id, timeout: timeout)]
    }

    /// Sends a command and waits for its reply.
    func request(_ arguments: [IPCJSON], timeout: Duration = .seconds(10)) throws -> IPCJSON {
        try reply(to: try sendCommand(arguments), timeout: timeout)
    }

    /// Sends a command and returns its whole reply, success or not.
    func command(_ arguments: IPCJSON...) throws -> IPCJSON {
        try request(arguments)
    }

    /// Sends `command` and returns the reply's `data` (nil when absent) as Foundation values;
    /// throws when the reply's `error` is not "success" or no reply comes within `timeout`.
    func command(_ command: [Any], timeout: Duration = .seconds(3)) throws -> Any? {
        let arguments = try JSONDecoder().decode(IPCJSON.self, from: JSONSerialization.data(withJSONObject: command))
        guard case .array(let list) = arguments else { throw EndToEndError("\(command) is not a list") }
        let index = try replyIndex(of: try sendCommand(list), timeout: timeout)
        guard messages[index].isSuccess else {
            throw EndToEndError("\(command) failed: \(messages[index]["error"].map { "\($0)" } ?? "no error field")")
        }
        return messages[index].data?.foundationValue
    }

    func property(_ name: String) throws -> Any? {
        try command(["get_property", name])
    }

    /// A numeric property's value.
    func double(_ name: String) throws -> Double {
        guard let value = try property(name) as? Double else {
            throw EndToEndError("\(name) is not a number")
        }
        return value
    }

    func bool(_ name: String) throws -> Bool {
        guard let value = try property(name) as? Bool else {
            throw EndToEndError("\(name) is not a boolean")
        }
        return value
    }

    private func replyIndex(of id: Int, timeout: Duration) throws -> Int {
        guard let index = indexOfMessage(after: replyStart[id] ?? 0, timeout: timeout,
                                         where: { $0["request_id"] == .number(Double(id)) }) else {
            throw EndToEndError("no reply to request \(id) (closed: \(isClosed))")
        }
        return index
    }

    // Receiving

    /// The first message from index `start` on that satisfies `predicate`, reading
    /// until one does or `timeout` passes (nil then).
    func waitFor(after start: Int, timeout: Duration, where predicate: (IPCJSON) -> Bool) -> IPCJSON? {
        indexOfMessage(after: start, timeout: timeout, where: predicate).map { messages[$0] }
    }

    private func indexOfMessage(after start: Int, timeout: Duration, where predicate: (IPCJSON) -> Bool) -> Int? {
        let deadline = ContinuousClock.now + timeout
        var checked = start
        while true {
            while checked < messages.count {
                if predicate(messages[checked]) { return checked }
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
        if Glibc.poll(&descriptors, 1, milliseconds) > 0 { readAvailable() }
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
                let line = Data(pending[..<newline])
                pending.removeFirst(newline + 1)
                if let message = try? JSONDecoder().decode(IPCJSON.self, from: line) {
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
        var last: IPCJSON?
        let reached = try poll(timeout: timeout, interval: 0.02, until: { $0 >= target }) { () -> Double? in
            let reply = try command("get_property", "time-pos")
            last = reply
            return reply.data?.number
        }
        if let reached { return reached }
        throw EndToEndError("time-pos did not reach \(target) (last answer: \(last.map { "\($0)" } ?? "none"))")
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

    /// The value as `JSONSerialization` gives it (numbers as `NSNumber`, null as `NSNull`), read
    /// with the same parser as the rest of the client so the two ways to ask agree to the bit.
    var foundationValue: Any {
        switch self {
        case .null: NSNull()
        case .bool(let value): NSNumber(value: value)
        case .number(let value): NSNumber(value: value)
        case .string(let value): value
        case .array(let values): values.map(\.foundationValue)
        case .object(let members): members.mapValues(\.foundationValue)
        }
    }
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

