import Glibc
import VPlayCore

/// One connected client, owned by the IPC thread: its socket, the bytes in
/// each direction, and its protocol session.
final class IPCConnection {
    /// Longest request line accepted; longer ones get an error and the connection closes.
    static let lineLimit = 1 << 20
    /// Unsent output beyond which a client that does not read is dropped.
    static let outputLimit = 16 << 20

    private enum Phase { case open, closing, closed }

    let descriptor: Int32
    private var session: IPCSession
    private var input = LineBuffer(limit: lineLimit)
    private var output: [UInt8] = []
    private var phase = Phase.open

    init(descriptor: Int32, name: String) {
        self.descriptor = descriptor
        session = IPCSession(clientName: name)
    }

    deinit {
        close(descriptor)
    }

    var isClosed: Bool { phase == .closed }

    var pollEvents: Int16 {
        switch phase {
        case .open: Int16(POLLIN) | (output.isEmpty ? 0 : Int16(POLLOUT))
        case .closing: Int16(POLLOUT)
        case .closed: 0
        }
    }

    /// Reads what the client sent and answers each complete line; commands go to `channel`.
    func readRequests(channel: PlayerChannel) {
        guard phase == .open else { return }
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = recv(descriptor, &chunk, chunk.count, 0)
        if count < 0 {
            if errno != EAGAIN && errno != EINTR { phase = .closed }
            return
        }
        input.append(chunk.prefix(count))
        lines: while true {
            switch input.next() {
            case .line(let line):
                let response = session.handle(line, state: channel.state)
                // Like mpv, answer only once the change is in effect: a read that follows
                // the reply sees the new value.
                if let last = response.commands.map(channel.send).last {
                    _ = channel.waitUntilApplied(last, timeout: 1)
                }
                response.messages.forEach(send)
            case .needMore:
                break lines
            case .tooLong:
                send(IPCMessage.reply(to: .int(0), error: .invalidParameter))
                finish()
                return
            }
        }
        // End of stream: the client may still be waiting for the answers (`socat` does).
        if count == 0 { finish() }
    }

    func notify(_ state: PlayerState) {
        session.propertyChanges(in: state).forEach(send)
    }

    func send(_ message: JSONValue) {
        guard phase != .closed else { return }
        output.append(contentsOf: message.encoded.utf8)
        output.append(0x0A)
        if output.count > Self.outputLimit { phase = .closed }
    }

    /// Stops reading; the connection closes once its output is written.
    func finish() {
        if phase == .open { phase = .closing }
        if output.isEmpty { phase = .closed }
    }

    /// Writes as much pending output as the socket takes now.
    func flush() {
        while !output.isEmpty && phase != .closed {
            let written = output.withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if written < 0 {
                if errno == EINTR { continue }
                if errno != EAGAIN { phase = .closed }
                return
            }
            output.removeFirst(written)
        }
        if phase == .closing && output.isEmpty { phase = .closed }
    }
}
