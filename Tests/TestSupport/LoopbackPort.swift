import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Ports on 127.0.0.1 for test servers and streams. Nothing here ever reaches past loopback.
public enum LoopbackPort {
    /// A port no one listens on now (TCP, or UDP with `datagram`): the kernel picks it for a
    /// socket that is then closed. Another program may take it before the caller binds it;
    /// callers retry on failure.
    public static func free(datagram: Bool = false) throws -> Int {
        let fd = socket(AF_INET, Int32((datagram ? SOCK_DGRAM : SOCK_STREAM).rawValue), 0)
        guard fd >= 0 else { throw ServerError("socket: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var address = loopback(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else { throw ServerError("bind: \(String(cString: strerror(errno)))") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// True once something accepts connections on `port`, polling until `timeout`. With
    /// `withoutConnecting` the kernel's socket table is read instead of connecting, for a
    /// server that takes the first connection as its one client.
    public static func waitUntilListening(_ port: Int, timeout: Duration, withoutConnecting: Bool = false) -> Bool {
        let deadline = ContinuousClock.now + timeout
        repeat {
            if withoutConnecting ? isListening(port) : accepts(port) { return true }
            Thread.sleep(forTimeInterval: 0.02)
        } while ContinuousClock.now < deadline
        return false
    }

    public static func accepts(_ port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = loopback(port: port)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        } == 0
    }

    /// Whether /proc/net/tcp lists a socket listening on `port` (state 0A), any address.
    static func isListening(_ port: Int) -> Bool {
        guard let table = try? String(contentsOfFile: "/proc/net/tcp", encoding: .utf8) else { return false }
        let suffix = ":" + String(format: "%04X", port)
        return table.split(separator: "\n").dropFirst().contains { line in
            let fields = line.split(separator: " ")
            return fields.count > 3 && fields[1].hasSuffix(suffix) && fields[3] == "0A"
        }
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }
}

/// A test server that would not start or answer.
public struct ServerError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
