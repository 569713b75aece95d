import Glibc
import XCTest
@testable import VPlayControl

/// A blocking IPC client for tests: writes lines, reads messages with a deadline.
final class TestSocketClient {
    private let descriptor: Int32
    private var input = LineBuffer(limit: 64 << 20)
    /// Messages read but not yet asked for, in arrival order.
    private var backlog: [JSONValue] = []
    private var nextRequestID = 1
    private(set) var reachedEnd = false

    init(path: String) throws {
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: path.utf8) }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else {
            close(descriptor)
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
    }

    deinit {
        close(descriptor)
    }

    /// Writes all of `bytes`; false when the server has closed the connection.
    @discardableResult
    func write(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }

    func send(_ line: String) {
        write(Array((line + "\n").utf8))
    }

    /// Sends `command` with a fresh request id and waits for the reply carrying it.
    func request(_ command: String, timeout: Duration = .seconds(10)) -> JSONValue? {
        let id = nextRequestID
        nextRequestID += 1
        send(#"{"command":\#(command),"request_id":\#(id)}"#)
        return message(timeout: timeout) { $0["request_id"] == .int(id) }
    }

    /// The first message (read earlier or arriving before the deadline) that matches.
    func message(timeout: Duration = .seconds(10), where matches: (JSONValue) -> Bool) -> JSONValue? {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let index = backlog.firstIndex(where: matches) {
                return backlog.remove(at: index)
            }
            guard readMore(until: deadline) else { return nil }
        }
    }

    func event(_ name: String, timeout: Duration = .seconds(10)) -> JSONValue? {
        message(timeout: timeout) { $0["event"] == .string(name) }
    }

    /// Reads until the server closes the connection; the messages stay available.
    func waitForEnd(timeout: Duration = .seconds(10)) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while !reachedEnd {
            guard readMore(until: deadline) else { return reachedEnd }
        }
        return true
    }

    /// Waits for data and queues the complete messages; false at the deadline or the end of stream.
    private func readMore(until deadline: ContinuousClock.Instant) -> Bool {
        guard !reachedEnd else { return false }
        let left = ContinuousClock.now.duration(to: deadline)
        guard left > .zero else { return false }
        var descriptors = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
        let milliseconds = Int32(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1)
        guard poll(&descriptors, 1, milliseconds) > 0 else { return false }
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = recv(descriptor, &chunk, chunk.count, 0)
        guard count > 0 else {
            reachedEnd = true
            return false
        }
        input.append(chunk.prefix(count))
        while case .line(let line) = input.next() {
            guard let message = JSONValue(parsing: line) else {
                XCTFail("server sent invalid JSON: \(String(decoding: line, as: UTF8.self))")
                continue
            }
            backlog.append(message)
        }
        return true
    }
}

extension JSONValue {
    subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }
}
