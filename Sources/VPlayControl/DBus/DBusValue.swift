/// One D-Bus value with its type, free of any library: what MPRIS and the portal send and
/// receive. Dictionaries are keyed by strings, the only kind either interface uses.
public indirect enum DBusValue: Sendable, Equatable {
    case boolean(Bool)
    case byte(UInt8)
    case int32(Int32)
    case uint32(UInt32)
    case int64(Int64)
    case uint64(UInt64)
    case double(Double)
    case string(String)
    case objectPath(String)
    case variant(DBusValue)
    /// Elements of one type; the element signature is kept so that an empty array has a type.
    case array(element: String, [DBusValue])
    /// `a{s…}`, with the signature of its values.
    case dictionary(value: String, [String: DBusValue])
    case structure([DBusValue])

    /// The value's D-Bus type signature (`s`, `a{sv}`, `a(sa(us))`, …).
    public var signature: String {
        switch self {
        case .boolean: "b"
        case .byte: "y"
        case .int32: "i"
        case .uint32: "u"
        case .int64: "x"
        case .uint64: "t"
        case .double: "d"
        case .string: "s"
        case .objectPath: "o"
        case .variant: "v"
        case .array(let element, _): "a" + element
        case .dictionary(let value, _): "a{s" + value + "}"
        case .structure(let members): "(" + members.map(\.signature).joined() + ")"
        }
    }

    /// `a{sv}`: the shape of MPRIS metadata, property maps and portal options.
    public static func variantMap(_ entries: [String: DBusValue]) -> DBusValue {
        .dictionary(value: "v", entries.mapValues(DBusValue.variant))
    }

    public static func strings(_ values: [String]) -> DBusValue {
        .array(element: "s", values.map(DBusValue.string))
    }
}

// MARK: - Reading loosely

extension DBusValue {
    /// The value inside any number of variants.
    public var unwrapped: DBusValue {
        if case .variant(let inner) = self { return inner.unwrapped }
        return self
    }

    public var string: String? {
        switch unwrapped {
        case .string(let text), .objectPath(let text): text
        default: nil
        }
    }

    public var boolean: Bool? {
        if case .boolean(let flag) = unwrapped { return flag }
        return nil
    }

    /// Doubles only: MPRIS's `Rate` and `Volume` are `d`.
    public var double: Double? {
        if case .double(let number) = unwrapped { return number }
        return nil
    }

    /// Any integer type, when it fits.
    public var integer: Int64? {
        switch unwrapped {
        case .byte(let value): Int64(value)
        case .int32(let value): Int64(value)
        case .uint32(let value): Int64(value)
        case .int64(let value): value
        case .uint64(let value): Int64(exactly: value)
        default: nil
        }
    }

    /// The elements of an array, else nil.
    public var elements: [DBusValue]? {
        if case .array(_, let values) = unwrapped { return values }
        return nil
    }

    /// The entries of a string-keyed dictionary, else nil.
    public var entries: [String: DBusValue]? {
        if case .dictionary(_, let values) = unwrapped { return values }
        return nil
    }
}
