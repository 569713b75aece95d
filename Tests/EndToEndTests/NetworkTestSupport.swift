import Foundation
import Glibc
import TestSupport
import XCTest

/// The served media and the nginx serving it, made once for the network test classes and
/// stopped when the test run ends.
final class NetworkFixture: NSObject, XCTestObservation, @unchecked Sendable {
    let media: NetworkMedia
    let server: NginxServer

    private override init() {
        fatalError("use shared()")
    }

    private init(media: NetworkMedia, server: NginxServer) {
        self.media = media
        self.server = server
    }

    private static let made = Result { () throws -> NetworkFixture in
        let media = try NetworkMedia()
        let server = try NginxServer(root: media.root, slowRate: 24 * 1024, steadyRate: 96 * 1024)
        try media.nameTLSSegments(at: server.tlsURL("hls/"))
        let fixture = NetworkFixture(media: media, server: server)
        XCTestObservationCenter.shared.addTestObserver(fixture)
        return fixture
    }

    static func shared() throws -> NetworkFixture {
        try XCTSkipIf(NginxServer.executable == nil, "nginx is not installed (make setup)")
        return try made.get()
    }

    func testBundleDidFinish(_ testBundle: Bundle) {
        server.shutDown()
        media.remove()
    }
}

/// `vplay --input-ipc-server=… ARGS` with its socket connected, killed when released.
final class NetworkPlayer {
    let process: RunningProcess
    let client: IPCClient
    private let socketPath: String

    /// Starts the player and connects to its socket (which answers while the source opens).
    /// - Parameter quiet: `--really-quiet` (errors only on stderr).
    /// - Parameter environment: added to the test's.
    init(_ arguments: [String], quiet: Bool = true, timeout: Duration = .seconds(20),
         environment: [String: String] = [:]) throws {
        socketPath = "/tmp/vplay-net-\(getpid())-\(UUID().uuidString.prefix(8)).sock"
        process = try BinaryRunner.launch(["--input-ipc-server=\(socketPath)"] + (quiet ? ["--really-quiet"] : []) + arguments,
                                          environment: environment)
        var client: IPCClient?
        _ = poll(timeout: timeout, interval: 0.02) { [socketPath, process] in
            client = try? IPCClient(path: socketPath, timeout: .zero)
            return client != nil || !process.isRunning
        }
        guard let client else {
            process.terminate()
            throw EndToEndError("no socket: \(String(decoding: process.outputSoFar(on: .error), as: UTF8.self))")
        }
        self.client = client
    }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitForExit(timeout: .seconds(5))
        }
        unlink(socketPath)
    }

    /// Polls `name` until `predicate` holds; returns the value, or throws after `timeout`.
    @discardableResult
    func waitFor(_ name: String, timeout: Duration = .seconds(20), where predicate: (IPCJSON) -> Bool) throws -> IPCJSON {
        var last: IPCJSON?
        let matched = try poll(timeout: timeout, interval: 0.05, until: predicate) { () -> IPCJSON? in
            let reply = try client.command("get_property", .string(name))
            last = reply
            return reply.isSuccess ? reply.data : nil
        }
        if let matched { return matched }
        throw EndToEndError("\(name) never matched (last answer: \(last.map { "\($0)" } ?? "none"))")
    }

    var errorText: String { String(decoding: process.outputSoFar(on: .error), as: UTF8.self) }
}

extension NginxServer {
    /// Waits (10 s at most) until no request has been logged for a moment. nginx logs a request
    /// once it is over, so one still open is not counted.
    func waitForRequestsToSettle() throws {
        var count = requests().count
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline {
            usleep(300_000)
            let now = requests().count
            if now == count && now > 0 { return }
            count = now
        }
    }
}
