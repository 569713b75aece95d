import VPlayCore

/// One `input.conf` line: a key and what it does.
public struct InputBinding: Equatable, Sendable {
    public let key: InputKey
    /// nil for `ignore`: the key does nothing, its built-in binding included.
    public let command: PlayerCommand?
    /// What an auto-repeat press of a held key does; nil when the command does not repeat.
    /// Seeks, `add volume`, `multiply speed` and frame steps repeat (a held seek without an
    /// explicit `exact` lands on keyframes, like the built-in arrows); `repeatable` makes any
    /// command repeat.
    public let repeatCommand: PlayerCommand?
    /// Where it was written, 1-based.
    public let line: Int

    public init(key: InputKey, command: PlayerCommand?, repeatCommand: PlayerCommand?, line: Int) {
        self.key = key
        self.command = command
        self.repeatCommand = repeatCommand
        self.line = line
    }
}

/// The bindings from `input.conf`, consulted before the built-in keys.
public struct InputBindings: Equatable, Sendable {
    public enum Lookup: Equatable, Sendable {
        /// Not in the file: use the built-in binding.
        case notBound
        /// Do nothing: `ignore`, or an auto-repeat of a command that does not repeat.
        case ignored
        case command(PlayerCommand)
    }

    public static let empty = InputBindings([])

    private let table: [InputKey: InputBinding]

    /// When a key is bound twice, the later binding wins (as in mpv).
    public init(_ bindings: [InputBinding]) {
        var table: [InputKey: InputBinding] = [:]
        for binding in bindings { table[binding.key] = binding }
        self.table = table
    }

    public var isEmpty: Bool { table.isEmpty }

    public func binding(for key: InputKey) -> InputBinding? { table[key] }

    public func lookup(_ key: InputKey, isRepeat: Bool) -> Lookup {
        guard let binding = table[key] else { return .notBound }
        guard let command = isRepeat ? binding.repeatCommand : binding.command else { return .ignored }
        return .command(command)
    }
}
