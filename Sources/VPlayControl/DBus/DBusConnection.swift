import CSystemd
import Glibc

/// One owner of an `sd_bus` connection to a message bus. Everything on it (handlers included)
/// runs on the one thread that calls `process()`; nothing here blocks on the bus.
final class DBusConnection: @unchecked Sendable {
    let pointer: OpaquePointer

    /// Connects to the bus at `address` (a D-Bus address such as `unix:path=/run/user/1000/bus`).
    /// The connection and its greeting finish in `process()`, so this returns at once.
    init(address: String) throws(DBusFailure) {
        var bus: OpaquePointer?
        let created = sd_bus_new(&bus)
        guard created >= 0, let bus else { throw DBusFailure("cannot create a D-Bus connection", code: created) }
        pointer = bus
        let set = address.withCString { sd_bus_set_address(bus, $0) }
        guard set >= 0 else { throw DBusFailure("bad D-Bus address '\(address)'", code: set) }
        _ = sd_bus_set_bus_client(bus, 1)
        let started = sd_bus_start(bus)
        guard started >= 0 else { throw DBusFailure("cannot connect to the session bus", code: started) }
    }

    deinit {
        // No flush here: a bus that stopped reading would hold the thread (see `flush(within:)`).
        sd_bus_close(pointer)
        sd_bus_unref(pointer)
    }

    /// The session bus's address from the environment: `DBUS_SESSION_BUS_ADDRESS`, else the
    /// socket systemd puts in `XDG_RUNTIME_DIR`; nil when there is neither.
    static func sessionAddress(environment: [String: String]) -> String? {
        if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty { return address }
        guard let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty else { return nil }
        let path = runtime + "/bus"
        return access(path, F_OK) == 0 ? "unix:path=" + path : nil
    }

    // MARK: the poll loop

    var descriptor: Int32 { sd_bus_get_fd(pointer) }
    var pollEvents: Int16 { Int16(truncatingIfNeeded: max(0, sd_bus_get_events(pointer))) }

    /// When sd-bus next needs `process()` (a call timing out), in CLOCK_MONOTONIC µs; nil: never.
    var deadline: UInt64? {
        var usec: UInt64 = 0
        guard sd_bus_get_timeout(pointer, &usec) >= 0, usec != UInt64.max else { return nil }
        return usec
    }

    /// Milliseconds for `poll()`: until sd-bus needs `process()` or `deadline`, whichever is
    /// first; -1 (forever) when neither.
    func pollTimeout(until deadline: ContinuousClock.Instant?) -> Int32 {
        var milliseconds: Int64 = -1
        if let busDeadline = self.deadline {
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            let nowMicroseconds = UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec) / 1000
            milliseconds = busDeadline <= nowMicroseconds ? 0 : Int64((busDeadline - nowMicroseconds + 999) / 1000)
        }
        if let deadline {
            let left = ContinuousClock.now.duration(to: deadline).components
            // Rounded up, so the loop does not wake just before the deadline and spin.
            let ours = max(0, left.seconds * 1000 + (left.attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
            milliseconds = milliseconds < 0 ? ours : min(milliseconds, ours)
        }
        return Int32(clamping: milliseconds)
    }

    /// Reads, writes and dispatches until there is nothing left to do now.
    /// - Throws: when the connection is gone.
    func process() throws(DBusFailure) {
        while true {
            let code = sd_bus_process(pointer, nil)
            guard code >= 0 else { throw DBusFailure("the session bus connection ended", code: code) }
            if code == 0 { return }
        }
    }

    /// Writes what is queued, for up to `timeout`: sd-bus's own flush waits as long as the bus
    /// takes, which a bus that stopped answering makes forever.
    func flush(within timeout: Duration) {
        let deadline = ContinuousClock.now + timeout
        while sd_bus_is_ready(pointer) > 0, sd_bus_process(pointer, nil) >= 0, pollEvents & Int16(POLLOUT) != 0 {
            let wait = pollTimeout(until: deadline)
            guard wait > 0 else { return }
            var descriptor = pollfd(fd: self.descriptor, events: Int16(POLLOUT), revents: 0)
            _ = poll(&descriptor, 1, wait)
        }
    }

    // MARK: messages

    func methodCall(destination: String, path: String, interface: String, member: String) throws(DBusFailure) -> DBusMessage {
        var message: OpaquePointer?
        let code = sd_bus_message_new_method_call(pointer, &message, destination, path, interface, member)
        guard code >= 0, let message else { throw DBusFailure("cannot make a D-Bus call", code: code) }
        return DBusMessage(owning: message)
    }

    func signal(path: String, interface: String, member: String) throws(DBusFailure) -> DBusMessage {
        var message: OpaquePointer?
        let code = sd_bus_message_new_signal(pointer, &message, path, interface, member)
        guard code >= 0, let message else { throw DBusFailure("cannot make a D-Bus signal", code: code) }
        return DBusMessage(owning: message)
    }

    func send(_ message: DBusMessage) throws(DBusFailure) {
        let code = sd_bus_send(pointer, message.pointer, nil)
        guard code >= 0 else { throw DBusFailure("cannot send a D-Bus message", code: code) }
    }

    /// Answers the method call `call` with `values`.
    func reply(to call: DBusMessage, _ values: [DBusValue]) throws(DBusFailure) {
        var message: OpaquePointer?
        let code = sd_bus_message_new_method_return(call.pointer, &message)
        guard code >= 0, let message else { throw DBusFailure("cannot make a D-Bus reply", code: code) }
        let reply = DBusMessage(owning: message)
        try reply.append(values)
        try send(reply)
    }

    /// Answers the method call `call` with the D-Bus error `name`.
    func reply(to call: DBusMessage, error name: String, message: String) {
        _ = vplay_sd_bus_reply_error(call.pointer, name, message)
    }

    // MARK: handlers

    /// Sends every method call to objects at `path` to `handler`; it returns false to let sd-bus
    /// answer (an unknown method). Removed when the slot goes.
    func addObject(path: String, handler: @escaping (DBusMessage) -> Bool) throws(DBusFailure) -> DBusSlot {
        let box = DBusHandlerBox { handler($0) ? 1 : 0 }
        var slot: OpaquePointer?
        let code = sd_bus_add_object(pointer, &slot, path, dbusTrampoline, box.opaque)
        guard code >= 0, let slot else { box.release(); throw DBusFailure("cannot publish D-Bus object \(path)", code: code) }
        return DBusSlot(slot, box: box, connection: self)
    }

    /// Calls `handler` for each matching signal.
    func matchSignal(sender: String?, path: String?, interface: String, member: String,
                     handler: @escaping (DBusMessage) -> Void) throws(DBusFailure) -> DBusSlot {
        let box = DBusHandlerBox { handler($0); return 0 }
        var slot: OpaquePointer?
        let code = sd_bus_match_signal_async(pointer, &slot, sender, path, interface, member, dbusTrampoline, nil, box.opaque)
        guard code >= 0, let slot else { box.release(); throw DBusFailure("cannot listen for D-Bus signal \(member)", code: code) }
        return DBusSlot(slot, box: box, connection: self)
    }

    /// Sends `call`; `handler` gets the reply, an error reply, or sd-bus's own error reply
    /// once `timeout` microseconds pass.
    func callAsync(_ call: DBusMessage, timeout: UInt64, handler: @escaping (DBusMessage) -> Void) throws(DBusFailure) -> DBusSlot {
        let box = DBusHandlerBox { handler($0); return 1 }
        var slot: OpaquePointer?
        let code = sd_bus_call_async(pointer, &slot, call.pointer, dbusTrampoline, box.opaque, timeout)
        guard code >= 0, let slot else { box.release(); throw DBusFailure("cannot call \(call.member ?? "a D-Bus method")", code: code) }
        return DBusSlot(slot, box: box, connection: self)
    }
}

/// The error name of a reply, nil when it is not an error.
extension DBusMessage {
    var errorName: String? {
        guard sd_bus_message_is_method_error(pointer, nil) > 0 else { return nil }
        return vplay_sd_bus_error_name(sd_bus_message_get_error(pointer)).map { String(cString: $0) } ?? "error"
    }
}

/// One owner of an `sd_bus_slot` (an object, a match, a pending call) and the Swift handler
/// sd-bus calls through it. It keeps its connection alive: a slot must go before its bus.
final class DBusSlot: @unchecked Sendable {
    private let pointer: OpaquePointer
    private let box: DBusHandlerBox
    private let connection: DBusConnection

    fileprivate init(_ pointer: OpaquePointer, box: DBusHandlerBox, connection: DBusConnection) {
        self.pointer = pointer
        self.box = box
        self.connection = connection
    }

    deinit {
        sd_bus_slot_unref(pointer)
        box.release()
    }
}

/// A handler handed to C as `userdata`; retained until its slot is gone.
private final class DBusHandlerBox {
    let handle: (DBusMessage) -> Int32
    private(set) var opaque: UnsafeMutableRawPointer?

    init(_ handle: @escaping (DBusMessage) -> Int32) {
        self.handle = handle
        opaque = Unmanaged.passRetained(self).toOpaque()
    }

    func release() {
        guard let opaque else { return }
        self.opaque = nil
        Unmanaged<DBusHandlerBox>.fromOpaque(opaque).release()
    }
}

private let dbusTrampoline: sd_bus_message_handler_t = { message, userdata, _ in
    guard let message, let userdata else { return 0 }
    let box = Unmanaged<DBusHandlerBox>.fromOpaque(userdata).takeUnretainedValue()
    // The handler may drop the slot that holds the box (a reply that ends its wait).
    return withExtendedLifetime(box) { box.handle(DBusMessage(retaining: message)) }
}
