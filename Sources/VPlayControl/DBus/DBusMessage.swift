import CSystemd
import Glibc

/// Why a D-Bus operation failed: what was being done and sd-bus's error number.
public struct DBusFailure: Error, CustomStringConvertible, Sendable {
    public let description: String

    init(_ action: String, code: Int32) {
        description = "\(action): \(String(cString: strerror(-code)))"
    }

    init(_ description: String) {
        self.description = description
    }
}

/// One owner of an `sd_bus_message` reference. Used on the bus's thread only.
final class DBusMessage: @unchecked Sendable {
    let pointer: OpaquePointer

    /// Takes over a reference the caller owns (a new message).
    init(owning pointer: OpaquePointer) {
        self.pointer = pointer
    }

    /// Adds a reference of our own (a message sd-bus lends to a callback).
    init(retaining pointer: OpaquePointer) {
        self.pointer = sd_bus_message_ref(pointer)
    }

    deinit {
        sd_bus_message_unref(pointer)
    }

    var member: String? { sd_bus_message_get_member(pointer).map { String(cString: $0) } }
    var interface: String? { sd_bus_message_get_interface(pointer).map { String(cString: $0) } }
    var path: String? { sd_bus_message_get_path(pointer).map { String(cString: $0) } }
    var sender: String? { sd_bus_message_get_sender(pointer).map { String(cString: $0) } }

    // MARK: writing

    func append(_ values: [DBusValue]) throws(DBusFailure) {
        for value in values { try append(value) }
    }

    func append(_ value: DBusValue) throws(DBusFailure) {
        let code: Int32
        switch value {
        case .boolean(let flag):
            var raw: Int32 = flag ? 1 : 0
            code = sd_bus_message_append_basic(pointer, CChar(UInt8(ascii: "b")), &raw)
        case .byte(var raw): code = sd_bus_message_append_basic(pointer, CChar(UInt8(ascii: "y")), &raw)
        case .int32(var raw): code = sd_bus_message_append_basic(pointer, CChar(UInt8(ascii: "i")), &raw)
        case .uint32(var raw): code = sd_bus_message_append_basic(pointer, CChar(UInt8(ascii: "u")), &raw)
        case .int64(var raw): code = sd_bus_message_append_basic(pointer, CChar(UInt8(ascii: "x")), &raw)
        case .uint64(var raw): code = sd_bus_message_append_basic(pointer, CChar(UInt8(ascii: "t")), &raw)
        case .double(var raw): code = sd_bus_message_append_basic(pointer, CChar(UInt8(ascii: "d")), &raw)
        case .string(let text), .objectPath(let text):
            // Strings go in by their address, not a pointer to it.
            let type = CChar(UInt8(ascii: value.signature == "o" ? "o" : "s"))
            code = text.withCString { sd_bus_message_append_basic(pointer, type, $0) }
        case .variant(let inner):
            try container("v", inner.signature) { () throws(DBusFailure) in try append(inner) }
            return
        case .array(let element, let values):
            try container("a", element) { () throws(DBusFailure) in try append(values) }
            return
        case .dictionary(let valueSignature, let entries):
            try container("a", "{s" + valueSignature + "}") { () throws(DBusFailure) in
                for key in entries.keys.sorted() {
                    try container("e", "s" + valueSignature) { () throws(DBusFailure) in
                        try append(.string(key))
                        try append(entries[key]!)
                    }
                }
            }
            return
        case .structure(let members):
            try container("r", members.map(\.signature).joined()) { () throws(DBusFailure) in try append(members) }
            return
        }
        guard code >= 0 else { throw DBusFailure("cannot write a D-Bus value", code: code) }
    }

    private func container(_ type: Character, _ contents: String, _ body: () throws(DBusFailure) -> Void) throws(DBusFailure) {
        let opened = contents.withCString { sd_bus_message_open_container(pointer, CChar(type.asciiValue!), $0) }
        guard opened >= 0 else { throw DBusFailure("cannot open a D-Bus container", code: opened) }
        try body()
        let closed = sd_bus_message_close_container(pointer)
        guard closed >= 0 else { throw DBusFailure("cannot close a D-Bus container", code: closed) }
    }

    // MARK: reading

    /// Every argument left in the message (or the container entered).
    /// - Throws: for types vplay never takes (file descriptors, non-string dictionary keys).
    func readAll() throws(DBusFailure) -> [DBusValue] {
        var values: [DBusValue] = []
        while let value = try readNext() { values.append(value) }
        return values
    }

    private func readNext() throws(DBusFailure) -> DBusValue? {
        var type: CChar = 0
        var contents: UnsafePointer<CChar>?
        let peeked = sd_bus_message_peek_type(pointer, &type, &contents)
        guard peeked >= 0 else { throw DBusFailure("cannot read a D-Bus message", code: peeked) }
        if peeked == 0 { return nil }
        let inner = contents.map { String(cString: $0) } ?? ""
        switch UInt8(bitPattern: type) {
        case UInt8(ascii: "v"):
            return .variant(try inside(type, inner) { () throws(DBusFailure) in
                guard let value = try readNext() else { throw DBusFailure("an empty variant") }
                return value
            })
        case UInt8(ascii: "a") where inner.hasPrefix("{"):
            let valueSignature = String(inner.dropFirst(2).dropLast())
            guard inner.dropFirst().first == "s" else { throw DBusFailure("a dictionary not keyed by strings") }
            return try inside(type, inner) { () throws(DBusFailure) in
                var entries: [String: DBusValue] = [:]
                while try !isAtEnd() {
                    let pair = try inside(CChar(UInt8(ascii: "e")), String(inner.dropFirst().dropLast())) { () throws(DBusFailure) in
                        try readAll()
                    }
                    guard pair.count == 2, let key = pair[0].string else { throw DBusFailure("a malformed dictionary entry") }
                    entries[key] = pair[1]
                }
                return .dictionary(value: valueSignature, entries)
            }
        case UInt8(ascii: "a"):
            return .array(element: inner, try inside(type, inner) { () throws(DBusFailure) in try readAll() })
        case UInt8(ascii: "r"):
            return .structure(try inside(type, inner) { () throws(DBusFailure) in try readAll() })
        default:
            return try readBasic(type)
        }
    }

    private func readBasic(_ type: CChar) throws(DBusFailure) -> DBusValue {
        func read<T: BitwiseCopyable>(_ initial: T) throws(DBusFailure) -> T {
            var value = initial
            let code = withUnsafeMutableBytes(of: &value) { sd_bus_message_read_basic(pointer, type, $0.baseAddress) }
            guard code > 0 else { throw DBusFailure("cannot read a D-Bus value", code: code == 0 ? -EBADMSG : code) }
            return value
        }
        switch UInt8(bitPattern: type) {
        case UInt8(ascii: "b"): return .boolean(try read(Int32(0)) != 0)
        case UInt8(ascii: "y"): return .byte(try read(UInt8(0)))
        case UInt8(ascii: "n"): return .int32(Int32(try read(Int16(0))))
        case UInt8(ascii: "q"): return .uint32(UInt32(try read(UInt16(0))))
        case UInt8(ascii: "i"): return .int32(try read(Int32(0)))
        case UInt8(ascii: "u"): return .uint32(try read(UInt32(0)))
        case UInt8(ascii: "x"): return .int64(try read(Int64(0)))
        case UInt8(ascii: "t"): return .uint64(try read(UInt64(0)))
        case UInt8(ascii: "d"): return .double(try read(Double(0)))
        case UInt8(ascii: "s"), UInt8(ascii: "g"):
            return .string(try read(UnsafePointer<CChar>?.none).map { String(cString: $0) } ?? "")
        case UInt8(ascii: "o"):
            return .objectPath(try read(UnsafePointer<CChar>?.none).map { String(cString: $0) } ?? "")
        default:
            throw DBusFailure("a D-Bus value of type '\(Character(UnicodeScalar(UInt8(bitPattern: type))))' is not taken")
        }
    }

    /// Whether the container entered has no more values.
    private func isAtEnd() throws(DBusFailure) -> Bool {
        let code = sd_bus_message_at_end(pointer, 0)
        guard code >= 0 else { throw DBusFailure("cannot read a D-Bus message", code: code) }
        return code > 0
    }

    private func inside<T>(_ type: CChar, _ contents: String, _ body: () throws(DBusFailure) -> T) throws(DBusFailure) -> T {
        let entered = contents.withCString { sd_bus_message_enter_container(pointer, type, $0) }
        guard entered > 0 else { throw DBusFailure("cannot enter a D-Bus container", code: entered == 0 ? -EBADMSG : entered) }
        let value = try body()
        let exited = sd_bus_message_exit_container(pointer)
        guard exited >= 0 else { throw DBusFailure("cannot leave a D-Bus container", code: exited) }
        return value
    }
}
