import VPlayCore

/// `input.conf`, mpv style: `KEY command args…` per line, e.g. `RIGHT seek 5`,
/// `Ctrl+LEFT seek -60 relative+keyframes`, `p cycle pause`, `9 add volume -2`, `q ignore`.
/// `#` starts a comment (at the start of a word, outside quotes). Commands are mpv's input
/// commands as the JSON IPC understands them (`seek`, `set`, `add`, `cycle`, `quit`,
/// `frame-step`, `frame-back-step`, `show-text`) plus `multiply speed X`, `ab-loop`,
/// `screenshot`, `playlist-next`, `playlist-prev`, `quit-watch-later` and `ignore`. mpv's
/// OSD prefixes (`no-osd`, `osd-msg`, …) are accepted and have no effect; `repeatable` makes a
/// held key repeat the command.
///
/// A line with an unknown key or command, or bad arguments, is reported with the file and line
/// and left out; the other lines still apply.
public enum InputConf {
    public static let fileName = "input.conf"

    /// `$XDG_CONFIG_HOME/vplay/input.conf`, else `~/.config/vplay/input.conf`.
    public static func path(environment: [String: String]) -> String? {
        ConfigText.directory(environment: environment).map { $0 + "/" + fileName }
    }

    /// Reads the user's file. A missing file gives no bindings and no warnings.
    public static func load(environment: [String: String]) -> (bindings: InputBindings, warnings: [String]) {
        guard let path = path(environment: environment) else { return (.empty, []) }
        let (bindings, problems) = load(path: path)
        return (InputBindings(bindings), ConfigText.warnings(for: problems))
    }

    public static func load(path: String) -> (bindings: [InputBinding], problems: [ConfigError]) {
        switch ConfigText.read(path: path) {
        case .missing: return ([], [])
        case .rejected(let error): return ([], [error])
        case .bytes(let bytes): return parse(bytes, file: path)
        }
    }

    /// Strict form: the bindings, or the first problem.
    public static func bindings(fromContentsOf text: String, file: String) throws(ConfigError) -> [InputBinding] {
        let (bindings, problems) = parse(Array(text.utf8), file: file)
        if let first = problems.first { throw first }
        return bindings
    }

    /// Reads every line it can; each bad line becomes one problem.
    public static func parse(_ bytes: [UInt8], file: String) -> (bindings: [InputBinding], problems: [ConfigError]) {
        let lines: [(number: Int, text: Result<Substring, ConfigError>)]
        switch ConfigText.lines(of: bytes, file: file) {
        case .failure(let error): return ([], [error])
        case .success(let all): lines = all
        }
        var bindings: [InputBinding] = []
        var problems: [ConfigError] = []
        // Repeated lines are read once: a big file of the same line costs little.
        var read: [Substring: Result<InputBinding?, ConfigError>] = [:]
        for (number, text) in lines {
            do throws(ConfigError) {
                let line = try text.get()
                let result = read[line] ?? Result { () throws(ConfigError) in try binding(line, line: number, file: file) }
                read[line] = result
                if let binding = try result.get() {
                    bindings.append(InputBinding(key: binding.key, command: binding.command,
                                                 repeatCommand: binding.repeatCommand, line: number))
                }
            } catch {
                problems.append(ConfigError(file: file, line: number, reason: error.reason))
            }
        }
        return (bindings, problems)
    }

    /// One line: nil for a blank or comment line.
    static func binding(_ rawLine: Substring, line: Int, file: String) throws(ConfigError) -> InputBinding? {
        func problem(_ reason: String) -> ConfigError { ConfigError(file: file, line: line, reason: reason) }
        let text = ConfigText.trimmed(rawLine)
        if text.isEmpty || text.hasPrefix("#") { return nil }
        let keyText = text.prefix { $0 != " " && $0 != "\t" }
        let key: InputKey
        do throws(InputKey.ParseError) {
            key = try InputKey(parsing: keyText)
        } catch .shiftedCharacter {
            throw problem("write the shifted character itself instead of '\(ConfigText.quotable(keyText))'")
        } catch {
            throw problem("unknown key '\(ConfigText.quotable(keyText))'")
        }
        let words: [String]
        do throws(InputCommandText.Problem) {
            words = try InputCommandText.words(text[keyText.endIndex...])
        } catch {
            throw problem(error.reason)
        }
        guard !words.isEmpty else { throw problem("no command for key '\(key)'") }
        do throws(InputCommandText.Problem) {
            let bound = try InputCommandText.command(words)
            return InputBinding(key: key, command: bound.command, repeatCommand: bound.repeatCommand, line: line)
        } catch {
            throw problem(error.reason)
        }
    }
}
