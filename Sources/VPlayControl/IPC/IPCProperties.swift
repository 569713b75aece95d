import VPlayCore

/// The property registry as IPC sees it: JSON values and mpv's error strings.
enum IPCProperties {
    /// The value at `path`: a property's name, then perhaps a way into its value
    /// (`metadata/by-key/title`, `track-list/0/lang`, `current-tracks/video/id`).
    static func value(of path: String, in state: PlayerState) throws(IPCError) -> JSONValue {
        let (property, rest) = try resolve(path)
        let value = try walk(property.value(in: state), rest)
        guard let json = JSONValue(value) else { throw .propertyUnavailable }
        return json
    }

    /// The property `path` names and the rest of the path: the longest registered name made
    /// of its first parts, so a name with a slash (`filename/no-ext`) stays whole.
    static func resolve(_ path: String) throws(IPCError) -> (Property, ArraySlice<Substring>) {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        for count in stride(from: parts.count, to: 0, by: -1) {
            if let property = try? PropertyRegistry.property(named: parts.prefix(count).joined(separator: "/")) {
                return (property, parts[count...])
            }
        }
        throw .propertyNotFound
    }

    /// The part of `value` that `path` leads to, as mpv reads sub-properties: a map's key,
    /// `by-key/KEY` (any case; the rest of the path is the key) and `list` (its entries as
    /// key and value, by key); a list's index and `count`. A way that leads nowhere is not
    /// found; one that meets a value that is not there is unavailable.
    static func walk(_ value: PropertyValue, _ path: ArraySlice<Substring>) throws(IPCError) -> PropertyValue {
        guard let step = path.first else { return value }
        let rest = path.dropFirst()
        switch value {
        case .unavailable:
            throw .propertyUnavailable
        case .map(let fields):
            if step == "list" {
                let entries = fields.sorted { $0.key < $1.key }
                return try walk(.list(entries.map { .map(["key": .text($0.key), "value": $0.value]) }), rest)
            }
            if step == "by-key", !rest.isEmpty {
                let key = rest.joined(separator: "/")
                guard let field = fields[key] ?? fields.first(where: { $0.key.lowercased() == key.lowercased() })?.value else {
                    throw .propertyNotFound
                }
                return field
            }
            guard let field = fields[String(step)] else { throw .propertyNotFound }
            return try walk(field, rest)
        case .list(let items):
            if step == "count", rest.isEmpty { return .integer(items.count) }
            guard step.allSatisfy({ ("0"..."9").contains($0) }), let index = Int(step), items.indices.contains(index) else {
                throw .propertyNotFound
            }
            return try walk(items[index], rest)
        case .flag, .integer, .number, .text:
            throw .propertyNotFound
        }
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

    /// Whether observers of `path` need telling about changes; unknown names are watched,
    /// as mpv lets clients observe them (their value is simply never there).
    static func isObservable(_ path: String) -> Bool {
        (try? resolve(path))?.0.isObservable ?? true
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
