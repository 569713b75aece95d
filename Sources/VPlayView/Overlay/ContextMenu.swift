import Foundation
import VPlayCore

/// The context menu as opened: `ContextMenuTable`'s entries read against the player's state into
/// rows of text, key, check mark and what a click does. Plain values, so the overlay's look can
/// carry and compare them.
public enum ContextMenu {
    public struct Row: Equatable, Sendable {
        public enum Target: Equatable, Sendable {
            case command(PlayerCommand)
            case openFiles
            case playlist
            case submenu([Row])
            /// Nothing to do now (no track of a kind): shown dimmed.
            case none
        }

        public var text: String
        /// The key that does the same, as `input.conf` spells it; nil for none.
        public var keyText: String?
        public var isChecked: Bool
        public var target: Target

        public init(text: String, keyText: String? = nil, isChecked: Bool = false, target: Target) {
            self.text = text
            self.keyText = keyText
            self.isChecked = isChecked
            self.target = target
        }

        public var isEnabled: Bool { target != .none }

        public var submenu: [Row]? {
            if case .submenu(let rows) = target { rows } else { nil }
        }
    }

    /// The playlist panel's key.
    static let playlistKeyText = "F8"
    static let openFilesKeyText = "Ctrl+o"

    /// `items` as rows for `state`.
    public static func rows(_ items: [ContextMenuItem] = ContextMenuTable.items, state: PlayerState) -> [Row] {
        items.map { row($0, state: state) }
    }

    static func row(_ item: ContextMenuItem, state: PlayerState) -> Row {
        var text = item.label
        if let value = value(item.status, state: state) { text += ": " + value }
        let isChecked = isChecked(item.status, state: state)
        switch item.action {
        case .key(let press):
            let command = KeyBindings.command(for: press, isFullscreen: state.isFullscreen)
            return Row(text: text, keyText: press.inputName, isChecked: isChecked, target: command.map(Row.Target.command) ?? .none)
        case .command(let command):
            return Row(text: text, isChecked: isChecked, target: .command(command))
        case .openFiles:
            return Row(text: text, keyText: openFilesKeyText, target: .openFiles)
        case .playlist:
            return Row(text: text, keyText: playlistKeyText, target: .playlist)
        case .submenu(let items):
            return Row(text: text, isChecked: isChecked, target: .submenu(rows(items, state: state)))
        case .tracks(let kind):
            return Row(text: text, target: .submenu(trackRows(kind, state: state)))
        case .audioDevices:
            return Row(text: text, target: .submenu(deviceRows(state: state)))
        }
    }

    /// `auto`, then each output device by its description; choosing one is `audio-device`'s
    /// command, the one chosen is checked.
    static func deviceRows(state: PlayerState) -> [Row] {
        let automatic = AudioOutputDevice(name: AudioSettings.automaticDevice, description: "Auto")
        return ([automatic] + state.audioDevices).map { device in
            Row(text: device.description, isChecked: device.name == state.audio.device,
                target: .command(.setAudio(.device(device.name))))
        }
    }

    /// The key that goes to the next track of `kind`, then one row per track and, for
    /// subtitles, "Off".
    static func trackRows(_ kind: Track.Kind, state: PlayerState) -> [Row] {
        let key: Character = kind == .audio ? "#" : kind == .sub ? "j" : "_"
        var rows = [row(ContextMenuItem("Next", key: key), state: state)]
        let tracks = state.tracks.filter { $0.kind == kind }
        for track in tracks {
            rows.append(Row(text: track.label, isChecked: track.isSelected, target: .command(.selectTrack(kind, .id(track.id)))))
        }
        if kind == .sub {
            rows.append(Row(text: "Off", isChecked: !tracks.contains { $0.isSelected }, target: .command(.selectTrack(.sub, .none))))
        }
        if tracks.isEmpty { rows[0].target = .none }
        return rows
    }

    static func isChecked(_ status: ContextMenuItem.Status, state: PlayerState) -> Bool {
        switch status {
        case .flag(let name): propertyValue(name, state: state)?.flag ?? false
        case .equals(let name, let wanted):
            propertyValue(name, state: state).map { $0 == wanted || ($0.number != nil && $0.number == wanted.number) } ?? false
        case .none, .value, .abLoop: false
        }
    }

    static func value(_ status: ContextMenuItem.Status, state: PlayerState) -> String? {
        switch status {
        case .value(let name, let format):
            guard let value = propertyValue(name, state: state), value != .unavailable else { return nil }
            return text(of: value, format: format)
        case .abLoop:
            switch (state.abLoopA, state.abLoopB) {
            case (nil, nil): return "off"
            case let (a, b): return "\(a.map { TimeFormat.label($0) } ?? "–") – \(b.map { TimeFormat.label($0) } ?? "–")"
            }
        case .none, .flag, .equals: return nil
        }
    }

    static func text(of value: PropertyValue, format: ContextMenuValueFormat) -> String {
        switch (format, value.number) {
        case (.multiplier, let number?): return SpeedControl.label(number)
        case (.milliseconds, let seconds?):
            let milliseconds = Int((seconds * 1000).rounded())
            return "\(milliseconds > 0 ? "+" : "")\(milliseconds) ms"
        default: break
        }
        switch value {
        case .flag(let on): return on ? "yes" : "no"
        case .integer(let number): return String(number)
        case .number(let number): return String(format: "%.2f", number).replacingOccurrences(of: #"\.?0+$"#, with: "",
                                                                                                  options: .regularExpression)
        case .text(let text): return text
        case .list, .map, .unavailable: return ""
        }
    }

    /// The property's value, nil when the registry has no such property.
    private static func propertyValue(_ name: String, state: PlayerState) -> PropertyValue? {
        (try? PropertyRegistry.property(named: name))?.value(in: state)
    }
}

extension KeyPress {
    /// The key as `input.conf` and the menu spell it: "Ctrl+h", "SPACE", "BS", "]".
    public var inputName: String {
        var name = ""
        if modifiers.contains(.control) { name += "Ctrl+" }
        if modifiers.contains(.alt) { name += "Alt+" }
        if modifiers.contains(.shift), !isCharacter { name += "Shift+" }
        switch key {
        case .character(" "): name += "SPACE"
        case .character(let character): name += String(character)
        case .left: name += "LEFT"
        case .right: name += "RIGHT"
        case .up: name += "UP"
        case .down: name += "DOWN"
        case .home: name += "HOME"
        case .end: name += "END"
        case .pageUp: name += "PGUP"
        case .pageDown: name += "PGDWN"
        case .enter: name += "ENTER"
        case .tab: name += "TAB"
        case .escape: name += "ESC"
        case .backspace: name += "BS"
        case .media(let media): name += "\(media)".uppercased()
        }
        return name
    }

    private var isCharacter: Bool {
        if case .character = key { return true }
        return false
    }
}
