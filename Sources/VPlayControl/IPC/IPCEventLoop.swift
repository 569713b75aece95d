import Glibc
import VPlayCore

/// The IPC thread: one `poll()` over the listening socket, the inbox and every
/// client. All connection state lives here, so nothing in it is shared.
final class IPCEventLoop {
    /// How long clients get to read their last messages (e.g. `shutdown`) when the server stops.
    static let closingGrace = Duration.milliseconds(250)

    private let listener: Int32
    private let inbox: IPCInbox
    private let channel: PlayerChannel
    private var translator: IPCEventTranslator
    private var connections: [IPCConnection] = []
    private var connectionsAccepted = 0
    private var closingDeadline: ContinuousClock.Instant?

    init(listener: Int32, inbox: IPCInbox, channel: PlayerChannel) {
        self.listener = listener
        self.inbox = inbox
        self.channel = channel
        translator = IPCEventTranslator(initial: channel.state)
    }

    deinit {
        close(listener)
    }

    /// Serves clients until the inbox asks to stop and the last output is written (or the grace ends).
    func run() {
        while !isDone {
            var descriptors = [pollfd(fd: inbox.wakeDescriptor, events: Int16(POLLIN), revents: 0)]
            descriptors.append(pollfd(fd: closingDeadline == nil ? listener : -1, events: Int16(POLLIN), revents: 0))
            // A client with nothing to wait for (a held reply, no output) is left out, so a
            // hang-up on it cannot spin the loop.
            descriptors += connections.map { pollfd(fd: $0.pollEvents == 0 ? -1 : $0.descriptor, events: $0.pollEvents, revents: 0) }
            guard poll(&descriptors, nfds_t(descriptors.count), timeout()) >= 0 || errno == EINTR else { break }

            // Replies first: a client hears its change was made before it hears it changed.
            let (applied, now) = (channel.appliedSequence, ContinuousClock.now)
            connections.forEach { $0.releaseReply(appliedSequence: applied, now: now, channel: channel) }
            if descriptors[0].revents != 0 { deliverInbox() }
            if descriptors[1].revents != 0 { acceptConnections() }
            connections.forEach { $0.answerWaitingLines(channel: channel) }
            for (connection, descriptor) in zip(connections, descriptors.dropFirst(2)) where descriptor.revents != 0 {
                connection.readRequests(channel: channel)
            }
            connections.forEach { $0.flush() }
            connections.removeAll(where: \.isClosed)
        }
    }

    private var isDone: Bool {
        guard let closingDeadline else { return false }
        return connections.isEmpty || .now >= closingDeadline
    }

    /// Milliseconds for `poll()`: none while lines wait for their turn; until the next held
    /// reply is due or the grace ends; else forever.
    private func timeout() -> Int32 {
        if connections.contains(where: \.hasWaitingLines) { return 0 }
        guard let deadline = (connections.compactMap(\.replyDeadline) + [closingDeadline].compactMap { $0 }).min() else {
            return -1
        }
        let left = ContinuousClock.now.duration(to: deadline).components
        // Rounded up, so the loop does not wake just before the deadline and spin.
        return Int32(max(0, left.seconds * 1000 + (left.attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000))
    }

    private func deliverInbox() {
        let (items, stopRequested) = inbox.take()
        for item in items {
            switch item {
            case .event(let event, let state): broadcast(event, state)
            case .state(let state): broadcast(nil, state)
            }
        }
        if stopRequested && closingDeadline == nil {
            closingDeadline = .now + Self.closingGrace
            connections.forEach { $0.finish() }
        }
    }

    private func broadcast(_ event: PlayerEvent?, _ state: PlayerState) {
        let messages = translator.messages(for: event, state: state)
        for connection in connections {
            messages.forEach(connection.send)
            connection.notify(state)
        }
    }

    private func acceptConnections() {
        while let descriptor = UnixSocket.accept(from: listener) {
            // Named like mpv's IPC clients.
            connections.append(IPCConnection(descriptor: descriptor, name: "ipc-\(connectionsAccepted)"))
            connectionsAccepted += 1
        }
    }
}
