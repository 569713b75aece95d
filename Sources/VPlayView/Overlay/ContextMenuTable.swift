import VPlayCore

/// One entry of the context menu as data: what it says, what it does, and what it reads from
/// the player's state to show a check mark or a value. An entry bound to a key does exactly what
/// that key does and shows it; a property's value is read through the property registry, so a
/// new property's entry is one row here.
public struct ContextMenuItem: Sendable {
    public enum Action: Sendable {
        /// Does what this key does in the built-in bindings, and shows the key.
        case key(KeyPress)
        /// A command that no key sends.
        case command(PlayerCommand)
        /// The desktop's file chooser (Ctrl+o).
        case openFiles
        /// The playlist panel (F8).
        case playlist
        case submenu([ContextMenuItem])
        /// A submenu listing the file's tracks of a kind, the one playing checked.
        case tracks(Track.Kind)
        /// A submenu listing the output devices (`audio-device-list`), the one chosen checked.
        case audioDevices
    }

    /// What the entry shows of the player's state.
    public enum Status: Sendable {
        case none
        /// Checked while the property is true.
        case flag(String)
        /// Checked while the property has this value.
        case equals(String, PropertyValue)
        /// The property's value after the label.
        case value(String, ContextMenuValueFormat)
        /// The A-B loop's points after the label.
        case abLoop
    }

    public var label: String
    public var action: Action
    public var status: Status

    public init(_ label: String, _ action: Action, _ status: Status = .none) {
        self.label = label
        self.action = action
        self.status = status
    }

    /// An entry doing what `key` (a character, with `modifiers`) does.
    public init(_ label: String, key: Character, modifiers: KeyModifiers = [], _ status: Status = .none) {
        self.init(label, .key(KeyPress(.character(key), modifiers: modifiers)), status)
    }
}

/// How a value reads after an entry's label.
public enum ContextMenuValueFormat: Sendable {
    /// As the property gives it: text as is, numbers with at most two decimals.
    case plain
    /// A rate: "1.5×".
    case multiplier
    /// Seconds shown as signed milliseconds: "+100 ms".
    case milliseconds
}

/// The context menu's entries, top to bottom.
public enum ContextMenuTable {
    public static let items: [ContextMenuItem] = [
        ContextMenuItem("Open file…", .openFiles),
        ContextMenuItem("Playlist", .playlist),
        ContextMenuItem("Audio track", .tracks(.audio)),
        ContextMenuItem("Audio device", .audioDevices),
        ContextMenuItem("Subtitle track", .tracks(.sub)),
        ContextMenuItem("Speed", .submenu(speed), .value("speed", .multiplier)),
        ContextMenuItem("Audio delay", .submenu(audioDelay), .value("audio-delay", .milliseconds)),
        ContextMenuItem("Subtitle delay", .submenu(subtitleDelay), .value("sub-delay", .milliseconds)),
        ContextMenuItem("Picture", .submenu(picture)),
        ContextMenuItem("Window", .submenu(window)),
        ContextMenuItem("Screenshot", .submenu(screenshot)),
        ContextMenuItem("A-B repeat", .submenu(abRepeat), .abLoop),
        ContextMenuItem("Export clip", key: "l", modifiers: [.alt]),
    ]

    static let speed: [ContextMenuItem] = [
        ContextMenuItem("Faster", key: "]"),
        ContextMenuItem("Slower", key: "["),
        ContextMenuItem("Double", key: "}"),
        ContextMenuItem("Half", key: "{"),
        ContextMenuItem("Normal", .key(KeyPress(.backspace)), .equals("speed", .number(1))),
        ContextMenuItem("Backward", key: "B", .equals("play-dir", .text("backward"))),
    ] + [0.5, 0.75, 1.25, 1.5, 2].map {
        ContextMenuItem(SpeedControl.label($0), .command(.setSpeed($0)), .equals("speed", .number($0)))
    }

    static let audioDelay: [ContextMenuItem] = [
        ContextMenuItem("Earlier", key: "-", modifiers: [.control]),
        ContextMenuItem("Later", key: "+", modifiers: [.control]),
        ContextMenuItem("Reset", .command(.setAudio(.delay(0))), .equals("audio-delay", .number(0))),
    ]

    static let subtitleDelay: [ContextMenuItem] = [
        ContextMenuItem("Earlier", key: "z"),
        ContextMenuItem("Later", key: "x"),
        ContextMenuItem("Reset", .command(.setSubtitle(.delay(0))), .equals("sub-delay", .number(0))),
    ]

    static let picture: [ContextMenuItem] = [
        ContextMenuItem("Zoom in", key: "+", modifiers: [.alt], .value("video-zoom", .plain)),
        ContextMenuItem("Zoom out", key: "-", modifiers: [.alt]),
        ContextMenuItem("Rotate", .command(.adjust(property: "video-rotate", .cycle(up: true))), .value("video-rotate", .plain)),
        ContextMenuItem("Aspect", key: "A", .value("video-aspect-override", .plain)),
        ContextMenuItem("Crop to fill", key: "W", .value("panscan", .plain)),
        ContextMenuItem("Less crop", key: "w"),
        ContextMenuItem("Reset zoom, pan and crop", .key(KeyPress(.backspace, modifiers: [.alt]))),
        adjustment("Contrast", .contrast, less: "1", more: "2"),
        adjustment("Brightness", .brightness, less: "3", more: "4"),
        adjustment("Gamma", .gamma, less: "5", more: "6"),
        adjustment("Saturation", .saturation, less: "7", more: "8"),
        ContextMenuItem("Deinterlace", key: "d", .value("deinterlace", .plain)),
        ContextMenuItem("Hardware decoding", key: "h", modifiers: [.control], .value("hwdec", .plain)),
    ]

    /// A picture adjustment's submenu: its two keys and back to 0.
    static func adjustment(_ label: String, _ control: PictureEqualizer.Control, less: Character,
                           more: Character) -> ContextMenuItem {
        let property = control.rawValue
        return ContextMenuItem(label, .submenu([
            ContextMenuItem("More", key: more),
            ContextMenuItem("Less", key: less),
            ContextMenuItem("Reset", .command(.setDisplay(.equalizer(control, 0))), .equals(property, .integer(0))),
        ]), .value(property, .plain))
    }

    static let window: [ContextMenuItem] = [
        ContextMenuItem("Fullscreen", key: "f", .flag("fullscreen")),
        ContextMenuItem("On top", key: "T", .flag("ontop")),
        ContextMenuItem("Picture-in-picture", key: "p", modifiers: [.alt], .flag("picture-in-picture")),
        ContextMenuItem("Half size", key: "0", modifiers: [.alt], .equals("window-scale", .number(0.5))),
        ContextMenuItem("Picture size", key: "1", modifiers: [.alt], .equals("window-scale", .number(1))),
        ContextMenuItem("Double size", key: "2", modifiers: [.alt], .equals("window-scale", .number(2))),
    ]

    static let screenshot: [ContextMenuItem] = [
        ContextMenuItem("With subtitles", key: "s"),
        ContextMenuItem("Video only", key: "S"),
    ]

    static let abRepeat: [ContextMenuItem] = [
        ContextMenuItem("Set A, set B, clear", key: "l"),
        ContextMenuItem("Clear", .command(.setABLoop(a: nil, b: nil))),
    ]
}
