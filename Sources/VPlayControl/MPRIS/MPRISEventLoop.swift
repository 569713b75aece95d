import Glibc
import VPlayCore

/// The MPRIS thread: one `poll()` over the bus connection and the inbox of player states and
/// events. Everything bus-related lives here, so nothing in it is shared.
final class MPRISEventLoop {
    static let busName = "org.mpris.MediaPlayer2.vplay"
    /// How long an answer waits for the player to apply a call's commands.
    static let replyWait = Duration.seconds(1)
    /// How long the last answers and signals may take to leave when vplay quits.
    static let closingGrace = Duration.milliseconds(250)

    /// A call answered once the player has applied its commands, so a read after it sees them.
    private struct HeldReply {
        let call: DBusMessage
        let sequence: UInt64
        let deadline: ContinuousClock.Instant
    }

    private let address: String
    private let inbox: IPCInbox
    private let channel: PlayerChannel
    private let log: @Sendable (String) -> Void
    private var context: MPRISContext
    private var tracker: MPRISChangeTracker
    /// The first `playback-restart` after a file loads is its start, not a seek.
    private var awaitsStart = false
    private var held: [HeldReply] = []
    private var connection: DBusConnection?
    private var object: DBusSlot?
    private var nameRequest: DBusSlot?
    private var stopRequested = false
    private let coverArt: MPRISCoverArtFiles

    init(address: String, environment: [String: String], inbox: IPCInbox, channel: PlayerChannel,
         log: @escaping @Sendable (String) -> Void) {
        coverArt = MPRISCoverArtFiles(environment: environment)
        self.address = address
        self.inbox = inbox
        self.channel = channel
        self.log = log
        context = MPRISContext(state: channel.state, trackNumber: 0)
        tracker = MPRISChangeTracker(initial: context)
    }

    func run() {
        do throws(DBusFailure) {
            let connection = try DBusConnection(address: address)
            self.connection = connection
            object = try connection.addObject(path: MPRISContext.objectPath) { [unowned self] in handle($0) }
            try requestName(Self.busName)
        } catch {
            log("no MPRIS: \(error.description)")
            leaveBus()
        }
        while !stopRequested {
            var descriptors = [pollfd(fd: inbox.wakeDescriptor, events: Int16(POLLIN), revents: 0)]
            if let connection {
                descriptors.append(pollfd(fd: connection.descriptor, events: connection.pollEvents, revents: 0))
            }
            let timeout = connection?.pollTimeout(until: held.map(\.deadline).min()) ?? -1
            guard poll(&descriptors, nfds_t(descriptors.count), timeout) >= 0 || errno == EINTR else { break }
            if descriptors[0].revents != 0 { deliverInbox() }
            processBus()
            releaseReplies()
        }
        // Calls that come from now on are answered by sd-bus: the object is gone.
        object = nil
        held.forEach { connection?.reply(to: $0.call, error: "org.freedesktop.DBus.Error.NoReply", message: "vplay is quitting") }
        connection?.flush(within: Self.closingGrace)
        leaveBus()
        coverArt.removeAll()
    }

    // MARK: the bus

    private func processBus() {
        guard let connection else { return }
        do throws(DBusFailure) { try connection.process() } catch {
            log("MPRIS stopped: \(error.description)")
            leaveBus()
        }
    }

    /// Drops the connection; the player goes on without MPRIS (the inbox is still emptied).
    private func leaveBus() {
        held.removeAll()
        nameRequest = nil
        object = nil
        connection = nil
    }

    /// Asks for `name`; when it is taken, for the per-process instance name.
    private func requestName(_ name: String) throws(DBusFailure) {
        guard let connection else { return }
        let call = try connection.methodCall(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                                             interface: "org.freedesktop.DBus", member: "RequestName")
        // DBUS_NAME_FLAG_DO_NOT_QUEUE: an answer now, not a place in a queue.
        try call.append([.string(name), .uint32(4)])
        nameRequest = try connection.callAsync(call, timeout: 25_000_000) { [unowned self] reply in
            // 1: the primary owner; 3: someone else is.
            let result = (try? reply.readAll())?.first?.integer
            if result == 3 && name == Self.busName {
                do throws(DBusFailure) { try requestName(Self.busName + ".instance\(getpid())") } catch {
                    log("no MPRIS: \(error.description)")
                }
            } else if result != 1 && result != 4 {
                log("no MPRIS: the bus refused the name \(name) (\(reply.errorName ?? "result \(result ?? -1)"))")
            }
        }
    }

    private func handle(_ message: DBusMessage) -> Bool {
        guard let connection, let interface = message.interface, let member = message.member else { return false }
        let arguments: [DBusValue]
        do throws(DBusFailure) { arguments = try message.readAll() } catch {
            let answer = MPRISError.invalidArguments(error.description)
            connection.reply(to: message, error: answer.name, message: answer.message)
            return true
        }
        // Reads see the newest state (the position moves between turns of this loop).
        let now = MPRISContext(state: channel.state, trackNumber: context.trackNumber, artURL: context.artURL)
        switch MPRISObject.outcome(for: MPRISCall(interface: interface, member: member, arguments: arguments), in: now) {
        case .unhandled:
            return false
        case .reply(let values):
            do throws(DBusFailure) { try connection.reply(to: message, values) } catch {
                connection.reply(to: message, error: "org.freedesktop.DBus.Error.Failed", message: error.description)
            }
        case .failure(let error):
            connection.reply(to: message, error: error.name, message: error.message)
        case .perform(let commands):
            if let last = commands.map(channel.send).last {
                held.append(HeldReply(call: message, sequence: last, deadline: .now + Self.replyWait))
            } else {
                try? connection.reply(to: message, [])
            }
        }
        return true
    }

    private func releaseReplies() {
        guard let connection, !held.isEmpty else { return }
        let (applied, now) = (channel.appliedSequence, ContinuousClock.now)
        held.removeAll { reply in
            guard applied >= reply.sequence || now >= reply.deadline else { return false }
            try? connection.reply(to: reply.call, [])
            return true
        }
    }

    // MARK: the player's side

    private func deliverInbox() {
        let (items, stop) = inbox.take()
        stopRequested = stop
        for item in items {
            switch item {
            case .event(let event, let state):
                context.state = state
                switch event {
                case .fileLoaded:
                    context.trackNumber += 1
                    awaitsStart = true
                case .playbackRestart where awaitsStart:
                    awaitsStart = false
                case .playbackRestart:
                    emit(member: "Seeked", interface: MPRISContext.playerInterface,
                         [.int64(MPRISContext.microseconds(state.position))])
                default:
                    break
                }
            case .state(let state):
                context.state = state
            }
            context.artURL = coverArt.url(for: context.state.embeddedPicture) ?? context.state.thumbnailURL
            announceChanges()
        }
    }

    private func announceChanges() {
        for (interface, values) in tracker.changes(in: context) {
            emit(member: "PropertiesChanged", interface: "org.freedesktop.DBus.Properties",
                 [.string(interface), .dictionary(value: "v", values.mapValues(DBusValue.variant)), .strings([])])
        }
    }

    private func emit(member: String, interface: String, _ values: [DBusValue]) {
        guard let connection else { return }
        do throws(DBusFailure) {
            let signal = try connection.signal(path: MPRISContext.objectPath, interface: interface, member: member)
            try signal.append(values)
            try connection.send(signal)
        } catch {
            log("MPRIS: cannot send \(member): \(error.description)")
        }
    }
}
