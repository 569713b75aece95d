import Foundation

/// `vplay.conf`, mpv style: one option per line, as on the command line without the leading
/// `--`: `volume=70`, `fs`, `speed=1.25`, `really-quiet`, `title="My film"`. `#` starts a
/// comment (a value holding `#` is quoted), blank lines and surrounding blanks are ignored.
///
/// Every line is checked on its own with the command-line parser; a bad line is reported with
/// the file and line and left out, the others still apply. The result is a list of
/// `--name=value` arguments that go before the real command line, so the command line wins.
public enum ConfigFile {
    public static let fileName = "vplay.conf"

    /// One accepted line.
    public struct Entry: Equatable, Sendable {
        public let line: Int
        /// As written in the file: `volume`.
        public let name: String
        /// As given to the parser: `--volume=70`.
        public let argument: String
    }

    /// What a file yielded: the lines that count, and the problems with the others.
    public struct Settings: Equatable, Sendable {
        /// The file's path, or nil when there is no file to read.
        public var file: String?
        /// In file order; when an option is given twice only its last line is kept.
        public var entries: [Entry] = []
        public var problems: [ConfigError] = []

        public init(file: String? = nil, entries: [Entry] = [], problems: [ConfigError] = []) {
            self.file = file
            self.entries = entries
            self.problems = problems
        }

        /// `--name=value` arguments to put before the command line.
        public var arguments: [String] { entries.map(\.argument) }
        /// One `vplay: file:line: …` line per problem, ready to print.
        public var warnings: [String] { ConfigText.warnings(for: problems) }
    }

    /// `$XDG_CONFIG_HOME/vplay/vplay.conf`, else `~/.config/vplay/vplay.conf`.
    public static func path(environment: [String: String]) -> String? {
        ConfigText.directory(environment: environment).map { $0 + "/" + fileName }
    }

    /// Reads the user's file. A missing file gives no arguments and no problems.
    public static func load(environment: [String: String]) -> Settings {
        guard let path = path(environment: environment) else { return Settings() }
        return load(path: path)
    }

    public static func load(path: String) -> Settings {
        switch ConfigText.read(path: path) {
        case .missing: return Settings(file: path)
        case .rejected(let error): return Settings(file: path, problems: [error])
        case .bytes(let bytes): return parse(bytes, file: path)
        }
    }

    /// Strict form, for callers that want all or nothing: the arguments, or the first problem.
    public static func arguments(fromContentsOf text: String, file: String) throws(ConfigError) -> [String] {
        let settings = parse(Array(text.utf8), file: file)
        if let first = settings.problems.first { throw first }
        return settings.arguments
    }

    /// Reads every line it can; each bad line becomes one problem.
    public static func parse(_ bytes: [UInt8], file: String) -> Settings {
        var settings = Settings(file: file)
        let lines: [(number: Int, text: Result<Substring, ConfigError>)]
        switch ConfigText.lines(of: bytes, file: file) {
        case .failure(let error):
            settings.problems = [error]
            return settings
        case .success(let all): lines = all
        }
        var entries: [Entry] = []
        // Repeated lines are checked once: a big file of the same line costs little.
        var checked: [Substring: Result<Entry?, ConfigError>] = [:]
        for (number, text) in lines {
            do throws(ConfigError) {
                let line = try text.get()
                let result = checked[line] ?? Result { () throws(ConfigError) in try entry(line, line: number, file: file) }
                checked[line] = result
                if let entry = try result.get() {
                    entries.append(Entry(line: number, name: entry.name, argument: entry.argument))
                }
            } catch {
                settings.problems.append(ConfigError(file: file, line: number, reason: error.reason))
            }
        }
        // The parser lets the last use of an option win, so earlier ones can go (this also
        // keeps the argument list short whatever the file's size).
        var seen = Set<String>()
        settings.entries = entries.reversed().filter { entry in
            let key = OptionTable.spec(named: "--" + entry.name)!.names[0]
            return seen.insert(key).inserted
        }.reversed()
        return settings
    }

    /// Options that only make sense on the command line.
    static let commandLineOnly: Set<String> = ["--help", "--version"]

    /// One line: nil for a blank or comment line.
    static func entry(_ rawLine: Substring, line: Int, file: String) throws(ConfigError) -> Entry? {
        func problem(_ reason: String) -> ConfigError { ConfigError(file: file, line: line, reason: reason) }
        let text = ConfigText.trimmed(rawLine)
        if text.isEmpty || text.hasPrefix("#") { return nil }

        let name: Substring
        var value: String?
        if let equals = text.firstIndex(of: "=") {
            name = ConfigText.trimmed(text[..<equals])
            value = try self.value(ConfigText.trimmed(text[text.index(after: equals)...]), problem: problem)
        } else {
            name = ConfigText.trimmed(text.prefix { $0 != "#" })
        }

        guard !name.isEmpty else { throw problem("missing option name before '='") }
        if name.hasPrefix("-") {
            let bare = name.drop { $0 == "-" }
            throw problem("write options without the leading dashes ('\(ConfigText.quotable(bare))', not '\(ConfigText.quotable(name))')")
        }
        guard name.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }),
              let spec = OptionTable.spec(named: "--" + name) else {
            let isPath = name.contains("/") || name.contains(".")
            throw problem("unknown option '\(ConfigText.quotable(name))'" + (isPath ? " (files cannot be given in a config file)" : ""))
        }
        if !commandLineOnly.isDisjoint(with: spec.names) {
            throw problem("'\(name)' only works on the command line")
        }
        if spec.takesSeparateValue && value == nil {
            throw problem("option '\(name)' needs a value ('\(name)=…')")
        }
        let argument = "--" + name + (value.map { "=" + $0 } ?? "")
        // The command-line parser checks the value. `volume` is checked against the highest
        // `volume-max` here; the real limit is checked once everything is read (see `options`).
        let context = spec.names.contains("--volume") ? ["--volume-max=1000"] : []
        do {
            _ = try OptionParser.parse(context + [argument, "config-check.mkv"])
        } catch {
            // Explained against the default limits, which is what the user sees in --help.
            var explained = error
            if !context.isEmpty {
                do { _ = try OptionParser.parse([argument, "config-check.mkv"]) } catch { explained = error }
            }
            throw problem(reason(explained, spelled: "--" + name, as: String(name)))
        }
        return Entry(line: line, name: String(name), argument: argument)
    }

    /// The value after `=`: quoted with `"` or `'` (kept verbatim, `#` included), or bare up
    /// to a `#` comment.
    private static func value(_ text: Substring, problem: (String) -> ConfigError) throws(ConfigError) -> String {
        guard let quote = text.first, quote == "\"" || quote == "'" else {
            return String(ConfigText.trimmed(text.prefix { $0 != "#" }))
        }
        let body = text.dropFirst()
        guard let close = body.firstIndex(of: quote) else { throw problem("missing closing \(quote)") }
        let rest = ConfigText.trimmed(body[body.index(after: close)...])
        guard rest.isEmpty || rest.hasPrefix("#") else { throw problem("unexpected text after the closing \(quote)") }
        return String(body[..<close])
    }

    /// The parser's message without its `vplay: ` prefix, naming the option as the file spells it.
    static func reason(_ error: OptionError, spelled: String? = nil, as written: String = "") -> String {
        var text = error.message
        if text.hasPrefix("vplay: ") { text = String(text.dropFirst("vplay: ".count)) }
        guard let spelled else { return text }
        return text.replacingOccurrences(of: "'\(spelled)'", with: "'\(written)'")
    }
}

extension ConfigFile {
    /// The launch options from the file and the command line together, the command line last
    /// so it wins. A mistake on the command line is thrown as usual (exit 2). When the file's
    /// settings clash with each other or with the command line (`volume=120` against
    /// `--volume-max=100`, `start` after `end`), the clashing line is reported and left out,
    /// and the rest of the file still applies.
    /// - Returns: the options and the warnings to print, `settings.warnings` included.
    public static func options(commandLine: [String], settings: Settings) throws(OptionError) -> (options: LaunchOptions, warnings: [String]) {
        var warnings = settings.warnings
        let firstError: OptionError
        do {
            return (try OptionParser.parse(settings.arguments + commandLine), warnings)
        } catch {
            firstError = error
        }
        // Is it the command line's own mistake? Then the file is not to blame.
        let alone = try OptionParser.parse(commandLine)
        let file = settings.file ?? fileName
        // Entries are few (one per option), so trying each one's removal is cheap.
        for index in settings.entries.indices.reversed() {
            var rest = settings.entries
            let removed = rest.remove(at: index)
            if let options = try? OptionParser.parse(rest.map(\.argument) + commandLine) {
                let spelled = "--" + removed.name
                let reason = firstError.message.contains("'\(spelled)'")
                    ? reason(firstError, spelled: spelled, as: removed.name) + "; ignored"
                    : "'\(removed.name)' ignored: " + reason(firstError)
                warnings.append(ConfigError(file: file, line: removed.line, reason: reason).description)
                return (options, warnings)
            }
        }
        warnings.append(ConfigError(file: file, line: nil, reason: reason(firstError) + "; file ignored").description)
        return (alone, warnings)
    }
}
