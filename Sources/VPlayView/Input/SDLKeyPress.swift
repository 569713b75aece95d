import CSDL2

extension KeyPress {
    /// Reads an SDL key-down event; nil for key-ups and keys without a `Key`.
    ///
    /// SDL reports printable keys by their unshifted character in the current layout; Shift is
    /// applied here with the US layout's pairs, which is where the bracket keys live.
    public init?(_ event: SDL_KeyboardEvent) {
        guard event.type == SDL_KEYDOWN.rawValue else { return nil }
        var modifiers = KeyModifiers(event)

        let key: Key
        switch UInt32(bitPattern: event.keysym.sym) {
        case SDLK_LEFT.rawValue: key = .left
        case SDLK_RIGHT.rawValue: key = .right
        case SDLK_UP.rawValue: key = .up
        case SDLK_DOWN.rawValue: key = .down
        case SDLK_HOME.rawValue: key = .home
        case SDLK_END.rawValue: key = .end
        case SDLK_PAGEUP.rawValue: key = .pageUp
        case SDLK_PAGEDOWN.rawValue: key = .pageDown
        case SDLK_RETURN.rawValue, SDLK_KP_ENTER.rawValue: key = .enter
        case SDLK_TAB.rawValue: key = .tab
        case SDLK_ESCAPE.rawValue: key = .escape
        case SDLK_BACKSPACE.rawValue: key = .backspace
        case SDLK_AUDIOPLAY.rawValue: key = .media(.playPause)
        case SDLK_AUDIOSTOP.rawValue: key = .media(.stop)
        case SDLK_AUDIONEXT.rawValue: key = .media(.next)
        case SDLK_AUDIOPREV.rawValue: key = .media(.previous)
        case SDLK_AUDIOMUTE.rawValue, SDLK_MUTE.rawValue: key = .media(.mute)
        case SDLK_VOLUMEUP.rawValue: key = .media(.volumeUp)
        case SDLK_VOLUMEDOWN.rawValue: key = .media(.volumeDown)
        case let code where code >= 0x20 && code < 0x7f:
            let character = Character(UnicodeScalar(UInt8(code)))
            key = .character(modifiers.contains(.shift) ? Self.shifted(character) : character)
        default:
            return nil
        }
        // A media key is one key whatever the level it sits on (Pause is Shift+Play in X's map).
        if case .media = key { modifiers.remove(.shift) }
        self.init(key, modifiers: modifiers, isRepeat: event.repeat != 0)
    }

    private static func shifted(_ character: Character) -> Character {
        let plain = Array("`1234567890-=[]\\;',./"), shifted = Array("~!@#$%^&*()_+{}|:\"<>?")
        if let index = plain.firstIndex(of: character) { return shifted[index] }
        return Character(character.uppercased())
    }
}

extension KeyModifiers {
    /// The modifiers held during an SDL key event.
    init(_ event: SDL_KeyboardEvent) {
        let mod = UInt32(event.keysym.mod)
        self = []
        if mod & KMOD_SHIFT.rawValue != 0 { insert(.shift) }
        if mod & KMOD_CTRL.rawValue != 0 { insert(.control) }
        if mod & KMOD_ALT.rawValue != 0 { insert(.alt) }
        if mod & KMOD_GUI.rawValue != 0 { insert(.gui) }
    }
}

extension OverlayKeyPress {
    /// Reads an SDL key-down event: a `KeyPress`, or a function key or Delete; nil for key-ups
    /// and other keys.
    public init?(_ event: SDL_KeyboardEvent) {
        if let press = KeyPress(event) {
            self.init(press)
            return
        }
        guard event.type == SDL_KEYDOWN.rawValue else { return nil }
        let code = UInt32(bitPattern: event.keysym.sym)
        let key: OverlayKey
        switch code {
        case SDLK_F1.rawValue...SDLK_F12.rawValue: key = .function(Int(code - SDLK_F1.rawValue) + 1)
        case SDLK_DELETE.rawValue: key = .delete
        default: return nil
        }
        self.init(key, modifiers: KeyModifiers(event), isRepeat: event.repeat != 0)
    }
}
