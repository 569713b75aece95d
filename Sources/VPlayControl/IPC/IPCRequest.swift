/// One client message: `{"command": [name, args...], "request_id": N}` or the
/// named form `{"command": {"name": "seek", "target": 10}}`.
struct IPCRequest: Equatable {
    /// Echoed verbatim in the reply; 0 when the client sent none.
    var id: JSONValue = .int(0)
    var name: String
    var arguments: CommandArguments

    /// A message that could not be read as a request, with the id to echo if one was found.
    struct Malformed: Error, Equatable {
        var id: JSONValue = .int(0)
    }
}

extension IPCRequest {
    init(parsing line: [UInt8]) throws(Malformed) {
        guard case .object(let message)? = JSONValue(parsing: line) else { throw Malformed() }
        let id = message["request_id"] ?? .int(0)
        switch message["command"] {
        case .array(let parts)?:
            guard let name = parts.first?.string else { throw Malformed(id: id) }
            self.init(id: id, name: name, arguments: .positional(Array(parts.dropFirst())))
        case .object(var named)?:
            guard let name = named.removeValue(forKey: "name")?.string else { throw Malformed(id: id) }
            self.init(id: id, name: name, arguments: .named(named))
        default:
            throw Malformed(id: id)
        }
    }
}

/// A command's arguments in either of mpv's forms.
enum CommandArguments: Equatable {
    case positional([JSONValue])
    case named([String: JSONValue])

    /// Lines the arguments up with the command's parameter names.
    /// - Returns: one slot per name, nil where an optional argument was left out.
    /// - Throws: `invalidParameter` when a required one is missing or an unknown one is given.
    func bind(_ names: [String], required: Int) throws(IPCError) -> [JSONValue?] {
        let slots: [JSONValue?]
        switch self {
        case .positional(let values):
            guard values.count <= names.count else { throw .invalidParameter }
            slots = names.indices.map { $0 < values.count ? values[$0] : nil }
        case .named(let values):
            guard Set(values.keys).isSubset(of: names) else { throw .invalidParameter }
            slots = names.map { values[$0] }
        }
        guard slots.prefix(required).allSatisfy({ $0 != nil }) else { throw .invalidParameter }
        return slots
    }
}
