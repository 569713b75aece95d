import Foundation

/// A Unix socket that takes connections and never says a word: a session bus that hangs.
final class SilentBus {
    let path = "/tmp/vplay-silent-bus-\(getpid())-\(UUID().uuidString.prefix(8))"
    private let listener: Int32

    struct Failure: Error {}

    init() throws {
        listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw Failure() }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0, listen(listener, 8) == 0 else {
            close(listener)
            throw Failure()
        }
    }

    deinit {
        close(listener)
        unlink(path)
    }

    var environment: [String: String] { ["DBUS_SESSION_BUS_ADDRESS": "unix:path=\(path)"] }
}
