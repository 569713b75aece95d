import XCTest
@testable import VPlayControl

final class HelpTextTests: XCTestCase {
    func testListsEverySpellingWithItsDefault() {
        let help = OptionParser.helpText()
        let spellings = [
            "--start=TIME", "-ss TIME", "--length=TIME", "-t TIME", "--end=TIME", "--pause", "--autoexit", "-autoexit",
            "--loop[=N|inf|no]", "-loop N", "--volume=PERCENT", "--volume-max=PERCENT", "--mute", "--speed=X",
            "--fs", "--fullscreen", "-fs", "--geometry=WxH", "-x W", "-y H", "--no-audio", "-an", "--no-video", "-vn",
            "--title=TEXT", "--really-quiet", "-v", "--input-ipc-server=PATH", "--bench", "--dump-stats=FILE",
            "--help", "-h", "--version", "-V",
        ]
        for spelling in spellings {
            XCTAssertTrue(help.contains(spelling), "help lacks \(spelling)")
        }
        let optionLines = help.split(separator: "\n").filter { $0.hasPrefix("  -") }
        XCTAssertEqual(optionLines.count, OptionTable.all.count)
        for line in optionLines {
            XCTAssertTrue(line.contains("(default: "), "no default in: \(line)")
        }
        XCTAssertTrue(help.contains("--volume-max=PERCENT") && help.contains("(default: 130)"))
    }

    private func line(for usage: String) -> String? {
        OptionParser.helpText().split(separator: "\n").first { $0.hasPrefix("  " + usage + " ") }.map(String.init)
    }

    func testVolumeMaxLineGivesItsRangeAndDefault() {
        let line = line(for: "--volume-max=PERCENT")
        XCTAssertTrue(line?.hasSuffix("highest volume allowed, 100..1000 (default: 130)") ?? false, line ?? "no line")
        XCTAssertEqual(LaunchOptions().player.volumeMax, 130)
    }

    /// The line says what the option changes: with no file the idle window shows anyway,
    /// so `--force-window` matters when the last file ends.
    func testForceWindowLineSaysWhatItDoes() throws {
        let line = try XCTUnwrap(line(for: "--force-window"))
        XCTAssertTrue(line.contains("keep the window when the last file ends"), line)
        XCTAssertTrue(line.contains("with no file it shows anyway"), line)
        XCTAssertTrue(try OptionParser.parse(["--force-window", "a.mp4"]).sessionConfiguration.idles)
        XCTAssertFalse(try OptionParser.parse(["a.mp4"]).sessionConfiguration.idles)
        XCTAssertTrue(try OptionParser.parse([]).sessionConfiguration.idles)
        XCTAssertFalse(try OptionParser.parse(["--force-window", "--no-video", "a.mp4"]).sessionConfiguration.idles)
    }

    func testEverySpellingInTheHelpParses() throws {
        for spec in OptionTable.all {
            for name in spec.names {
                let value: [String]
                switch spec.arity {
                case .flag, .optionalValue: value = []
                case .value(let placeholder):
                    // A list of choices (`auto|yes|no`): the first.
                    let choice = placeholder.contains("|") ? placeholder.split(separator: "|").first.map(String.init) : nil
                    value = [["TIME": "1", "N": "2", "PERCENT": "100", "X": "1", "WxH": "2x2", "W": "2", "H": "2", "ID": "1",
                              "SECONDS": "-0.5", "PIXELS": "40", "#RRGGBB": "#FFFF00", "exact|fuzzy|no": "fuzzy",
                              "SECS": "5", "SIZE": "20MiB", "FIELDS": "X-A: b", "KINDS": "video,audio",
                              "W:H": "16:9", "WxH+X+Y": "20x20+2+2", "LUFS": "-16"][placeholder]
                             ?? choice ?? "text"]
                }
                XCTAssertNoThrow(try OptionParser.parse([name] + value + ["a.mp4"]), name)
            }
        }
    }
}
