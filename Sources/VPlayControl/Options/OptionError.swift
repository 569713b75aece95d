/// A command-line mistake, as one line the user can act on; `main` prints it and exits 2.
public struct OptionError: Error, Equatable, CustomStringConvertible {
    public let message: String

    init(_ message: String) {
        self.message = "vplay: " + message
    }

    public var description: String { message }

    static func unknownOption(_ name: String) -> OptionError {
        OptionError("unknown option '\(name)'")
    }

    static func missingValue(_ name: String) -> OptionError {
        OptionError("option '\(name)' needs a value")
    }

    static func invalidValue(_ name: String, _ value: String, expected: String) -> OptionError {
        OptionError("option '\(name)': '\(value)' is not \(expected)")
    }

    /// - Parameter hint: how to get past the limit, when another option sets it.
    static func outOfRange(_ name: String, _ value: String, _ range: String, hint: String? = nil) -> OptionError {
        OptionError("option '\(name)': '\(value)' is out of range \(range)" + (hint.map { " (\($0))" } ?? ""))
    }

    static let noFile = OptionError("no file given")
}
