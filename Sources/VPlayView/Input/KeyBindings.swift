import VPlayCore

/// The keyboard map (mpv's defaults, trimmed): a key press to the command it stands for.
public enum KeyBindings {
    /// Seconds per ←/→ and per ↓/↑ press.
    public static let shortSeek: Double = 10
    public static let longSeek: Double = 60
    public static let volumeStep: Double = 2
    public static let speedStep: Double = 1.1
    /// Seconds per `z` / `x` press.
    public static let subtitleDelayStep: Double = 0.1
    /// Seconds per Ctrl++ / Ctrl+- press.
    public static let audioDelayStep: Double = 0.1

    /// Per Alt+arrow and Alt++/- press: pan in picture widths, zoom in log2; per w / W: panscan.
    public static let panStep = 0.1
    public static let zoomStep = 0.1
    public static let panscanStep = 0.1

    /// mpv's Alt keys for the picture and the window: zoom, pan, reset, window scale, and
    /// Alt+p for picture-in-picture.
    private static func pictureBinding(_ key: Key) -> (command: PlayerCommand, repeats: Bool)? {
        switch key {
        case .character("+"), .character("="): (.adjust(property: "video-zoom", .add(zoomStep)), true)
        case .character("-"): (.adjust(property: "video-zoom", .add(-zoomStep)), true)
        case .left: (.adjust(property: "video-pan-x", .add(panStep)), true)
        case .right: (.adjust(property: "video-pan-x", .add(-panStep)), true)
        case .up: (.adjust(property: "video-pan-y", .add(panStep)), true)
        case .down: (.adjust(property: "video-pan-y", .add(-panStep)), true)
        case .backspace: (.setDisplay(.resetView), false)
        case .character("0"): (.setWindow(.scale(0.5)), false)
        case .character("1"): (.setWindow(.scale(1)), false)
        case .character("2"): (.setWindow(.scale(2)), false)
        case .character("p"): (.adjust(property: "picture-in-picture", .cycle(up: true)), false)
        default: nil
        }
    }

    /// The command for `press`, or nil when the key is unbound.
    ///
    /// Presses with Control, Alt or Super are left alone (they belong to the desktop; Ctrl+h, and
    /// Control+←/→, which step through subtitle lines, excepted, as in mpv, and Alt+F), as are
    /// Shift+named keys. A held key repeats only where repeating makes sense (seeks, volume,
    /// speed, frame steps); a held seek key lands on keyframes, which is cheap enough to keep up.
    /// - Parameter isFullscreen: Esc leaves fullscreen first, and quits only from a window.
    public static func command(for press: KeyPress, isFullscreen: Bool) -> PlayerCommand? {
        // Ctrl+h: hardware decoding on and off, as in mpv.
        if press.key == .character("h") && press.modifiers == [.control] && !press.isRepeat {
            return .adjust(property: "hwdec", .cycle(up: true))
        }
        // Alt+F: the choices carried across this folder's episodes are forgotten.
        if press.key == .character("f") && press.modifiers == [.alt] && !press.isRepeat {
            return .forgetSeriesChoices
        }
        // Alt+l: the A-B range written to a clip (mpv binds nothing there).
        if press.key == .character("l") && press.modifiers == [.alt] && !press.isRepeat {
            return .exportClip
        }
        if press.modifiers.subtracting(.shift) == [.alt], let binding = pictureBinding(press.key),
           binding.repeats || !press.isRepeat {
            return binding.command
        }
        // Ctrl++ / Ctrl+-: the sound 0.1 s later / earlier, as in mpv ('+' is Shift+= on most layouts).
        if press.modifiers.contains(.control) && press.modifiers.isDisjoint(with: [.alt, .gui]) {
            switch press.key {
            case .character("+"), .character("="): return .adjust(property: "audio-delay", .add(audioDelayStep))
            case .character("-"): return .adjust(property: "audio-delay", .add(-audioDelayStep))
            default: break
            }
        }
        // Control with ←/→ steps through subtitle lines, as in mpv.
        if press.modifiers == [.control] {
            switch press.key {
            case .left: return .subtitleSeek(-1)
            case .right: return .subtitleSeek(1)
            default: break
            }
        }
        guard press.modifiers.isDisjoint(with: [.control, .alt, .gui]),
              press.key.isCharacter || !press.modifiers.contains(.shift) else { return nil }
        let precision: SeekPrecision = press.isRepeat ? .keyframe : .exact
        let binding: (command: PlayerCommand, repeats: Bool)?
        switch press.key {
        case .character(" "), .character("p"): binding = (.togglePause, false)
        case .left: binding = (.seek(.relative(-shortSeek), precision), true)
        case .right: binding = (.seek(.relative(shortSeek), precision), true)
        case .down: binding = (.seek(.relative(-longSeek), precision), true)
        case .up: binding = (.seek(.relative(longSeek), precision), true)
        case .home: binding = (.seek(.absolute(0), .exact), false)
        case .character("q"): binding = (.quit(code: 0), false)
        case .escape: binding = (isFullscreen ? .setFullscreen(false) : .quit(code: 0), false)
        case .character("f"): binding = (.toggleFullscreen, false)
        case .character("m"): binding = (.toggleMute, false)
        case .character("9"): binding = (.addVolume(-volumeStep), true)
        case .character("0"): binding = (.addVolume(volumeStep), true)
        case .character("["): binding = (.multiplySpeed(1 / speedStep), true)
        case .character("]"): binding = (.multiplySpeed(speedStep), true)
        case .character("{"): binding = (.multiplySpeed(0.5), true)
        case .character("}"): binding = (.multiplySpeed(2), true)
        case .backspace: binding = (.setSpeed(1), false)
        case .character("s"): binding = (.screenshot, false)
        case .character("d"): binding = (.adjust(property: "deinterlace", .cycle(up: true)), false)
        case .character("S"): binding = (.screenshotVideo, false)
        case .character("B"): binding = (.adjust(property: "play-dir", .cycle(up: true)), false)
        case .character("l"): binding = (.cycleABLoop, false)
        case .character("#"): binding = (.cycleTrack(.audio, down: false), false)
        case .character("_"): binding = (.cycleTrack(.video, down: false), false)
        case .character("j"): binding = (.cycleTrack(.sub, down: false), false)
        case .character("J"): binding = (.cycleTrack(.sub, down: true), false)
        case .character("v"): binding = (.adjust(property: "sub-visibility", .cycle(up: true)), false)
        case .character("z"): binding = (.adjust(property: "sub-delay", .add(-subtitleDelayStep)), true)
        case .character("Z"), .character("x"): binding = (.adjust(property: "sub-delay", .add(subtitleDelayStep)), true)
        case .character("r"): binding = (.adjust(property: "sub-pos", .add(-1)), true)
        case .character("R"): binding = (.adjust(property: "sub-pos", .add(1)), true)
        case .character("Q"): binding = (.quitSavingPosition, false)
        case .character(">"), .enter: binding = (.playlistNext, false)
        case .character("<"): binding = (.playlistPrevious, false)
        case .pageUp: binding = (.adjust(property: "chapter", .add(1)), false)
        case .pageDown: binding = (.adjust(property: "chapter", .add(-1)), false)
        case .character("1"): binding = (.adjust(property: "contrast", .add(-1)), true)
        case .character("2"): binding = (.adjust(property: "contrast", .add(1)), true)
        case .character("3"): binding = (.adjust(property: "brightness", .add(-1)), true)
        case .character("4"): binding = (.adjust(property: "brightness", .add(1)), true)
        case .character("5"): binding = (.adjust(property: "gamma", .add(-1)), true)
        case .character("6"): binding = (.adjust(property: "gamma", .add(1)), true)
        case .character("7"): binding = (.adjust(property: "saturation", .add(-1)), true)
        case .character("8"): binding = (.adjust(property: "saturation", .add(1)), true)
        case .character("A"): binding = (.adjust(property: "video-aspect-override", .cycle(up: true)), false)
        case .character("T"): binding = (.adjust(property: "ontop", .cycle(up: true)), false)
        case .character("w"): binding = (.adjust(property: "panscan", .add(-panscanStep)), true)
        case .character("W"), .character("e"): binding = (.adjust(property: "panscan", .add(panscanStep)), true)
        case .character("."): binding = (.frameStep, true)
        case .character(","): binding = (.frameBackStep, true)
        // mpv's media key bindings.
        case .media(.playPause): binding = (.togglePause, false)
        case .media(.stop): binding = (.quit(code: 0), false)
        case .media(.next): binding = (.playlistNext, false)
        case .media(.previous): binding = (.playlistPrevious, false)
        case .media(.mute): binding = (.toggleMute, false)
        case .media(.volumeUp): binding = (.addVolume(volumeStep), true)
        case .media(.volumeDown): binding = (.addVolume(-volumeStep), true)
        default: binding = nil
        }
        guard let binding, binding.repeats || !press.isRepeat else { return nil }
        return binding.command
    }
}

private extension Key {
    var isCharacter: Bool {
        if case .character = self { return true }
        return false
    }
}
