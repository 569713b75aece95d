extension OptionParser {
    /// The `--help` text: every option with its spellings and default.
    public static func helpText() -> String {
        let rows = OptionTable.all.map { spec in (usage(of: spec), "\(spec.help) (default: \(spec.defaultValue))") }
        let width = rows.map(\.0.count).max() ?? 0
        let lines = rows.map { usage, text in
            "  " + usage + String(repeating: " ", count: width - usage.count + 2) + text
        }
        return """
            Usage: vplay [options] FILE|URL...

            Options take --opt=VALUE or --opt VALUE; flags also take --flag=yes or --flag=no.
            '--' ends the options: everything after it is a file or URL.

            \(lines.joined(separator: "\n"))

            """
    }

    private static func usage(of spec: OptionSpec) -> String {
        spec.names.map { name in
            switch spec.arity {
            case .flag: name
            case .optionalValue(let placeholder): "\(name)[=\(placeholder)]"
            case .value(let placeholder): name.hasPrefix("--") ? "\(name)=\(placeholder)" : "\(name) \(placeholder)"
            }
        }.joined(separator: ", ")
    }
}
