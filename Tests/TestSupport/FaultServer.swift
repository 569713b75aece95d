import Foundation

/// A small Python HTTP server on 127.0.0.1 for faults nginx cannot make:
/// - `.silent`: accepts connections and never answers;
/// - `.cutAfter(bytes, file)`: serves `file` (200, full length announced) but closes the
///   connection after `bytes`, then stops listening, as a server gone for good;
/// - `.stallAfter(bytes, file)`: the same, but the connection stays open and silent;
/// - `.radio(file, title)`: serves `file` as an Icecast station named "Test Radio" whose
///   metadata (every 4 KiB, when asked for) says `title` is playing;
/// - `.slowStart(seconds, file)`: serves `file` (ranges too), the first answer only after
///   `seconds`: a source that takes long to open. It prints `answered` when that answer goes.
/// - `.together(count, file)`: serves `file` to each request only once `count` requests are
///   waiting at once (a client that asks one after another gets 503 after 20 s): downloads
///   that must run side by side.
/// Stopped when released.
public final class FaultServer: @unchecked Sendable {
    public enum Behaviour: Sendable {
        case silent
        case cutAfter(Int, file: URL)
        case stallAfter(Int, file: URL)
        case radio(URL, title: String)
        case slowStart(Double, file: URL)
        case together(Int, file: URL)
    }

    public let port: Int
    private let process: RunningProcess
    private let script: URL

    public init(_ behaviour: Behaviour) throws {
        script = FileManager.default.temporaryDirectory.appendingPathComponent("vplay-fault-\(UUID().uuidString).py")
        try Self.source.write(to: script, atomically: true, encoding: .utf8)
        let arguments: [String] = switch behaviour {
        case .silent: ["silent"]
        case let .cutAfter(bytes, file): ["cut", String(bytes), file.path]
        case let .stallAfter(bytes, file): ["stall", String(bytes), file.path]
        case let .radio(file, title): ["radio", file.path, title]
        case let .slowStart(seconds, file): ["slow", String(seconds), file.path]
        case let .together(count, file): ["together", String(count), file.path]
        }
        process = try ChildProcess.launch("python3", ["-u", script.path] + arguments)
        guard process.waitForOutput(containing: "\n", timeout: .seconds(10)),
              let line = String(decoding: process.outputSoFar(), as: UTF8.self).split(separator: "\n").first,
              let port = Int(line.trimmingCharacters(in: .whitespaces)) else {
            let stderr = String(decoding: process.outputSoFar(on: .error), as: UTF8.self)
            process.terminate()
            throw ServerError("the fault server did not start: \(stderr)")
        }
        self.port = port
    }

    deinit {
        process.terminate()
        process.waitForExit(timeout: .seconds(3))
        try? FileManager.default.removeItem(at: script)
    }

    public func url(_ name: String) -> String { "http://127.0.0.1:\(port)/\(name)" }

    /// The slow first answer has been sent (`.slowStart`).
    public var hasAnswered: Bool {
        String(decoding: process.outputSoFar(), as: UTF8.self).split(separator: "\n").contains("answered")
    }

    /// How many connections the server has accepted so far (it prints one line for each).
    public var connections: Int {
        String(decoding: process.outputSoFar(), as: UTF8.self).split(separator: "\n").filter { $0 == "accepted" }.count
    }

    static let source = #"""
    import os, socket, sys, threading, time

    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    print(listener.getsockname()[1], flush=True)
    held = []

    def read_request(connection):
        """The request's bytes up to its blank line; None when the client went away first."""
        request = b""
        while b"\r\n\r\n" not in request:
            chunk = connection.recv(4096)
            if not chunk:
                return None
            request += chunk
        return request

    def silent():
        while True:
            connection, _ = listener.accept()
            print("accepted", flush=True)
            held.append(connection)  # never answered, never closed

    def cut(limit, path, stall=False):
        data = open(path, "rb").read()
        connection, _ = listener.accept()
        print("accepted", flush=True)
        # Gone for good: later connections are refused.
        listener.close()
        if read_request(connection) is None:
            return
        header = ("HTTP/1.1 200 OK\r\nContent-Type: video/mp4\r\nContent-Length: %d\r\n"
                  "Connection: close\r\n\r\n" % len(data)).encode()
        connection.sendall(header + data[:limit])
        if not stall:
            connection.shutdown(socket.SHUT_RDWR)
            connection.close()
        while True:
            time.sleep(60)

    def radio(path, title):
        data = open(path, "rb").read()
        interval = 4096
        text = ("StreamTitle='%s';" % title).encode()
        text += b"\0" * (-len(text) % 16)
        block = bytes([len(text) // 16]) + text
        while True:
            connection, _ = listener.accept()
            print("accepted", flush=True)
            threading.Thread(target=serve_radio, args=(connection, data, interval, block), daemon=True).start()

    def serve_radio(connection, data, interval, block):
        try:
            request = read_request(connection)
            if request is None:
                return
            metadata = b"icy-metadata: 1" in request.lower()
            header = "ICY 200 OK\r\nicy-name: Test Radio\r\nContent-Type: audio/mpeg\r\n"
            if metadata:
                header += "icy-metaint: %d\r\n" % interval
            connection.sendall((header + "\r\n").encode())
            for offset in range(0, len(data), interval):
                connection.sendall(data[offset:offset + interval])
                if metadata:
                    connection.sendall(block)
                time.sleep(0.02)
            connection.close()
        except OSError:
            pass

    def slow(delay, path):
        data = open(path, "rb").read()
        first = [True]
        lock = threading.Lock()
        while True:
            connection, _ = listener.accept()
            print("accepted", flush=True)
            with lock:
                wait, first[0] = first[0], False
            threading.Thread(target=serve_range, args=(connection, data, delay if wait else 0), daemon=True).start()

    def serve_range(connection, data, delay):
        try:
            request = read_request(connection)
            if request is None:
                return
            time.sleep(delay)
            start = 0
            for line in request.decode("latin-1").split("\r\n"):
                if line.lower().startswith("range: bytes="):
                    start = int(line.split("=", 1)[1].split("-", 1)[0] or 0)
            start = min(start, len(data))
            status = "206 Partial Content" if start else "200 OK"
            header = ("HTTP/1.1 %s\r\nContent-Type: video/mp4\r\nAccept-Ranges: bytes\r\nContent-Length: %d\r\n"
                      "Content-Range: bytes %d-%d/%d\r\nConnection: close\r\n\r\n"
                      % (status, len(data) - start, start, len(data) - 1, len(data))).encode()
            if delay:
                print("answered", flush=True)
            connection.sendall(header + data[start:])
            connection.close()
        except OSError:
            pass

    def together(count, path):
        data = open(path, "rb").read()
        barrier = threading.Barrier(count, timeout=20)
        while True:
            connection, _ = listener.accept()
            print("accepted", flush=True)
            threading.Thread(target=serve_together, args=(connection, data, barrier), daemon=True).start()

    def serve_together(connection, data, barrier):
        try:
            if read_request(connection) is None:
                return
            try:
                barrier.wait()
                status, body = "200 OK", data
            except threading.BrokenBarrierError:
                status, body = "503 Service Unavailable", b""
            header = ("HTTP/1.1 %s\r\nContent-Type: text/vtt\r\nContent-Length: %d\r\nConnection: close\r\n\r\n"
                      % (status, len(body))).encode()
            connection.sendall(header + body)
            connection.close()
        except OSError:
            pass

    if sys.argv[1] == "silent":
        silent()
    elif sys.argv[1] == "radio":
        radio(sys.argv[2], sys.argv[3])
    elif sys.argv[1] == "together":
        together(int(sys.argv[2]), sys.argv[3])
    elif sys.argv[1] == "slow":
        slow(float(sys.argv[2]), sys.argv[3])
    else:
        cut(int(sys.argv[2]), sys.argv[3], stall=sys.argv[1] == "stall")
    """#
}
