import VPlayCore
import XCTest
@testable import VPlayControl

/// `vplay.conf`: the mpv-style option file.
final class ConfigTests: XCTestCase {
    private let file = "/cfg/vplay/vplay.conf"

    private func arguments(_ text: String) -> Result<[String], ConfigError> {
        Result { () throws(ConfigError) in try ConfigFile.arguments(fromContentsOf: text, file: file) }
    }

    private func problem(_ text: String) -> String? {
        if case .failure(let error) = arguments(text) { return error.description }
        return nil
    }

    private func settings(_ text: String) -> ConfigFile.Settings {
        ConfigFile.parse(Array(text.utf8), file: file)
    }

    func testLinesBecomeArguments() {
        let cases: [(String, [String])] = [
            ("volume=70", ["--volume=70"]),
            ("fs", ["--fs"]),
            ("speed=1.25", ["--speed=1.25"]),
            ("really-quiet", ["--really-quiet"]),
            ("  \tspeed = 1.5\t ", ["--speed=1.5"]),
            ("pause=no", ["--pause=no"]),
            ("loop", ["--loop"]),
            ("loop=inf", ["--loop=inf"]),
            ("start=1:30", ["--start=1:30"]),
            ("geometry=1280x720", ["--geometry=1280x720"]),
            ("fullscreen=yes", ["--fullscreen=yes"]),
            ("fs # full screen", ["--fs"]),
            ("volume=70 # quieter", ["--volume=70"]),
            ("title=\"My # film\"", ["--title=My # film"]),
            ("title = 'two  words' # comment", ["--title=two  words"]),
            ("title=", ["--title="]),
            ("input-ipc-server=/tmp/vplay.sock", ["--input-ipc-server=/tmp/vplay.sock"]),
            ("# a comment", []),
            ("   # indented comment", []),
            ("", []),
            ("\n\n", []),
            ("volume=70\r\nfs\r\n", ["--volume=70", "--fs"]),
            ("\u{FEFF}fs", ["--fs"]),
        ]
        for (text, expected) in cases {
            XCTAssertEqual(try arguments(text).get(), expected, text.debugDescription)
        }
    }

    func testErrorsNameTheFileAndLine() {
        let text = "fs\n# fine so far\nbogus\n"
        XCTAssertEqual(problem(text), "vplay: /cfg/vplay/vplay.conf:3: unknown option 'bogus'")
        XCTAssertThrowsError(try ConfigFile.arguments(fromContentsOf: text, file: file)) { error in
            XCTAssertEqual((error as? ConfigError)?.line, 3)
        }
    }

    func testBadLinesAreExplained() {
        let cases: [(String, String)] = [
            ("bogus=3", "unknown option 'bogus'"),
            ("volume=loud", "option 'volume': 'loud' is not a number"),
            ("volume=-1", "option 'volume': '-1' is out of range 0..130"),
            ("speed=9", "option 'speed': '9' is out of range 0.25..4"),
            ("fs=maybe", "option 'fs': 'maybe' is not yes or no"),
            ("start=soon", "option 'start': 'soon' is not a time (seconds or [[h:]m:]ss[.fff])"),
            ("volume", "option 'volume' needs a value ('volume=…')"),
            ("volume=", "option 'volume' needs a value"),
            ("length=0", "option 'length': '0' leaves nothing to play after the start"),
            ("--volume=70", "write options without the leading dashes ('volume', not '--volume')"),
            ("-fs", "write options without the leading dashes ('fs', not '-fs')"),
            ("ss=10", "unknown option 'ss'"),
            ("help", "'help' only works on the command line"),
            ("version", "'version' only works on the command line"),
            ("h", "unknown option 'h'"),
            ("movie.mkv", "unknown option 'movie.mkv' (files cannot be given in a config file)"),
            ("/home/me/a.mp4", "unknown option '/home/me/a.mp4' (files cannot be given in a config file)"),
            ("=70", "missing option name before '='"),
            ("Volume=70", "unknown option 'Volume'"),
            ("fs yes", "unknown option 'fs yes'"),
            ("title=\"open", "missing closing \""),
            ("title=\"a\" b", "unexpected text after the closing \""),
        ]
        for (line, reason) in cases {
            XCTAssertEqual(problem("fs\n" + line), "vplay: /cfg/vplay/vplay.conf:2: " + reason, line)
        }
    }

    func testABadLineIsIgnoredAndTheOthersKept() {
        let result = settings("volume=70\nbogus\nspeed=9\nfs\n# end\n")
        XCTAssertEqual(result.arguments, ["--volume=70", "--fs"])
        XCTAssertEqual(result.entries.map(\.line), [1, 4])
        XCTAssertEqual(result.problems.map(\.line), [2, 3])
        XCTAssertEqual(result.warnings, [
            "vplay: /cfg/vplay/vplay.conf:2: unknown option 'bogus'",
            "vplay: /cfg/vplay/vplay.conf:3: option 'speed': '9' is out of range 0.25..4",
        ])
    }

    func testTheLastLineForAnOptionWins() {
        XCTAssertEqual(try arguments("volume=10\nfs\nvolume=20\nfullscreen=no\n").get(), ["--volume=20", "--fullscreen=no"])
        let options = try? OptionParser.parse(try arguments("volume=10\nfs\nvolume=20\nfullscreen=no\n").get() + ["a.mp4"])
        XCTAssertEqual(options?.player.volume, 20)
        XCTAssertEqual(options?.fullscreen, false)
    }

    // MARK: - With the command line

    private func launch(_ text: String, _ commandLine: String...) throws -> (options: LaunchOptions, warnings: [String]) {
        try ConfigFile.options(commandLine: commandLine, settings: settings(text))
    }

    func testTheCommandLineComesAfterTheFileAndWins() throws {
        let (options, warnings) = try launch("volume=70\nfs\nspeed=1.25\nreally-quiet\n", "--volume=50", "--fs=no", "a.mp4")
        XCTAssertEqual(warnings, [])
        XCTAssertEqual(options.player.volume, 50)
        XCTAssertEqual(options.fullscreen, false)
        XCTAssertEqual(options.player.speed, 1.25)
        XCTAssertTrue(options.reallyQuiet)
        XCTAssertEqual(options.files, ["a.mp4"])
        // The plain prepend gives the same.
        XCTAssertEqual(try OptionParser.parse(settings("volume=70\nfs\nspeed=1.25\nreally-quiet\n").arguments + ["--volume=50", "--fs=no", "a.mp4"]), options)
    }

    func testAFlagInTheFileCannotSwallowACommandLineArgument() throws {
        // Every file argument carries its own value, so "--start" cannot take "a.mp4".
        let (options, _) = try launch("start=5\npause\n", "a.mp4")
        XCTAssertEqual(options.player.start, 5)
        XCTAssertTrue(options.player.startPaused)
        XCTAssertEqual(options.files, ["a.mp4"])
    }

    func testVolumeIsCheckedAgainstTheVolumeMaxInEffect() throws {
        // volume-max later in the file still counts.
        XCTAssertEqual(try launch("volume=140\nvolume-max=150\n", "a.mp4").options.player.volume, 140)
        XCTAssertEqual(try launch("volume=140\n", "--volume-max=150", "a.mp4").options.player.volume, 140)
        let tooLoud = try launch("fs\nvolume=150\n", "a.mp4")
        XCTAssertEqual(tooLoud.warnings, ["vplay: /cfg/vplay/vplay.conf:2: option 'volume': '150' is out of range 0..130 (raise --volume-max to allow more); ignored"])
        XCTAssertEqual(tooLoud.options.player.volume, 100)
        XCTAssertTrue(tooLoud.options.fullscreen, "the rest of the file still applies")
        let capped = try launch("volume=120\n", "--volume-max=100", "a.mp4")
        XCTAssertEqual(capped.warnings, ["vplay: /cfg/vplay/vplay.conf:1: option 'volume': '120' is out of range 0..100 (raise --volume-max to allow more); ignored"])
    }

    func testClashesWithinTheFileOrWithTheCommandLine() throws {
        let inFile = try launch("start=10\nend=5\nfs\n", "a.mp4")
        XCTAssertEqual(inFile.warnings, ["vplay: /cfg/vplay/vplay.conf:2: option 'end': '5' leaves nothing to play after the start; ignored"])
        XCTAssertEqual(inFile.options.player.start, 10)
        XCTAssertNil(inFile.options.player.end)
        XCTAssertTrue(inFile.options.fullscreen)

        let withCommandLine = try launch("start=10\nfs\n", "--end=5", "a.mp4")
        XCTAssertEqual(withCommandLine.warnings, ["vplay: /cfg/vplay/vplay.conf:1: 'start' ignored: option '--end': '5' leaves nothing to play after the start"])
        XCTAssertEqual(withCommandLine.options.player.end, 5)
        XCTAssertTrue(withCommandLine.options.fullscreen)
    }

    func testCommandLineMistakesAreStillTheCommandLines() {
        XCTAssertThrowsError(try launch("fs\n", "--bogus", "a.mp4")) { error in
            XCTAssertEqual((error as? OptionError)?.message, "vplay: unknown option '--bogus'")
        }
        XCTAssertThrowsError(try launch("fs\n", "--no-video")) { error in
            XCTAssertEqual(error as? OptionError, .noFile)
        }
        XCTAssertThrowsError(try launch("volume=120\n", "--volume=500", "a.mp4")) { error in
            XCTAssertEqual((error as? OptionError)?.message, "vplay: option '--volume': '500' is out of range 0..130 (raise --volume-max to allow more)")
        }
        XCTAssertTrue((try? launch("fs\n", "--help"))?.options.showHelp ?? false)
    }

    func testFileWarningsComeWithTheOptions() throws {
        let (options, warnings) = try launch("bogus\nfs\n", "a.mp4")
        XCTAssertTrue(options.fullscreen)
        XCTAssertEqual(warnings, ["vplay: /cfg/vplay/vplay.conf:1: unknown option 'bogus'"])
    }

    // MARK: - Where the files are

    func testDirectory() {
        XCTAssertEqual(ConfigFile.path(environment: ["XDG_CONFIG_HOME": "/x/conf", "HOME": "/home/me"]), "/x/conf/vplay/vplay.conf")
        XCTAssertEqual(ConfigFile.path(environment: ["XDG_CONFIG_HOME": "/x/conf/"]), "/x/conf/vplay/vplay.conf")
        XCTAssertEqual(ConfigFile.path(environment: ["HOME": "/home/me"]), "/home/me/.config/vplay/vplay.conf")
        // XDG: a relative or empty XDG_CONFIG_HOME is ignored.
        XCTAssertEqual(ConfigFile.path(environment: ["XDG_CONFIG_HOME": "conf", "HOME": "/home/me"]), "/home/me/.config/vplay/vplay.conf")
        XCTAssertEqual(ConfigFile.path(environment: ["XDG_CONFIG_HOME": "", "HOME": "/home/me"]), "/home/me/.config/vplay/vplay.conf")
        XCTAssertNil(ConfigFile.path(environment: [:]))
        XCTAssertNil(ConfigFile.path(environment: ["HOME": ""]))
        XCTAssertEqual(InputConf.path(environment: ["HOME": "/home/me"]), "/home/me/.config/vplay/input.conf")
        XCTAssertEqual(ConfigFile.load(environment: [:]), ConfigFile.Settings())
    }
}
