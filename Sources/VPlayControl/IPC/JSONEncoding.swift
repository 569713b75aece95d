import VPlayCore

extension JSONValue {
    /// Compact JSON on one line (replies are framed by newlines). Keys are sorted so
    /// output is stable; non-finite numbers, which JSON cannot carry, become null.
    var encoded: String {
        var output = ""
        encode(into: &output)
        return output
    }

    private func encode(into output: inout String) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .int(let value): output += String(value)
        case .double(let value): output += value.isFinite ? String(value) : "null"
        case .string(let text): JSONString.append(text, to: &output)
        case .array(let values):
            output += "["
            for (index, value) in values.enumerated() {
                if index > 0 { output += "," }
                value.encode(into: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { output += "," }
                JSONString.append(key, to: &output)
                output += ":"
                members[key]!.encode(into: &output)
            }
            output += "}"
        }
    }
}
