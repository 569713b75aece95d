import VPlayControl
import VPlayCore
import VPlayView

extension InputKey {
    /// The `input.conf` name of a key press (see `InputKey` for the matching rule).
    init?(_ press: KeyPress) {
        guard !press.modifiers.contains(.gui) else { return nil }
        let modifiers = InputModifiers(shift: press.modifiers.contains(.shift),
                                       control: press.modifiers.contains(.control),
                                       alt: press.modifiers.contains(.alt))
        let named: NamedKey
        switch press.key {
        case .character(let character):
            self.init(character: character, modifiers: modifiers)
            return
        case .left: named = .left
        case .right: named = .right
        case .up: named = .up
        case .down: named = .down
        case .home: named = .home
        case .end: named = .end
        case .pageUp: named = .pageUp
        case .pageDown: named = .pageDown
        case .enter: named = .enter
        case .tab: named = .tab
        case .escape: named = .escape
        case .backspace: named = .backspace
        case .media(.playPause): named = .playPause
        case .media(.stop): named = .stop
        case .media(.next): named = .next
        case .media(.previous): named = .previous
        case .media(.mute): named = .mute
        case .media(.volumeUp): named = .volumeUp
        case .media(.volumeDown): named = .volumeDown
        }
        self.init(named, modifiers: modifiers)
    }
}

/// Keys to commands: the user's `input.conf` first (including `ignore`), then the built-in table.
func keyMapping(_ bindings: InputBindings) -> (KeyPress, Bool) -> PlayerCommand? {
    { press, isFullscreen in
        if let key = InputKey(press) {
            switch bindings.lookup(key, isRepeat: press.isRepeat) {
            case .command(let command): return command
            case .ignored: return nil
            case .notBound: break
            }
        }
        return KeyBindings.command(for: press, isFullscreen: isFullscreen)
    }
}
