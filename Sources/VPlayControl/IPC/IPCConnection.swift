import Glibc
import VPlayCore

/// One connected client, owned by the IPC thread: its socket, the bytes in
/// each direction, and its protocol session.
final class IPCConnection {
    /// Longest request line accepted; longer ones get an error and the connection closes.
    static let lineLimit = 1 << 20
    /// Unsent output beyond which a client that does not read is dropped.
    static let outputLimit = 16 << 20

    /// Lines answered per turn of the IPC thread: a client that sends thousands at once is
    /// served in turns with the others, not before them.
    static let linesPerTurn = 32

    /// How long a reply waits for the player to apply the request's commands.
    static let replyWait = Duration.seconds(1)

    private enum Phase { case open, closing, closed }

    /// A reply held until the player has applied the commands of its request.
    private struct HeldReply {
        let sequence: UInt64
        let messages: [JSONValue]
        let deadline: ContinuousClock.Instant
    }

    let descriptor: Int32
    private var session: IPCSession
    private var input = LineBuffer(limit: lineLimit)
    private var output: [UInt8] = []
    private var phase = Phase.open
    /// While a reply is held, this client's later requests wait (they must see the change);
    /// other clients do not.
    private var held: HeldReply?
    private var inputEnded = false
    /// Complete lines read and not yet answered: the turn's share was used up.
    private(set) var hasWaitingLines = false

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
        case .open: (held == nil && !hasWaitingLines ? Int16(POLLIN) : 0) | (output.isEmpty ? 0 : Int16(POLLOUT))
        case .closing: Int16(POLLOUT)
        case .closed: 0
        }
    }

    /// When the IPC thread must wake to send a held reply the player never confirmed.
    var replyDeadline: ContinuousClock.Instant? { held?.deadline }

    /// Reads what the client sent and answers each complete line; commands go to `channel`.
    func readRequests(channel: PlayerChannel) {
        guard phase == .open, held == nil, !hasWaitingLines else { return }
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = recv(descriptor, &chunk, chunk.count, 0)
        if count < 0 {
            if errno != EAGAIN && errno != EINTR { phase = .closed }
            return
        }
        input.append(chunk.prefix(count))
        if count == 0 { inputEnded = true }
        answerLines(channel: channel)
    }

    /// Sends the held reply once the player has applied its commands (`appliedSequence`) or
    /// the wait is over, then answers the lines that came after it.
    func releaseReply(appliedSequence: UInt64, now: ContinuousClock.Instant, channel: PlayerChannel) {
        guard let held, appliedSequence >= held.sequence || now >= held.deadline else { return }
        self.held = nil
        held.messages.forEach(send)
        answerLines(channel: channel)
    }

    /// Answers the next share of the lines already read (see `linesPerTurn`).
    func answerWaitingLines(channel: PlayerChannel) {
        guard hasWaitingLines else { return }
        answerLines(channel: channel)
    }

    private func answerLines(channel: PlayerChannel) {
        hasWaitingLines = false
        var share = Self.linesPerTurn
        while phase == .open && held == nil {
            guard share > 0 else {
                hasWaitingLines = true
                return
            }
            share -= 1
            switch input.next() {
            case .line(let line):
                let response = session.handle(line, state: channel.state)
                // Like mpv, answer only once the change is in effect: a read that follows
                // the reply sees the new value. The reply is held, not waited for, so the
                // IPC thread goes on serving everyone else meanwhile.
                if let last = response.commands.map(channel.send).last {
                    held = HeldReply(sequence: last, messages: response.messages, deadline: .now + Self.replyWait)
                } else {
                    response.messages.forEach(send)
                }
            case .needMore:
                // End of stream: the client may still be waiting for the answers (`socat` does).
                if inputEnded { finish() }
                return
            case .tooLong:
                send(IPCMessage.reply(to: .int(0), error: .invalidParameter))
                finish()
                return
            }
        }
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
        if let held {
            self.held = nil
            held.messages.forEach(send)
        }
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
