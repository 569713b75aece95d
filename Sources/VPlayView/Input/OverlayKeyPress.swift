/// A key press as the overlay reads it: any `Key`, and the keys that only the overlay uses and
/// the player's bindings do not know (the function keys, Delete). Kept apart from `Key`, each of
/// whose keys has an `input.conf` name.
public struct OverlayKeyPress: Equatable, Sendable {
    public var key: OverlayKey
    public var modifiers: KeyModifiers
    /// True for the auto-repeat presses of a held key.
    public var isRepeat: Bool

    public init(_ key: OverlayKey, modifiers: KeyModifiers = [], isRepeat: Bool = false) {
        self.key = key
        self.modifiers = modifiers
        self.isRepeat = isRepeat
    }

    public init(_ press: KeyPress) {
        self.init(.key(press.key), modifiers: press.modifiers, isRepeat: press.isRepeat)
    }

    /// True without Control, Alt or Super: those presses belong to the desktop and the bindings.
    public var isPlain: Bool {
        modifiers.isDisjoint(with: [.control, .alt, .gui])
    }
}

public enum OverlayKey: Hashable, Sendable {
    case key(Key)
    /// F1 to F12 (by number).
    case function(Int)
    case delete
}
