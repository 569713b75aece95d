import VPlayCore

/// The command part of an `input.conf` line: split into words as mpv does, then turned into a
/// `PlayerCommand` by the same mapper the JSON IPC uses.
enum InputCommandText {
    struct Problem: Error, Equatable {
        let reason: String
    }

    struct Bound: Equatable {
        /// nil for `ignore`.
        var command: PlayerCommand?
        var repeatCommand: PlayerCommand?
    }

    /// Splits on blanks. A word that starts with `"` runs to the closing `"`, with `\"`, `\\`,
    /// `\n` and `\t` escapes; a word that starts with `#` starts a comment. `;` (mpv's command
    /// separator) is refused outside quotes: a key runs one command here.
    static func words(_ text: Substring) throws(Problem) -> [String] {
        var words: [String] = []
        var index = text.startIndex
        func isBlank(_ character: Character) -> Bool { character == " " || character == "\t" }
        while index < text.endIndex {
            let character = text[index]
            if isBlank(character) {
                index = text.index(after: index)
                continue
            }
            if character == "#" { break }
            var word = ""
            if character == "\"" {
                index = text.index(after: index)
                var closed = false
                while index < text.endIndex {
                    let next = text[index]
                    index = text.index(after: index)
                    if next == "\"" {
                        closed = true
                        break
                    }
                    if next == "\\" {
                        guard index < text.endIndex else { break }
                        let escaped = text[index]
                        index = text.index(after: index)
                        switch escaped {
                        case "\"", "\\": word.append(escaped)
                        case "n": word.append("\n")
                        case "t": word.append("\t")
                        default: throw Problem(reason: "unknown escape '\\\(ConfigText.quotable(String(escaped)))' in quotes")
                        }
                    } else {
                        word.append(next)
                    }
                }
                guard closed else { throw Problem(reason: "missing closing \"") }
                guard index == text.endIndex || isBlank(text[index]) else {
                    throw Problem(reason: "unexpected text after the closing \"")
                }
            } else {
                while index < text.endIndex, !isBlank(text[index]) {
                    word.append(text[index])
                    index = text.index(after: index)
                }
                if word.contains(";") { throw Problem(reason: "only one command per key is supported (found ';')") }
            }
            words.append(word)
        }
        return words
    }

    /// mpv prefixes that only change what the OSD shows, which vplay ignores.
    static let osdPrefixes: Set<String> = ["no-osd", "osd-auto", "osd-bar", "osd-msg", "osd-msg-bar"]

    /// Input commands the IPC mapper carries out; its other requests (properties, observers)
    /// are not key commands.
    static let mappedCommands: Set<String> = ["seek", "set", "add", "multiply", "cycle", "quit", "frame-step", "frame-back-step", "show-text", "af"]

    /// States the mapper is run against. The first is a file with a duration (so `set time-pos`
    /// and `set percent-pos` are allowed) and the highest `--volume-max` (the player clamps
    /// volume to its real maximum when the key is pressed). The second differs in everything
    /// else a command could read: a line whose command comes out differently depends on the
    /// state at the moment of the press (`set ab-loop-a 5` keeps the current B point) and is
    /// refused, since a binding is fixed when the file is read. `add`, `multiply` and `cycle`
    /// pass: the player reads the current value when the key is pressed.
    static let referenceStates: [PlayerState] = {
        var first = PlayerState()
        first.path = "input.conf"
        first.duration = 1
        first.volumeMax = 1000
        var second = first
        second.path = "other/input.conf"
        second.duration = 2
        second.position = 1
        second.isPaused = true
        second.speed = 2
        second.volume = 50
        second.isMuted = true
        second.isFullscreen = true
        second.abLoopA = 0.25
        second.abLoopB = 0.75
        second.playlistPosition = 1
        second.playlist = (1...3).map { PlaylistItem(path: "part \($0).mkv", id: $0) }
        return [first, second]
    }()

    static func command(_ allWords: [String]) throws(Problem) -> Bound {
        var words = allWords[...]
        var repeatable = false
        while let first = words.first, osdPrefixes.contains(first) || first == "repeatable" {
            if first == "repeatable" { repeatable = true }
            words = words.dropFirst()
        }
        guard let name = words.first else { throw Problem(reason: "no command after '\(ConfigText.quotable(allWords.joined(separator: " ")))'") }
        let arguments = Array(words.dropFirst())
        let shown = ConfigText.quotable(words.joined(separator: " "))

        let command: PlayerCommand?
        switch name {
        case "ignore":
            guard arguments.isEmpty else { throw Problem(reason: "'ignore' takes no arguments") }
            return Bound(command: nil, repeatCommand: nil)
        case "multiply" where arguments.count == 2:
            // mpv's input.conf takes a fraction here (`1/1.1`); IPC takes a number.
            guard let factor = factor(arguments[1]) else {
                throw Problem(reason: "'\(ConfigText.quotable(arguments[1]))' is not a positive number or fraction")
            }
            command = try mapped(name, [arguments[0], String(factor)], shown: shown)
        case "ab-loop":
            command = try noArguments(.cycleABLoop, name, arguments)
        case "screenshot":
            // `window` saves what `subtitles` saves: the frame at its own size with the subtitles.
            guard arguments.count <= 1, arguments.allSatisfy({ ["subtitles", "video", "window"].contains($0) }) else {
                throw Problem(reason: "invalid arguments in '\(shown)'")
            }
            command = arguments.first == "video" ? .screenshotVideo : .screenshot
        case "quit-watch-later":
            command = try noArguments(.quitSavingPosition, name, arguments)
        case "playlist-next", "playlist-prev":
            // mpv's optional `weak` / `force` change nothing for a plain playlist.
            guard arguments.count <= 1, arguments.allSatisfy({ $0 == "weak" || $0 == "force" }) else {
                throw Problem(reason: "invalid arguments in '\(shown)'")
            }
            command = name == "playlist-next" ? .playlistNext : .playlistPrevious
        case _ where mappedCommands.contains(name):
            command = try mapped(name, arguments, shown: shown)
        default:
            throw Problem(reason: "unknown command '\(ConfigText.quotable(name))'")
        }
        guard let command else { return Bound(command: nil, repeatCommand: nil) }
        if repeatable { return Bound(command: command, repeatCommand: command) }
        return Bound(command: command, repeatCommand: repeatCommand(for: command, name: name, arguments: arguments))
    }

    /// The command the IPC mapper makes of `name arguments`, the same in every reference state.
    /// An adjustment that comes out the same everywhere (`add time-pos 5`: a relative seek)
    /// is bound as that command, so a held key can turn it into a keyframe seek.
    private static func mapped(_ name: String, _ arguments: [String], shown: String) throws(Problem) -> PlayerCommand {
        let request = IPCRequest(name: name, arguments: .positional(arguments.map(JSONValue.string)))
        var actions: [IPCAction] = []
        do throws(IPCError) {
            for state in referenceStates {
                actions.append(try IPCCommandMapper.action(for: request, state: state, clientName: "input.conf"))
            }
        } catch .invalidParameter {
            throw Problem(reason: "invalid arguments in '\(shown)'")
        } catch {
            throw Problem(reason: "cannot run '\(shown)': \(error.rawValue)")
        }
        let commands = actions.compactMap { action in
            if case .perform(let command) = action { command } else { nil }
        }
        guard commands.count == actions.count else { throw Problem(reason: "'\(shown)' does nothing on a key") }
        guard commands.allSatisfy({ $0 == commands[0] }) else {
            throw Problem(reason: "'\(shown)' depends on the player's state at the press and cannot be bound")
        }
        guard case let .adjust(property, adjustment) = commands[0] else { return commands[0] }
        let resolved = referenceStates.map { try? PropertyRegistry.property(named: property).command(adjusting: adjustment, in: $0) }
        guard let first = resolved[0], resolved.allSatisfy({ $0 == first }) else { return commands[0] }
        return first
    }

    /// Commands that make sense held down repeat; a held seek lands on keyframes unless the
    /// line says `exact`, as the built-in arrow keys do.
    private static func repeatCommand(for command: PlayerCommand, name: String, arguments: [String]) -> PlayerCommand? {
        switch command {
        case .seek(let target, let precision):
            let explicitlyExact = name == "seek" && arguments.count > 1 && arguments[1].split(separator: "+").contains("exact")
            return .seek(target, explicitlyExact ? precision : .keyframe)
        case .adjust(_, .add), .adjust(_, .multiply), .frameStep, .frameBackStep:
            return command
        default:
            return nil
        }
    }

    private static func noArguments(_ command: PlayerCommand, _ name: String, _ arguments: [String]) throws(Problem) -> PlayerCommand {
        guard arguments.isEmpty else { throw Problem(reason: "'\(name)' takes no arguments") }
        return command
    }

    /// `1.1`, `0.5`, or mpv's fraction `1/1.1`; positive and finite.
    static func factor(_ text: String) -> Double? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count) else { return nil }
        let numbers = parts.compactMap { ValueText.number(String($0)) }
        guard numbers.count == parts.count else { return nil }
        let value = numbers.count == 2 ? numbers[0] / numbers[1] : numbers[0]
        return value.isFinite && value > 0 ? value : nil
    }
}
