/// One command-line option: its spellings, how it takes a value, what `--help` says, and
/// what it does. Parsing and the help text both read the same table, so they cannot drift.
struct OptionSpec: Sendable {
    enum Arity: Sendable {
        /// `--flag`, or `--flag=yes|no`.
        case flag
        /// `--opt=VALUE` only, or bare.
        case optionalValue(String)
        /// `--opt=VALUE` or `--opt VALUE`.
        case value(String)
    }

    typealias Apply = @Sendable (inout OptionDraft, OptionUse) throws(OptionError) -> Void

    let names: [String]
    let arity: Arity
    let help: String
    let defaultValue: String
    let apply: Apply

    init(_ names: [String], _ arity: Arity, _ help: String, default defaultValue: String, apply: @escaping Apply) {
        self.names = names
        self.arity = arity
        self.help = help
        self.defaultValue = defaultValue
        self.apply = apply
    }

    var takesSeparateValue: Bool {
        if case .value = arity { return true }
        return false
    }
}
