import CSDL2
import VPlayCore
import XCTest
@testable import VPlayView

final class KeyBindingsTests: XCTestCase {
    private func command(_ key: Key, _ modifiers: KeyModifiers = [], repeating: Bool = false,
                         fullscreen: Bool = false) -> PlayerCommand? {
        KeyBindings.command(for: KeyPress(key, modifiers: modifiers, isRepeat: repeating), isFullscreen: fullscreen)
    }

    func testTable() {
        let table: [(Key, PlayerCommand)] = [
            (.character(" "), .togglePause), (.character("p"), .togglePause),
            (.left, .seek(.relative(-10), .exact)), (.right, .seek(.relative(10), .exact)),
            (.down, .seek(.relative(-60), .exact)), (.up, .seek(.relative(60), .exact)),
            (.home, .seek(.absolute(0), .exact)), (.character("q"), .quit(code: 0)),
            (.character("f"), .toggleFullscreen), (.character("m"), .toggleMute),
            (.character("9"), .addVolume(-2)), (.character("0"), .addVolume(2)),
            (.character("["), .multiplySpeed(1 / 1.1)), (.character("]"), .multiplySpeed(1.1)),
            (.character("{"), .multiplySpeed(0.5)), (.character("}"), .multiplySpeed(2)),
            (.backspace, .setSpeed(1)), (.character("."), .frameStep), (.character(","), .frameBackStep),
            (.character("s"), .screenshot), (.character("l"), .cycleABLoop), (.character("Q"), .quitSavingPosition),
            (.character(">"), .playlistNext), (.enter, .playlistNext), (.character("<"), .playlistPrevious),
            (.character("d"), .adjust(property: "deinterlace", .cycle(up: true))),
        ]
        for (key, expected) in table {
            XCTAssertEqual(command(key), expected, "\(key)")
        }
        XCTAssertNil(command(.character("k")))
    }

    func testSubtitleKeysAreMpvs() {
        XCTAssertEqual(command(.character("v")), .adjust(property: "sub-visibility", .cycle(up: true)))
        XCTAssertEqual(command(.character("z")), .adjust(property: "sub-delay", .add(-0.1)))
        XCTAssertEqual(command(.character("Z")), .adjust(property: "sub-delay", .add(0.1)))
        XCTAssertEqual(command(.character("x")), .adjust(property: "sub-delay", .add(0.1)))
        XCTAssertEqual(command(.character("r")), .adjust(property: "sub-pos", .add(-1)))
        XCTAssertEqual(command(.character("R")), .adjust(property: "sub-pos", .add(1)))
        XCTAssertEqual(command(.left, [.control]), .subtitleSeek(-1))
        XCTAssertEqual(command(.right, [.control]), .subtitleSeek(1))
        XCTAssertNil(command(.up, [.control]))
    }

    func testMediaKeysHaveMPVsBindings() {
        let table: [(MediaKey, PlayerCommand)] = [
            (.playPause, .togglePause), (.stop, .quit(code: 0)), (.next, .playlistNext), (.previous, .playlistPrevious),
            (.mute, .toggleMute), (.volumeUp, .addVolume(2)), (.volumeDown, .addVolume(-2)),
        ]
        for (key, expected) in table {
            XCTAssertEqual(command(.media(key)), expected, "\(key)")
        }
        XCTAssertEqual(command(.media(.volumeUp), repeating: true), .addVolume(2), "a held volume key repeats")
        XCTAssertNil(command(.media(.playPause), repeating: true), "a held play key toggles once")
    }

    func testEscapeLeavesFullscreenBeforeQuitting() {
        XCTAssertEqual(command(.escape, fullscreen: true), .setFullscreen(false))
        XCTAssertEqual(command(.escape, fullscreen: false), .quit(code: 0))
    }

    func testHeldSeekKeysLandOnKeyframes() {
        XCTAssertEqual(command(.left, repeating: true), .seek(.relative(-10), .keyframe))
        XCTAssertEqual(command(.right, repeating: true), .seek(.relative(10), .keyframe))
        XCTAssertEqual(command(.up, repeating: true), .seek(.relative(60), .keyframe))
        XCTAssertEqual(command(.character("0"), repeating: true), .addVolume(2), "volume keeps repeating")
    }

    func testHeldTogglesDoNotRepeat() {
        for key: Key in [.character(" "), .character("f"), .character("m"), .character("q"), .escape, .home] {
            XCTAssertNil(command(key, repeating: true), "\(key)")
        }
    }

    func testDesktopModifiersAreLeftAlone() {
        XCTAssertNil(command(.character("q"), [.control]))
        XCTAssertEqual(command(.character("h"), [.control]), .adjust(property: "hwdec", .cycle(up: true)))
        XCTAssertNil(command(.character("h"), [.control], repeating: true))
        // Ctrl++ (Shift+= on most layouts) and Ctrl+-: the sound later / earlier, held too.
        XCTAssertEqual(command(.character("+"), [.control, .shift]), .adjust(property: "audio-delay", .add(0.1)))
        XCTAssertEqual(command(.character("="), [.control]), .adjust(property: "audio-delay", .add(0.1)))
        XCTAssertEqual(command(.character("-"), [.control], repeating: true), .adjust(property: "audio-delay", .add(-0.1)))
        XCTAssertNil(command(.character("-"), [.control, .alt]))
        XCTAssertNil(command(.character("g"), [.alt]))
        XCTAssertEqual(command(.character("f"), [.alt]), .forgetSeriesChoices)
        XCTAssertNil(command(.left, [.gui]))
        XCTAssertNil(command(.left, [.shift]), "Shift+arrow is a different key")
        XCTAssertEqual(command(.character("}"), [.shift]), .multiplySpeed(2), "Shift is already in the character")
    }

    func testSDLKeyEventsBecomeKeyPresses() {
        func press(_ sym: UInt32, _ mod: SDL_Keymod = KMOD_NONE, repeating: Bool = false) -> KeyPress? {
            var event = SDL_KeyboardEvent()
            event.type = SDL_KEYDOWN.rawValue
            event.keysym.sym = Int32(bitPattern: sym)
            event.keysym.mod = UInt16(mod.rawValue)
            event.repeat = repeating ? 1 : 0
            return KeyPress(event)
        }
        XCTAssertEqual(press(SDLK_LEFT.rawValue, repeating: true), KeyPress(.left, isRepeat: true))
        XCTAssertEqual(press(SDLK_LEFTBRACKET.rawValue, KMOD_LSHIFT), KeyPress(.character("{"), modifiers: .shift))
        XCTAssertEqual(press(SDLK_RIGHTBRACKET.rawValue), KeyPress(.character("]")))
        XCTAssertEqual(press(SDLK_SPACE.rawValue), KeyPress(.character(" ")))
        XCTAssertEqual(press(SDLK_q.rawValue, KMOD_LCTRL), KeyPress(.character("q"), modifiers: .control))
        XCTAssertEqual(press(SDLK_BACKSPACE.rawValue), KeyPress(.backspace))
        XCTAssertNil(press(SDLK_F1.rawValue))
        XCTAssertEqual(press(SDLK_AUDIOPLAY.rawValue), KeyPress(.media(.playPause)))
        XCTAssertEqual(press(SDLK_AUDIOPLAY.rawValue, KMOD_LSHIFT), KeyPress(.media(.playPause)), "X's Pause is Shift+Play")
        XCTAssertEqual(press(SDLK_VOLUMEUP.rawValue, repeating: true), KeyPress(.media(.volumeUp), isRepeat: true))
        XCTAssertEqual(press(SDLK_AUDIOMUTE.rawValue), KeyPress(.media(.mute)))
        XCTAssertEqual(press(SDLK_AUDIONEXT.rawValue), KeyPress(.media(.next)))
        var release = SDL_KeyboardEvent()
        release.type = SDL_KEYUP.rawValue
        release.keysym.sym = Int32(bitPattern: SDLK_q.rawValue)
        XCTAssertNil(KeyPress(release), "only presses act")
    }
}
