import VPlayCore
import XCTest
@testable import VPlayControl

final class OptionParserTests: XCTestCase {
    private func parse(_ arguments: String...) throws -> LaunchOptions {
        try OptionParser.parse(arguments + ["a.mp4"])
    }

    func testDefaults() throws {
        let options = try parse()
        var expected = LaunchOptions()
        expected.files = ["a.mp4"]
        XCTAssertEqual(options, expected)
        XCTAssertEqual(options.player.volume, 100)
        XCTAssertEqual(options.player.volumeMax, 130)
        XCTAssertEqual(options.player.loopCount, 0)
        XCTAssertNil(options.player.start)
        XCTAssertNil(options.player.end)
    }

    func testStopScreensaver() throws {
        XCTAssertEqual(try parse().stopScreensaver, .yes)
        XCTAssertEqual(try parse("--stop-screensaver").stopScreensaver, .yes)
        XCTAssertEqual(try parse("--stop-screensaver=no").stopScreensaver, .no)
        XCTAssertEqual(try parse("--stop-screensaver=always").stopScreensaver, .always)
        XCTAssertThrowsError(try parse("--stop-screensaver=maybe"))
    }

    func testStartInEverySpellingAndForm() throws {
        for arguments in [["--start=90"], ["--start", "90"], ["-ss", "90"], ["-ss=90"], ["--start=1:30"], ["--start=0:01:30"], ["--start=+90"]] {
            XCTAssertEqual(try OptionParser.parse(arguments + ["a.mp4"]).player.start, 90, "\(arguments)")
        }
        XCTAssertEqual(try parse("--start=1:02:03.5").player.start, 3723.5)
        XCTAssertEqual(try parse("-ss", "2.25").player.start, 2.25)
    }

    func testLengthAndEnd() throws {
        XCTAssertEqual(try parse("--length=5").player.end, 5)
        XCTAssertEqual(try parse("-t", "5").player.end, 5)
        XCTAssertEqual(try parse("--start=10", "--length", "5").player.end, 15)
        // Order does not matter: the length counts from the start either way.
        XCTAssertEqual(try parse("-t", "5", "-ss", "10").player.end, 15)
        XCTAssertEqual(try parse("--end=0:20").player.end, 20)
        XCTAssertEqual(try parse("--end", "20").player.end, 20)
        // Both given: whichever comes first, as in mpv.
        XCTAssertEqual(try parse("--start=10", "--length=5", "--end=30").player.end, 15)
        XCTAssertEqual(try parse("--start=10", "--length=50", "--end=30").player.end, 30)
    }

    func testFlagsInEverySpellingAndForm() throws {
        XCTAssertTrue(try parse("--pause").player.startPaused)
        XCTAssertTrue(try parse("--pause=yes").player.startPaused)
        XCTAssertFalse(try parse("--pause", "--pause=no").player.startPaused)
        XCTAssertTrue(try parse("--autoexit").player.autoExit)
        XCTAssertTrue(try parse("-autoexit").player.autoExit)
        XCTAssertTrue(try parse("--mute").player.muted)
        XCTAssertTrue(try parse("--mute=yes").player.muted)
        XCTAssertFalse(try parse("--mute=no").player.muted)
        for spelling in ["--fs", "--fullscreen", "-fs", "--fs=yes"] {
            XCTAssertTrue(try parse(spelling).fullscreen, spelling)
        }
        XCTAssertFalse(try parse("--fs=no").fullscreen)
        XCTAssertFalse(try parse("--no-audio").player.audioEnabled)
        XCTAssertFalse(try parse("-an").player.audioEnabled)
        XCTAssertTrue(try parse("--no-audio=no").player.audioEnabled)
        XCTAssertFalse(try parse("--no-video").player.videoEnabled)
        XCTAssertFalse(try parse("-vn").player.videoEnabled)
        XCTAssertTrue(try parse("--really-quiet").reallyQuiet)
        XCTAssertTrue(try parse("--bench").bench)
        XCTAssertFalse(try parse("--bench=no").bench)
    }

    func testFlagDoesNotSwallowTheNextArgument() throws {
        let options = try OptionParser.parse(["--pause", "yes.mp4"])
        XCTAssertTrue(options.player.startPaused)
        XCTAssertEqual(options.files, ["yes.mp4"])
    }

    func testLoop() throws {
        XCTAssertNil(try parse("--loop").player.loopCount)
        XCTAssertNil(try parse("--loop=inf").player.loopCount)
        XCTAssertNil(try parse("--loop=yes").player.loopCount)
        XCTAssertEqual(try parse("--loop=no").player.loopCount, 0)
        XCTAssertEqual(try parse("--loop=3").player.loopCount, 3)
        // ffplay counts plays in all, and 0 means forever.
        XCTAssertNil(try parse("-loop", "0").player.loopCount)
        XCTAssertEqual(try parse("-loop", "1").player.loopCount, 0)
        XCTAssertEqual(try parse("-loop", "3").player.loopCount, 2)
        // --loop takes its value only after '=', so a following file stays a file.
        let options = try OptionParser.parse(["--loop", "3"])
        XCTAssertNil(options.player.loopCount)
        XCTAssertEqual(options.files, ["3"])
    }

    func testVolumeSpeedAndVolumeMax() throws {
        XCTAssertEqual(try parse("--volume=50").player.volume, 50)
        XCTAssertEqual(try parse("--volume", "0").player.volume, 0)
        XCTAssertEqual(try parse("--volume=130").player.volume, 130)
        XCTAssertEqual(try parse("--volume-max=200").player.volumeMax, 200)
        // The volume is checked against the final maximum, whatever the order.
        XCTAssertEqual(try parse("--volume=180", "--volume-max", "200").player.volume, 180)
        XCTAssertEqual(try parse("--speed=1.5").player.speed, 1.5)
        XCTAssertEqual(try parse("--speed", "0.25").player.speed, 0.25)
        XCTAssertEqual(try parse("--speed=4").player.speed, 4)
    }

    func testWindowOptions() throws {
        let geometry = try parse("--geometry=1280x720")
        XCTAssertEqual(geometry.windowWidth, 1280)
        XCTAssertEqual(geometry.windowHeight, 720)
        let spaced = try parse("--geometry", "640x360")
        XCTAssertEqual(spaced.windowWidth, 640)
        let ffplay = try parse("-x", "800", "-y", "600")
        XCTAssertEqual(ffplay.windowWidth, 800)
        XCTAssertEqual(ffplay.windowHeight, 600)
        XCTAssertEqual(try parse("--title=My film").title, "My film")
        XCTAssertEqual(try parse("--title", "Ünïcode ✓").title, "Ünïcode ✓")
    }

    func testMiscellaneous() throws {
        XCTAssertEqual(try parse("-v").verbosity, 1)
        XCTAssertEqual(try parse("-v", "-v", "-v").verbosity, 3)
        XCTAssertEqual(try parse("--input-ipc-server=/tmp/mpv sock").ipcServerPath, "/tmp/mpv sock")
        XCTAssertEqual(try parse("--input-ipc-server", "/tmp/s").ipcServerPath, "/tmp/s")
        XCTAssertEqual(try parse("--dump-stats=stats.json").dumpStatsPath, "stats.json")
        XCTAssertEqual(try parse("--dump-stats", "s.json").dumpStatsPath, "s.json")
    }

    func testHelpAndVersionNeedNoFile() throws {
        XCTAssertTrue(try OptionParser.parse(["--help"]).showHelp)
        XCTAssertTrue(try OptionParser.parse(["-h"]).showHelp)
        XCTAssertTrue(try OptionParser.parse(["--version"]).showVersion)
        XCTAssertTrue(try OptionParser.parse(["-V"]).showVersion)
    }

    func testFilesKeepOrderSpacesAndUnicode() throws {
        let options = try OptionParser.parse(["first file.mp4", "--pause", "/tmp/vidéo été 日本.mkv", "-"])
        XCTAssertEqual(options.files, ["first file.mp4", "/tmp/vidéo été 日本.mkv", "-"])
    }

    func testDoubleDashEndsOptions() throws {
        let options = try OptionParser.parse(["--mute", "--", "-x.mp4", "--pause", "--"])
        XCTAssertEqual(options.files, ["-x.mp4", "--pause", "--"])
        XCTAssertTrue(options.player.muted)
        XCTAssertFalse(options.player.startPaused)
    }

    func testValueMayLookLikeAnOptionOrContainEquals() throws {
        XCTAssertEqual(try parse("--title", "--pause").title, "--pause")
        XCTAssertEqual(try parse("--title=a=b").title, "a=b")
    }
}

extension OptionParserTests {
    func testListPropertiesNeedsNoFileAndListsEveryProperty() throws {
        XCTAssertTrue(try OptionParser.parse(["--list-properties"]).listProperties)
        let lines = PropertyListText.text().split(separator: "\n")
        XCTAssertEqual(lines.count, PropertyRegistry.all.count)
        XCTAssertTrue(lines.contains { $0.hasPrefix("speed ") && $0.contains(" number ") && $0.contains(" writable ") })
        XCTAssertTrue(lines.contains { $0.hasPrefix("duration ") && $0.contains(" read-only ") })
        XCTAssertTrue(OptionParser.helpText().contains("--list-properties"))
    }

    func testOptionsNamedLikePropertiesAreCheckedByTheRegistry() {
        for (arguments, message) in [
            (["--speed=5", "a"], "vplay: option '--speed': '5' is out of range 0.25..4"),
            (["--volume=140", "a"], "vplay: option '--volume': '140' is out of range 0..130 (raise --volume-max to allow more)"),
            (["--ab-loop-a=-1", "a"], "vplay: option '--ab-loop-a': '-1' is not a time (seconds or [[h:]m:]ss[.fff])"),
            (["--mute=maybe", "a"], "vplay: option '--mute': 'maybe' is not yes or no"),
        ] {
            XCTAssertThrowsError(try OptionParser.parse(arguments)) { XCTAssertEqual(($0 as? OptionError)?.message, message) }
        }
        XCTAssertEqual(try OptionParser.parse(["--volume-max=200", "--volume=140", "a"]).player.volume, 140)
    }
}
