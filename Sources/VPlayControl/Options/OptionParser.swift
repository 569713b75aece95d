/// Turns `vplay [options] FILE...` into `LaunchOptions`.
public enum OptionParser {
    /// - Parameter arguments: the command line without the program name.
    public static func parse(_ arguments: [String]) throws(OptionError) -> LaunchOptions {
        var draft = OptionDraft()
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if argument == "--" {
                draft.options.files += rest
                break
            }
            // A lone "-" is a file name (standard input), as in mpv and ffplay.
            guard argument.hasPrefix("-"), argument != "-" else {
                draft.options.files.append(argument)
                continue
            }
            let (name, inlineValue) = split(argument)
            guard let spec = OptionTable.spec(named: name) else { throw .unknownOption(name) }
            var value = inlineValue
            if value == nil && spec.takesSeparateValue {
                guard let next = rest.popFirst() else { throw .missingValue(name) }
                value = next
            }
            try spec.apply(&draft, OptionUse(name: name, value: value))
        }
        return try draft.finish()
    }

    /// `--name=value` → ("--name", "value"); anything else has no inline value.
    private static func split(_ argument: String) -> (String, String?) {
        guard let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}
