/// Modifiers an `input.conf` binding can ask for.
public struct InputModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    public init(shift: Bool, control: Bool, alt: Bool) {
        self = []
        if shift { insert(.shift) }
        if control { insert(.control) }
        if alt { insert(.alt) }
    }

    public static let shift = InputModifiers(rawValue: 1 << 0)
    public static let control = InputModifiers(rawValue: 1 << 1)
    public static let alt = InputModifiers(rawValue: 1 << 2)
}

/// Keys with a name in `input.conf` (mpv's spelling). `#` is written `SHARP` there, since `#`
/// starts a comment; it is the character key "#".
public enum NamedKey: String, CaseIterable, Sendable {
    case space = "SPACE"
    case enter = "ENTER"
    case escape = "ESC"
    case backspace = "BS"
    case tab = "TAB"
    case left = "LEFT"
    case right = "RIGHT"
    case up = "UP"
    case down = "DOWN"
    case home = "HOME"
    case end = "END"
    case pageUp = "PGUP"
    case pageDown = "PGDWN"
    /// Media keys. `PLAY` and `PAUSE` are read as `PLAYPAUSE`: SDL 2 reports one key for both.
    case playPause = "PLAYPAUSE"
    case stop = "STOP"
    case next = "NEXT"
    case previous = "PREV"
    case mute = "MUTE"
    case volumeUp = "VOLUME_UP"
    case volumeDown = "VOLUME_DOWN"
}

/// A key as `input.conf` names it: a key name and modifiers, comparable with `==`.
///
/// Matching rule (the view builds one of these from each key press and looks it up):
/// - A printable key is its character as typed, Shift already applied (`a`, `A`, `{`, `#`), and
///   Shift is then not a modifier: `Shift+a` in the file means `A`; `A` matches Shift+A.
/// - Space is the named key `SPACE`; it and the other named keys keep Shift as a modifier.
/// - Ctrl and Alt count everywhere and must match exactly: `Ctrl+a` does not match a plain `a`,
///   nor `a` a Ctrl+a. A press with Super (GUI) has no `InputKey` and is never bound here.
public struct InputKey: Hashable, Sendable, CustomStringConvertible {
    /// A single character (`a`, `{`), or a `NamedKey` raw value (`LEFT`).
    public let name: String
    public let modifiers: InputModifiers

    /// A printable key; nil for control characters, whitespace other than space, and anything
    /// that is not one visible character.
    public init?(character: Character, modifiers: InputModifiers = []) {
        if character == " " {
            self.init(.space, modifiers: modifiers)
            return
        }
        guard let name = Self.keyName(character: character) else { return nil }
        self.init(name: name, modifiers: modifiers.subtracting(.shift))
    }

    public init(_ key: NamedKey, modifiers: InputModifiers = []) {
        self.init(name: key.rawValue, modifiers: modifiers)
    }

    private init(name: String, modifiers: InputModifiers) {
        self.name = name
        self.modifiers = modifiers
    }

    /// The key name of a typed character: itself when printable, `SPACE` for space, else nil.
    public static func keyName(character: Character) -> String? {
        if character == " " { return NamedKey.space.rawValue }
        let printable = character.unicodeScalars.allSatisfy { scalar in
            switch scalar.properties.generalCategory {
            case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator,
                 .unassigned, .surrogate, .privateUse:
                false
            default:
                true
            }
        }
        return printable ? String(character) : nil
    }

    /// `Ctrl+Alt+Shift+LEFT`, `Ctrl+a`: the form `input.conf` uses (modifiers in a fixed order).
    public var description: String {
        var parts: [String] = []
        if modifiers.contains(.control) { parts.append("Ctrl") }
        if modifiers.contains(.alt) { parts.append("Alt") }
        if modifiers.contains(.shift) { parts.append("Shift") }
        return (parts + [name]).joined(separator: "+")
    }
}

extension InputKey {
    enum ParseError: Error, Equatable {
        case unknownKey
        /// `Shift+1`: the shifted character depends on the layout.
        case shiftedCharacter
    }

    /// Reads `Ctrl+Shift+RIGHT`, `a`, `+`, `Ctrl++`, `SHARP`. Modifier and key names are not
    /// case-sensitive; single characters are.
    init(parsing text: Substring) throws(ParseError) {
        var rest = text
        var modifiers: InputModifiers = []
        let prefixes: [(String, InputModifiers)] = [("ctrl+", .control), ("shift+", .shift), ("alt+", .alt)]
        stripping: while true {
            for (prefix, modifier) in prefixes where rest.count > prefix.count && rest.prefix(prefix.count).lowercased() == prefix {
                rest = rest.dropFirst(prefix.count)
                modifiers.insert(modifier)
                continue stripping
            }
            break
        }
        if rest.count == 1, let character = rest.first {
            if modifiers.contains(.shift) && character != " " {
                // mpv spells Shift+a as A; other shifted characters are written as themselves.
                guard character.isASCII, character.isLowercase || character.isUppercase else { throw .shiftedCharacter }
                self.init(character: Character(character.uppercased()), modifiers: modifiers)!
                return
            }
            guard let key = InputKey(character: character, modifiers: modifiers) else { throw .unknownKey }
            self = key
            return
        }
        let upper = rest.uppercased()
        if upper == "SHARP" {
            self.init(character: "#", modifiers: modifiers)!
            return
        }
        if upper == "PLAY" || upper == "PAUSE" {
            self.init(.playPause, modifiers: modifiers)
            return
        }
        guard let named = NamedKey(rawValue: upper) else { throw .unknownKey }
        self.init(named, modifiers: modifiers)
    }
}
