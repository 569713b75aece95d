/// A property's value, free of any wire format: IPC maps it to JSON, MPRIS to D-Bus variants.
public enum PropertyValue: Sendable, Equatable {
    case flag(Bool)
    case integer(Int)
    case number(Double)
    case text(String)
    case list([PropertyValue])
    case map([String: PropertyValue])
    /// The property exists but has no value now (no file, unknown duration...).
    case unavailable

    /// `nil` becomes `.unavailable`, so getters can say "no value now" in one expression.
    static func available(_ value: Double?) -> PropertyValue { value.map(PropertyValue.number) ?? .unavailable }
    static func available(_ value: Int?) -> PropertyValue { value.map(PropertyValue.integer) ?? .unavailable }
    static func available(_ value: String?) -> PropertyValue { value.map(PropertyValue.text) ?? .unavailable }
}

// MARK: - Reading loosely typed input

extension PropertyValue {
    /// A number, or text holding one: mpv's text commands pass numbers as strings.
    public var number: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .number(let value) where value.isFinite: value
        case .text(let text): Double(text).flatMap { $0.isFinite ? $0 : nil }
        default: nil
        }
    }

    /// A flag, or mpv's `yes`/`no` text.
    public var flag: Bool? {
        switch self {
        case .flag(let value): value
        case .text("yes"): true
        case .text("no"): false
        default: nil
        }
    }
}

/// What kind of value a property holds, as `--list-properties` names it.
public enum PropertyType: String, Sendable {
    case flag, integer, number, text, list, map
}
