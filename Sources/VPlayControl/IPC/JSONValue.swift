import Foundation

/// A JSON value with booleans kept apart from numbers, which `JSONSerialization`
/// hands back as the same `NSNumber` type.
enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Parses one JSON document; nil for anything malformed, including invalid UTF-8.
    /// (`JSONSerialization` refuses nesting deeper than 512, so hostile input cannot blow the stack.)
    init?(parsing bytes: [UInt8]) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]) else {
            return nil
        }
        self.init(foundation: object)
    }

    private init?(foundation object: Any) {
        switch object {
        case is NSNull:
            self = .null
        case let string as String:
            self = .string(string)
        case let number as NSNumber:
            switch String(cString: number.objCType) {
            case "c", "B": self = .bool(number.boolValue)
            // Fractions, exponents, and unsigned values beyond Int.max.
            case "d", "f", "Q": self = .double(number.doubleValue)
            default: self = .int(number.intValue)
            }
        case let array as [Any]:
            var values: [JSONValue] = []
            for element in array {
                guard let value = JSONValue(foundation: element) else { return nil }
                values.append(value)
            }
            self = .array(values)
        case let dictionary as [String: Any]:
            var values: [String: JSONValue] = [:]
            for (key, element) in dictionary {
                guard let value = JSONValue(foundation: element) else { return nil }
                values[key] = value
            }
            self = .object(values)
        default:
            return nil
        }
    }
}

extension JSONValue: ExpressibleByStringLiteral {
    init(stringLiteral value: String) { self = .string(value) }
}

// MARK: - Reading loosely typed arguments

extension JSONValue {
    var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// A number, or a string holding one (mpv's text commands pass numbers as strings).
    var number: Double? { propertyValue.number }

    /// A whole number, also from an integral double or a string.
    var integer: Int? {
        if case .int(let value) = self { return value }
        guard let number, number == number.rounded(), abs(number) < 1e15 else { return nil }
        return Int(number)
    }
}
