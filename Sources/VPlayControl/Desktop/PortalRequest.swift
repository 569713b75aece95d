import Glibc

/// One `OpenFile` exchange with the portal, on its own connection and thread: the call, then
/// the `Response` signal on the request object it names, each with a deadline.
final class PortalRequest {
    private typealias Options = PortalFileChooserOptions

    private let address: String
    private let title: String
    private let replyTimeout: Duration
    private let answerTimeout: Duration
    /// The request object once the portal has named it.
    private var handle: String?
    /// `Response` arguments by request path; one may come before the call's reply.
    private var responses: [String: [DBusValue]] = [:]
    private var failure: PortalUnavailable?

    init(address: String, title: String, replyTimeout: Duration, answerTimeout: Duration) {
        self.address = address
        self.title = title
        self.replyTimeout = replyTimeout
        self.answerTimeout = answerTimeout
    }

    func run() -> Result<FileChoice, PortalUnavailable> {
        do throws(DBusFailure) {
            let connection = try DBusConnection(address: address)
            let token = "vplay\(UInt32.random(in: 1...UInt32.max))"
            // Listening before calling, to requests on any path: the answer can come before the
            // call's reply names the request, and older portals choose their own paths.
            let match = try connection.matchSignal(sender: Options.service, path: nil, interface: Options.requestInterface,
                                                   member: "Response") { [unowned self] signal in
                if let path = signal.path, let arguments = try? signal.readAll() { responses[path] = arguments }
            }
            let call = try connection.methodCall(destination: Options.service, path: Options.objectPath,
                                                 interface: Options.interface, member: "OpenFile")
            try call.append(Options.arguments(title: title, token: token))
            let pending = try connection.callAsync(call, timeout: Self.microseconds(replyTimeout)) { [unowned self] reply in
                if let error = reply.errorName {
                    failure = PortalUnavailable("the desktop portal did not open a file chooser (\(error))")
                } else if let path = (try? reply.readAll())?.first?.string {
                    handle = path
                } else {
                    failure = PortalUnavailable("the desktop portal answered without a request")
                }
            }
            let result = try wait(on: connection)
            withExtendedLifetime((match, pending)) {}
            return result
        } catch {
            return .failure(PortalUnavailable("no desktop file chooser: \(error.description)"))
        }
    }

    /// Our own deadline for the reply too: sd-bus does not time calls out while it is still
    /// greeting a bus that does not answer.
    private func wait(on connection: DBusConnection) throws(DBusFailure) -> Result<FileChoice, PortalUnavailable> {
        let replyDeadline = ContinuousClock.now + replyTimeout
        var answerDeadline: ContinuousClock.Instant?
        while true {
            try connection.process()
            if let failure { return .failure(failure) }
            if let handle {
                if let response = responses[handle] { return .success(Options.choice(from: response)) }
                let deadline = answerDeadline ?? .now + answerTimeout
                answerDeadline = deadline
                if ContinuousClock.now >= deadline {
                    close(handle, on: connection)
                    return .failure(PortalUnavailable("the file chooser did not answer in \(answerTimeout)"))
                }
            } else if ContinuousClock.now >= replyDeadline {
                return .failure(PortalUnavailable("the desktop portal did not answer in \(replyTimeout)"))
            }
            var descriptor = pollfd(fd: connection.descriptor, events: connection.pollEvents, revents: 0)
            guard poll(&descriptor, 1, connection.pollTimeout(until: answerDeadline ?? replyDeadline)) >= 0 || errno == EINTR else {
                throw DBusFailure("cannot wait for the session bus", code: -errno)
            }
        }
    }

    /// Tells the portal to close the chooser nobody is waiting for any more.
    private func close(_ handle: String, on connection: DBusConnection) {
        guard let call = try? connection.methodCall(destination: Options.service, path: handle,
                                                    interface: Options.requestInterface, member: "Close") else { return }
        try? connection.send(call)
        connection.flush(within: .milliseconds(250))
    }

    private static func microseconds(_ duration: Duration) -> UInt64 {
        let parts = duration.components
        return UInt64(max(0, parts.seconds)) * 1_000_000 + UInt64(max(0, parts.attoseconds) / 1_000_000_000_000)
    }
}
