import Foundation
import TestSupport
import VPlayView
import XCTest

/// `scripts/make-manpage.sh` run on the built binary: the manual lists every option of
/// `--help`, every property of `--list-properties` and every key `KeyBindings` binds, and has
/// the sections a reader looks for.
final class ManPageTests: XCTestCase {
    private func run(_ executable: String, _ arguments: [String]) throws -> String {
        let result = try ChildProcess.launch(executable, arguments).waitForExit(timeout: .seconds(30))
        XCTAssertTrue(result.succeeded, "\(executable) \(arguments): \(String(decoding: result.standardError, as: UTF8.self))")
        return result.outputText
    }

    private func manual() throws -> String {
        let script = BinaryRunner.packageRoot.appendingPathComponent("scripts/make-manpage.sh").path
        return try run("/bin/sh", [script, BinaryRunner.executableURL().path])
    }

    /// The `.B` headings of the `.TP` entries in section `name`, as plain text.
    private func headings(in manual: String, section name: String) -> [String] {
        var inSection = false
        var found: [String] = []
        for line in manual.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix(".SH ") {
                inSection = line.dropFirst(4).trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"")) == name
            } else if inSection, line.hasPrefix(".B ") {
                found.append(String(line.dropFirst(3)).replacingOccurrences(of: "\\-", with: "-")
                    .replacingOccurrences(of: "\\e", with: "\\").replacingOccurrences(of: "\\&", with: ""))
            }
        }
        return found
    }

    func testEveryOptionOfTheHelpIsInTheManual() throws {
        let help = try run(BinaryRunner.executableURL().path, ["--help"])
        let usages = help.split(separator: "\n").filter { $0.hasPrefix("  -") }.map { line in
            String(line.dropFirst(2).components(separatedBy: "  ")[0])
        }
        XCTAssertGreaterThan(usages.count, 50)
        let listed = Set(try headings(in: manual(), section: "OPTIONS"))
        for usage in usages {
            XCTAssertTrue(listed.contains(usage), "the manual lacks the option \(usage)")
        }
    }

    func testEveryPropertyIsInTheManual() throws {
        let list = try run(BinaryRunner.executableURL().path, ["--list-properties"])
        let names = list.split(separator: "\n").map { String($0.split(separator: " ")[0]) }
        XCTAssertGreaterThan(names.count, 50)
        XCTAssertTrue(names.contains("time-pos"))
        let listed = Set(try headings(in: manual(), section: "PROPERTIES"))
        for name in names {
            XCTAssertTrue(listed.contains(name), "the manual lacks the property \(name)")
        }
    }

    /// Every key press the built-in table binds, by the name the manual gives it.
    private func boundKeys() -> Set<String> {
        let named: [(Key, String)] = [
            (.left, "LEFT"), (.right, "RIGHT"), (.up, "UP"), (.down, "DOWN"), (.home, "HOME"), (.end, "END"),
            (.pageUp, "PGUP"), (.pageDown, "PGDWN"), (.enter, "ENTER"), (.tab, "TAB"), (.escape, "ESC"),
            (.backspace, "BS"), (.media(.playPause), "PLAYPAUSE"), (.media(.stop), "STOP"), (.media(.next), "NEXT"),
            (.media(.previous), "PREV"), (.media(.mute), "MUTE"), (.media(.volumeUp), "VOLUME_UP"),
            (.media(.volumeDown), "VOLUME_DOWN"),
        ]
        let characters: [(Key, String)] = (0x20...0x7E).compactMap(Unicode.Scalar.init).map { scalar in
            (.character(Character(scalar)), scalar == " " ? "SPACE" : String(scalar))
        }
        let modifiers: [(KeyModifiers, String)] = [([], ""), ([.control], "Ctrl+"), ([.alt], "Alt+"), ([.shift], "Shift+")]
        var bound: Set<String> = []
        for (key, name) in named + characters {
            for (modifier, prefix) in modifiers {
                // A character is typed with Shift already applied: Shift+a is "A", not another key.
                if case .character = key, modifier == [.shift] { continue }
                let press = KeyPress(key, modifiers: modifier)
                if KeyBindings.command(for: press, isFullscreen: false) != nil
                    || KeyBindings.command(for: press, isFullscreen: true) != nil {
                    bound.insert(prefix + name)
                }
            }
        }
        return bound
    }

    func testEveryBoundKeyIsInTheManual() throws {
        let listed = Set(try headings(in: manual(), section: "KEYS").flatMap { $0.split(separator: " ").map(String.init) })
        let bound = boundKeys()
        XCTAssertTrue(bound.contains("SPACE") && bound.contains("LEFT") && bound.contains("Ctrl+h"), "\(bound.sorted())")
        for key in bound.sorted() {
            XCTAssertTrue(listed.contains(key), "the manual lacks the key \(key)")
        }
        // Keys handled by the window rather than the table (the panel, the search, the Open
        // dialog) and the mouse; anything else listed must be bound.
        let handledElsewhere: Set = ["F8", "/", "Ctrl+o", "Ctrl+v", "Ctrl+V", "MBTN_LEFT_DBL", "MBTN_RIGHT", "WHEEL_UP", "WHEEL_DOWN"]
        for key in listed.subtracting(bound).sorted() {
            XCTAssertTrue(handledElsewhere.contains(key), "the manual lists \(key), which nothing binds")
        }
    }

    func testHasTheSectionsAReaderLooksFor() throws {
        let text = try manual()
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "KEYS", "IPC", "PROPERTIES",
                        "\"EXIT STATUS\"", "FILES", "EXAMPLES"] {
            XCTAssertTrue(text.contains("\n.SH \(section)\n"), "no section \(section)")
        }
        for reason in ["eof", "stop", "quit", "error"] {
            XCTAssertTrue(text.contains("\\fB\(reason)\\fR"), "end-file reason \(reason) not described")
        }
        XCTAssertTrue(text.contains("~/.local/state/vplay/watch_later/"))
    }
}
