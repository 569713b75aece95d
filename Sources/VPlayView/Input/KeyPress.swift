/// A key press described without SDL, so bindings can be tested without a window.
public struct KeyPress: Equatable, Sendable {
    public var key: Key
    public var modifiers: KeyModifiers
    /// True for the auto-repeat presses of a held key.
    public var isRepeat: Bool

    public init(_ key: Key, modifiers: KeyModifiers = [], isRepeat: Bool = false) {
        self.key = key
        self.modifiers = modifiers
        self.isRepeat = isRepeat
    }
}

public enum Key: Hashable, Sendable {
    /// A printable key as typed, Shift already applied: Shift+[ is "{".
    case character(Character)
    case left, right, up, down
    case home, end
    case pageUp, pageDown
    case enter, tab
    case escape
    case backspace
    /// The keyboard's media keys.
    case media(MediaKey)
}

/// Media keys as SDL 2 reports them: it has one key for play and pause (X11's
/// XF86AudioPause arrives as the play key with Shift).
public enum MediaKey: Hashable, Sendable {
    case playPause, stop, next, previous, mute, volumeUp, volumeDown
}

public struct KeyModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    public static let shift = KeyModifiers(rawValue: 1 << 0)
    public static let control = KeyModifiers(rawValue: 1 << 1)
    public static let alt = KeyModifiers(rawValue: 1 << 2)
    /// The Super / Windows key.
    public static let gui = KeyModifiers(rawValue: 1 << 3)
}
