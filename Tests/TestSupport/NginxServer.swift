import Foundation

/// A real nginx on 127.0.0.1, serving a directory: its own config, pid file and logs in a
/// temporary directory, a free port, stopped (SIGTERM, then SIGKILL) when released.
/// `/slow/` serves the same files throttled to `slowRate` bytes a second (`limit_rate`), and
/// `/steady/` at `steadyRate`; `/page/` serves them too, a file without an extension as HTML.
/// The access log records each request's `Range` header after its status and size.
/// The same files are served over TLS on `tlsPort`, with a self-signed certificate for
/// 127.0.0.1 made at start (`certificate`): trusted only when a client is told to.
public final class NginxServer: @unchecked Sendable {
    public let port: Int
    public let tlsPort: Int
    public let root: URL
    /// The server's certificate (PEM), which is its own authority.
    public let certificate: URL
    private let directory: URL
    private let executable: String
    private var process: RunningProcess

    /// The nginx binary: `nginx` on PATH, else Debian's /usr/sbin/nginx.
    public static var executable: String? {
        ChildProcess.locate("nginx")?.path ?? (FileManager.default.isExecutableFile(atPath: "/usr/sbin/nginx") ? "/usr/sbin/nginx" : nil)
    }

    /// Starts nginx serving `root`, retrying on another port if the one picked was taken meanwhile.
    public init(root: URL, slowRate: Int = 64 * 1024, steadyRate: Int = 128 * 1024) throws {
        guard let executable = Self.executable else { throw ServerError("nginx not installed (make setup installs nginx-light)") }
        self.executable = executable
        directory = try Unprivileged.makeDirectory(named: "vplay-nginx")
        self.root = root
        certificate = directory.appendingPathComponent("cert.pem")
        try ChildProcess.run("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
                                         "-keyout", directory.appendingPathComponent("key.pem").path, "-out", certificate.path,
                                         "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"],
                             timeout: .seconds(60)).requireSuccess()
        var lastError = "nginx did not start"
        for _ in 0..<3 {
            let port = try LoopbackPort.free(), tlsPort = try LoopbackPort.free()
            let config = directory.appendingPathComponent("nginx.conf")
            try Self.config(port: port, tlsPort: tlsPort, root: root, directory: directory, slowRate: slowRate,
                            steadyRate: steadyRate)
                .write(to: config, atomically: true, encoding: .utf8)
            let process = try ChildProcess.launch(executable, ["-c", config.path, "-p", directory.path])
            if LoopbackPort.waitUntilListening(port, timeout: .seconds(10)),
               LoopbackPort.waitUntilListening(tlsPort, timeout: .seconds(5)), process.isRunning {
                self.port = port
                self.tlsPort = tlsPort
                self.process = process
                return
            }
            process.terminate()
            let result = process.waitForExit(timeout: .seconds(5))
            let log = (try? String(contentsOf: directory.appendingPathComponent("error.log"), encoding: .utf8)) ?? ""
            lastError = "nginx did not start on port \(port): \(result.errorText) \(log.suffix(1000))"
        }
        try? FileManager.default.removeItem(at: directory)
        throw ServerError(lastError)
    }

    deinit { shutDown() }

    /// Stops the server for good and removes its config and logs (for a server kept for a
    /// whole test run, which is never released).
    public func shutDown() {
        stop()
        try? FileManager.default.removeItem(at: directory)
    }

    /// Stops the server (idempotent); connections in progress are cut.
    public func stop() {
        guard process.isRunning else { return }
        process.terminate()
        if process.waitForExit(timeout: .seconds(5)).timedOut { kill(process.processIdentifier, SIGKILL) }
    }

    /// Starts the stopped server again on the same ports, with the same files.
    public func restart() throws {
        stop()
        process = try ChildProcess.launch(executable, ["-c", directory.appendingPathComponent("nginx.conf").path,
                                                       "-p", directory.path])
        guard LoopbackPort.waitUntilListening(port, timeout: .seconds(10)) else {
            throw ServerError("nginx did not start again on port \(port)")
        }
    }

    /// True while something accepts connections on the plain http port.
    public var isListening: Bool { LoopbackPort.accepts(port) }

    public func url(_ path: String) -> String {
        "http://127.0.0.1:\(port)/\(path.hasPrefix("/") ? String(path.dropFirst()) : path)"
    }

    public func tlsURL(_ path: String) -> String {
        "https://127.0.0.1:\(tlsPort)/\(path.hasPrefix("/") ? String(path.dropFirst()) : path)"
    }

    /// The requests served so far, oldest first.
    public func requests() -> [AccessLogEntry] {
        let text = (try? String(contentsOf: directory.appendingPathComponent("access.log"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { AccessLogEntry(line: String($0)) }
    }

    /// The path and `User-Agent` of each request served so far, oldest first.
    public func userAgents() -> [(path: String, agent: String)] {
        let text = (try? String(contentsOf: directory.appendingPathComponent("agents.log"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map { line in
            let fields = line.split(separator: " ", maxSplits: 1).map(String.init)
            return (fields[0], fields.count > 1 ? fields[1] : "")
        }
    }

    /// Single process, in the foreground, as whoever runs the tests; everything it writes stays
    /// in `directory`. Listens on loopback only.
    static func config(port: Int, tlsPort: Int, root: URL, directory: URL, slowRate: Int, steadyRate: Int) -> String {
        let d = directory.path
        return """
        daemon off;
        master_process off;
        worker_processes 1;
        pid \(d)/nginx.pid;
        error_log \(d)/error.log warn;
        events { worker_connections 128; }
        http {
            log_format vplay '$request_method $uri $status $body_bytes_sent range=$http_range';
            access_log \(d)/access.log vplay;
            log_format agents '$uri $http_user_agent';
            access_log \(d)/agents.log agents;
            client_body_temp_path \(d)/body;
            proxy_temp_path \(d)/proxy;
            fastcgi_temp_path \(d)/fastcgi;
            uwsgi_temp_path \(d)/uwsgi;
            scgi_temp_path \(d)/scgi;
            types {
                video/mp4 mp4; video/mp2t ts; video/iso.segment m4s; audio/x-mpegurl m3u;
                application/vnd.apple.mpegurl m3u8; application/dash+xml mpd; text/html html;
            }
            server {
                listen 127.0.0.1:\(port);
                listen 127.0.0.1:\(tlsPort) ssl;
                ssl_certificate \(d)/cert.pem;
                ssl_certificate_key \(d)/key.pem;
                root \(root.path);
                location /slow/ { alias \(root.path)/; limit_rate \(slowRate); }
                location /steady/ { alias \(root.path)/; limit_rate \(steadyRate); }
                location /page/ { alias \(root.path)/; default_type text/html; }
            }
        }
        """
    }
}

/// One line of the access log: `GET /clip.mp4 206 4096 range=bytes=0-`.
public struct AccessLogEntry: Equatable, Sendable {
    public let method: String
    public let path: String
    public let status: Int
    public let bytes: Int
    /// The request's `Range` header; nil when it had none.
    public let range: String?

    init?(line: String) {
        let fields = line.split(separator: " ", maxSplits: 4).map(String.init)
        guard fields.count == 5, let status = Int(fields[2]), let bytes = Int(fields[3]), fields[4].hasPrefix("range=") else { return nil }
        method = fields[0]
        path = fields[1]
        self.status = status
        self.bytes = bytes
        let range = String(fields[4].dropFirst("range=".count))
        self.range = range == "-" || range.isEmpty ? nil : range
    }

    /// The first byte a ranged request asked for.
    public var rangeStart: Int? {
        guard let range, range.hasPrefix("bytes=") else { return nil }
        return Int(range.dropFirst("bytes=".count).prefix { $0.isNumber })
    }
}
