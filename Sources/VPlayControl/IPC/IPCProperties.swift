import VPlayCore

/// The property registry as IPC sees it: JSON values and mpv's error strings.
enum IPCProperties {
    static func value(of name: String, in state: PlayerState) throws(IPCError) -> JSONValue {
        let value = try property(named: name).value(in: state)
        guard let json = JSONValue(value) else { throw .propertyUnavailable }
        return json
    }

    /// The command that sets `name` to `value`, checked against the current state.
    static func command(setting name: String, to value: JSONValue, in state: PlayerState) throws(IPCError) -> PlayerCommand {
        let property = try property(named: name)
        do { return try property.command(setting: value.propertyValue, in: state) } catch { throw IPCError(error) }
    }

    /// The command that adjusts `name` when the player applies it; refused now if the
    /// property cannot move that way.
    static func command(adjusting name: String, by adjustment: PropertyAdjustment) throws(IPCError) -> PlayerCommand {
        guard try property(named: name).supports(adjustment) else { throw IPCError(.notAdjustable) }
        return .adjust(property: name, adjustment)
    }

    /// Whether observers of `name` need telling about changes; unknown names are watched,
    /// as mpv lets clients observe them (their value is simply never there).
    static func isObservable(_ name: String) -> Bool {
        (try? PropertyRegistry.property(named: name))?.isObservable ?? true
    }

    private static func property(named name: String) throws(IPCError) -> Property {
        do { return try PropertyRegistry.property(named: name) } catch { throw IPCError(error) }
    }
}

extension IPCError {
    init(_ error: PropertyError) {
        self = switch error {
        case .notFound: .propertyNotFound
        case .unavailable: .propertyUnavailable
        case .readOnly: .propertyAccess
        case .invalidValue, .outOfRange: .invalidParameter
        case .notAdjustable: .commandFailed
        }
    }
}

extension JSONValue {
    /// nil for `.unavailable`, which IPC reports as an error rather than a value.
    init?(_ value: PropertyValue) {
        switch value {
        case .flag(let flag): self = .bool(flag)
        case .integer(let integer): self = .int(integer)
        case .number(let number): self = .double(number)
        case .text(let text): self = .string(text)
        case .list(let values): self = .array(values.compactMap(JSONValue.init))
        case .map(let values): self = .object(values.compactMapValues(JSONValue.init))
        case .unavailable: return nil
        }
    }

    var propertyValue: PropertyValue {
        switch self {
        case .null: .unavailable
        case .bool(let flag): .flag(flag)
        case .int(let integer): .integer(integer)
        case .double(let number): .number(number)
        case .string(let text): .text(text)
        case .array(let values): .list(values.map(\.propertyValue))
        case .object(let values): .map(values.mapValues(\.propertyValue))
        }
    }
}
