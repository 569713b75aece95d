import VPlayCore
import XCTest
@testable import VPlayControl

/// `input.conf`: mpv-style key bindings.
final class ConfigTestsInput: XCTestCase {
    private let file = "/cfg/vplay/input.conf"

    private func key(_ text: String) -> InputKey? {
        try? InputKey(parsing: Substring(text))
    }

    private func binding(_ line: String) -> Result<InputBinding, ConfigError> {
        Result { () throws(ConfigError) in
            let bindings = try InputConf.bindings(fromContentsOf: line, file: file)
            guard let only = bindings.first, bindings.count == 1 else { throw ConfigError(file: "", line: nil, reason: "no binding") }
            return only
        }
    }

    private func problem(_ text: String) -> String? {
        do {
            _ = try InputConf.bindings(fromContentsOf: text, file: file)
            return nil
        } catch {
            return error.description
        }
    }

    func testKeyNames() {
        let cases: [(String, String, InputModifiers)] = [
            ("a", "a", []),
            ("A", "A", []),
            ("Shift+a", "A", []),
            ("Shift+A", "A", []),
            ("Ctrl+a", "a", [.control]),
            ("ctrl+shift+RIGHT", "RIGHT", [.control, .shift]),
            ("Alt+Ctrl+x", "x", [.control, .alt]),
            ("RIGHT", "RIGHT", []),
            ("right", "RIGHT", []),
            ("SPACE", "SPACE", []),
            ("Shift+SPACE", "SPACE", [.shift]),
            ("SHARP", "#", []),
            ("+", "+", []),
            ("Ctrl++", "+", [.control]),
            ("{", "{", []),
            ("é", "é", []),
            ("ENTER", "ENTER", []), ("ESC", "ESC", []), ("BS", "BS", []), ("TAB", "TAB", []),
            ("LEFT", "LEFT", []), ("UP", "UP", []), ("DOWN", "DOWN", []), ("HOME", "HOME", []),
            ("END", "END", []), ("PGUP", "PGUP", []), ("PGDWN", "PGDWN", []),
            ("PLAYPAUSE", "PLAYPAUSE", []), ("PLAY", "PLAYPAUSE", []), ("pause", "PLAYPAUSE", []), ("STOP", "STOP", []),
            ("NEXT", "NEXT", []), ("PREV", "PREV", []), ("MUTE", "MUTE", []),
            ("VOLUME_UP", "VOLUME_UP", []), ("VOLUME_DOWN", "VOLUME_DOWN", []),
        ]
        for (text, name, modifiers) in cases {
            XCTAssertEqual(key(text)?.name, name, text)
            XCTAssertEqual(key(text)?.modifiers, modifiers, text)
        }
        for bad in ["F13", "ab", "Hyper+a", "Ctrl+", "PGDOWN", "Shift+1", "Shift+[", "\u{7}", "\u{202E}"] {
            XCTAssertNil(key(bad), bad)
        }
        XCTAssertEqual(key("Ctrl+Shift+LEFT")?.description, "Ctrl+Shift+LEFT")
    }

    /// The rule the view follows to turn a key press into an `InputKey`.
    func testMatchingAPress() {
        // A printable key is its typed character, Shift already applied, and Shift then drops out.
        XCTAssertEqual(InputKey(character: "A", modifiers: [.shift]), key("A"))
        XCTAssertEqual(InputKey(character: "A", modifiers: [.shift]), key("Shift+a"))
        XCTAssertEqual(InputKey(character: "{", modifiers: [.shift]), key("{"))
        XCTAssertEqual(InputKey(character: "a", modifiers: [.control]), key("Ctrl+a"))
        XCTAssertNotEqual(InputKey(character: "a", modifiers: [.control]), key("a"))
        XCTAssertNotEqual(InputKey(character: "a"), key("Ctrl+a"))
        XCTAssertEqual(InputKey(character: "#"), key("SHARP"))
        // Space and the named keys keep Shift.
        XCTAssertEqual(InputKey(character: " "), key("SPACE"))
        XCTAssertEqual(InputKey(character: " ", modifiers: [.shift]), key("Shift+SPACE"))
        XCTAssertEqual(InputKey(.right, modifiers: InputModifiers(shift: true, control: false, alt: false)), key("Shift+RIGHT"))
        XCTAssertNotEqual(InputKey(.right, modifiers: [.shift]), key("RIGHT"))
        XCTAssertEqual(InputKey.keyName(character: " "), "SPACE")
        XCTAssertEqual(InputKey.keyName(character: "q"), "q")
        XCTAssertNil(InputKey.keyName(character: "\u{1B}"))
        XCTAssertNil(InputKey.keyName(character: "\t"))
        XCTAssertNil(InputKey(character: "\n"))
    }

    func testCommands() {
        let cases: [(String, PlayerCommand, PlayerCommand?)] = [
            ("RIGHT seek 5", .seek(.relative(5), .exact), .seek(.relative(5), .keyframe)),
            ("LEFT seek -5", .seek(.relative(-5), .exact), .seek(.relative(-5), .keyframe)),
            ("a seek 10", .seek(.relative(10), .exact), .seek(.relative(10), .keyframe)),
            ("Shift+RIGHT seek 30 relative+exact", .seek(.relative(30), .exact), .seek(.relative(30), .exact)),
            ("Ctrl+LEFT seek -60 relative+keyframes", .seek(.relative(-60), .keyframe), .seek(.relative(-60), .keyframe)),
            ("HOME seek 0 absolute", .seek(.absolute(0), .exact), .seek(.absolute(0), .keyframe)),
            ("5 seek 50 absolute-percent", .seek(.absolutePercent(50), .exact), .seek(.absolutePercent(50), .keyframe)),
            ("p cycle pause", .adjust(property: "pause", .cycle(up: true)), nil),
            ("SPACE cycle pause", .adjust(property: "pause", .cycle(up: true)), nil),
            ("m cycle mute", .adjust(property: "mute", .cycle(up: true)), nil),
            ("f cycle fullscreen", .adjust(property: "fullscreen", .cycle(up: true)), nil),
            ("F cycle fullscreen down", .adjust(property: "fullscreen", .cycle(up: false)), nil),
            ("9 add volume -2", .adjust(property: "volume", .add(-2)), .adjust(property: "volume", .add(-2))),
            ("0 add volume 2", .adjust(property: "volume", .add(2)), .adjust(property: "volume", .add(2))),
            ("* add volume", .adjust(property: "volume", .add(1)), .adjust(property: "volume", .add(1))),
            ("t add time-pos 5", .seek(.relative(5), .exact), .seek(.relative(5), .keyframe)),
            ("[ multiply speed 1/1.1", .adjust(property: "speed", .multiply(1 / 1.1)), .adjust(property: "speed", .multiply(1 / 1.1))),
            ("} multiply speed 2.0", .adjust(property: "speed", .multiply(2)), .adjust(property: "speed", .multiply(2))),
            ("a add speed 0.1", .adjust(property: "speed", .add(0.1)), .adjust(property: "speed", .add(0.1))),
            ("V multiply volume 2", .adjust(property: "volume", .multiply(2)), .adjust(property: "volume", .multiply(2))),
            ("BS set speed 1.0", .setSpeed(1), nil),
            ("v set volume 150", .setVolume(150), nil),
            ("P set pause yes", .setPaused(true), nil),
            ("Ctrl+f set fullscreen no", .setFullscreen(false), nil),
            ("h set time-pos 0", .seek(.absolute(0), .exact), .seek(.absolute(0), .keyframe)),
            ("q quit", .quit(code: 0), nil),
            ("x quit 3", .quit(code: 3), nil),
            ("Q quit-watch-later", .quitSavingPosition, nil),
            (". frame-step", .frameStep, .frameStep),
            (", frame-back-step", .frameBackStep, .frameBackStep),
            ("l ab-loop", .cycleABLoop, nil),
            ("s screenshot", .screenshot, nil),
            ("S screenshot video", .screenshotVideo, nil),
            ("> playlist-next", .playlistNext, nil),
            ("< playlist-prev", .playlistPrevious, nil),
            ("i show-text \"hello  world\" 2000", .showText("hello  world", seconds: 2), nil),
            ("j show-text \"say \\\"hi\\\"\"", .showText("say \"hi\"", seconds: 1), nil),
            ("k show-text hi#there", .showText("hi#there", seconds: 1), nil),
            ("Shift+RIGHT no-osd seek 1 exact", .seek(.relative(1), .exact), .seek(.relative(1), .exact)),
            ("o osd-msg-bar seek 1", .seek(.relative(1), .exact), .seek(.relative(1), .keyframe)),
            ("r repeatable cycle pause", .adjust(property: "pause", .cycle(up: true)), .adjust(property: "pause", .cycle(up: true))),
            ("RIGHT   seek\t5   # forward", .seek(.relative(5), .exact), .seek(.relative(5), .keyframe)),
            ("  UP seek 60  ", .seek(.relative(60), .exact), .seek(.relative(60), .keyframe)),
        ]
        for (line, command, repeatCommand) in cases {
            switch binding(line) {
            case .success(let bound):
                XCTAssertEqual(bound.command, command, line)
                XCTAssertEqual(bound.repeatCommand, repeatCommand, line)
                XCTAssertEqual(bound.line, 1, line)
            case .failure(let error):
                XCTFail("\(line): \(error)")
            }
        }
    }

    func testBadLinesAreExplainedWithFileAndLine() {
        let cases: [(String, String)] = [
            ("F13 quit", "unknown key 'F13'"),
            ("Shift+1 quit", "write the shifted character itself instead of 'Shift+1'"),
            ("a frobnicate", "unknown command 'frobnicate'"),
            ("a run \"/bin/sh\" -c x", "unknown command 'run'"),
            ("a", "no command for key 'a'"),
            ("a # only a comment", "no command for key 'a'"),
            ("a no-osd", "no command after 'no-osd'"),
            ("a seek", "invalid arguments in 'seek'"),
            ("a seek abc", "invalid arguments in 'seek abc'"),
            ("a seek 5 sideways", "invalid arguments in 'seek 5 sideways'"),
            ("a seek 5 exact extra", "invalid arguments in 'seek 5 exact extra'"),
            ("a cycle volume", "cannot run 'cycle volume': error running command"),
            ("a set bogus 1", "cannot run 'set bogus 1': error running command"),
            ("a set volume 5000", "cannot run 'set volume 5000': error running command"),
            ("a multiply pause 2", "cannot run 'multiply pause 2': error running command"),
            ("a multiply speed", "invalid arguments in 'multiply speed'"),
            ("a multiply speed 0", "'0' is not a positive number or fraction"),
            ("a multiply speed 1/0", "'1/0' is not a positive number or fraction"),
            ("a get_property pause", "unknown command 'get_property'"),
            ("a ignore please", "'ignore' takes no arguments"),
            ("a quit 300", "invalid arguments in 'quit 300'"),
            ("a seek 5; quit", "only one command per key is supported (found ';')"),
            ("a show-text \"open", "missing closing \""),
            ("a show-text \"a\"b", "unexpected text after the closing \""),
            ("a show-text \"\\q\"", "unknown escape '\\q' in quotes"),
        ]
        for (line, reason) in cases {
            XCTAssertEqual(problem("q quit\n\n" + line), "vplay: /cfg/vplay/input.conf:3: " + reason, line)
        }
    }

    func testACommandThatDependsOnThePlayersStateIsRefused() {
        // Whatever the mapper does with it, a key cannot fix `set ab-loop-a` (it keeps B as it is
        // at the press) when the file is read.
        XCTAssertNotNil(problem("a set ab-loop-a 5"))
    }

    func testBadLinesAreLeftOutAndTheRestKept() {
        let (bindings, problems) = InputConf.parse(Array("RIGHT seek 5\nF13 quit\np cycle pause\na frobnicate\n".utf8), file: file)
        XCTAssertEqual(bindings.map(\.line), [1, 3])
        XCTAssertEqual(bindings.map(\.command), [.seek(.relative(5), .exact), .adjust(property: "pause", .cycle(up: true))])
        XCTAssertEqual(problems.map(\.description), [
            "vplay: /cfg/vplay/input.conf:2: unknown key 'F13'",
            "vplay: /cfg/vplay/input.conf:4: unknown command 'frobnicate'",
        ])
    }

    func testIgnoreUnbindsAndTheLaterLineWins() throws {
        let bindings = InputBindings(try InputConf.bindings(fromContentsOf: """
            # my keys
            q ignore
            RIGHT seek 5
            p cycle pause
            p ignore
            f ignore
            f cycle fullscreen
            """, file: file))
        XCTAssertEqual(bindings.lookup(key("q")!, isRepeat: false), .ignored)
        XCTAssertEqual(bindings.lookup(key("p")!, isRepeat: false), .ignored)
        XCTAssertEqual(bindings.lookup(key("f")!, isRepeat: false), .command(.adjust(property: "fullscreen", .cycle(up: true))))
        XCTAssertEqual(bindings.binding(for: key("q")!)?.command, nil)
        XCTAssertEqual(bindings.binding(for: key("q")!)?.line, 2)
        // Not in the file: the built-in binding applies.
        XCTAssertEqual(bindings.lookup(key("m")!, isRepeat: false), .notBound)
        XCTAssertEqual(bindings.lookup(key("Ctrl+q")!, isRepeat: false), .notBound)
        // A held key repeats only commands that make sense held.
        XCTAssertEqual(bindings.lookup(key("RIGHT")!, isRepeat: false), .command(.seek(.relative(5), .exact)))
        XCTAssertEqual(bindings.lookup(key("RIGHT")!, isRepeat: true), .command(.seek(.relative(5), .keyframe)))
        XCTAssertEqual(bindings.lookup(key("f")!, isRepeat: true), .ignored)
        XCTAssertTrue(InputBindings.empty.isEmpty)
        XCTAssertEqual(InputBindings.empty.lookup(key("q")!, isRepeat: false), .notBound)
    }
}
