import XCTest
@testable import VPlayControl

final class OptionErrorTests: XCTestCase {
    private func message(_ arguments: [String]) -> String? {
        do {
            _ = try OptionParser.parse(arguments)
            return nil
        } catch {
            return error.message
        }
    }

    func testUnknownOptions() {
        XCTAssertEqual(message(["--bogus", "a.mp4"]), "vplay: unknown option '--bogus'")
        XCTAssertEqual(message(["--bogus=3", "a.mp4"]), "vplay: unknown option '--bogus'")
        XCTAssertEqual(message(["-x.mp4"]), "vplay: unknown option '-x.mp4'")
        XCTAssertEqual(message(["-ssx", "a.mp4"]), "vplay: unknown option '-ssx'")
    }

    func testMissingValuesNameTheSpellingUsed() {
        XCTAssertEqual(message(["a.mp4", "--start"]), "vplay: option '--start' needs a value")
        XCTAssertEqual(message(["a.mp4", "-ss"]), "vplay: option '-ss' needs a value")
        XCTAssertEqual(message(["--start=", "a.mp4"]), "vplay: option '--start' needs a value")
        XCTAssertEqual(message(["a.mp4", "--input-ipc-server"]), "vplay: option '--input-ipc-server' needs a value")
        XCTAssertEqual(message(["--dump-stats=", "a.mp4"]), "vplay: option '--dump-stats' needs a value")
        XCTAssertEqual(message(["a.mp4", "-x"]), "vplay: option '-x' needs a value")
    }

    func testSubtitleColourNamesTheFormsItTakes() {
        let expected = "is not a colour: #RRGGBB, or #AARRGGBB with AA the opacity (e.g. #FF0000 is red)"
        XCTAssertEqual(message(["--sub-color=red", "a.mp4"]), "vplay: option '--sub-color': 'red' " + expected)
        XCTAssertEqual(message(["--sub-color=#FFF", "a.mp4"]), "vplay: option '--sub-color': '#FFF' " + expected)
        XCTAssertNil(message(["--sub-color=#80FFFF00", "a.mp4"]))
    }

    func testOutOfRange() {
        XCTAssertEqual(message(["--volume=200", "a.mp4"]),
                       "vplay: option '--volume': '200' is out of range 0..130 (raise --volume-max to allow more)")
        XCTAssertEqual(message(["--volume=-1", "a.mp4"]), "vplay: option '--volume': '-1' is out of range 0..130")
        XCTAssertEqual(message(["--volume-max=150", "--volume=151", "a.mp4"]),
                       "vplay: option '--volume': '151' is out of range 0..150 (raise --volume-max to allow more)")
        // Past the highest --volume-max, raising it would not help.
        XCTAssertEqual(message(["--volume=1001", "a.mp4"]), "vplay: option '--volume': '1001' is out of range 0..130")
        XCTAssertEqual(message(["--volume-max=99", "a.mp4"]), "vplay: option '--volume-max': '99' is out of range 100..1000")
        XCTAssertEqual(message(["--volume-max=1001", "a.mp4"]), "vplay: option '--volume-max': '1001' is out of range 100..1000")
        XCTAssertEqual(message(["--speed=5", "a.mp4"]), "vplay: option '--speed': '5' is out of range 0.25..4")
        XCTAssertEqual(message(["--speed", "0.2", "a.mp4"]), "vplay: option '--speed': '0.2' is out of range 0.25..4")
        XCTAssertEqual(message(["-x", "0", "a.mp4"]), "vplay: option '-x': '0' is out of range 1..65535")
        XCTAssertEqual(message(["--loop=-1", "a.mp4"]), "vplay: option '--loop': '-1' is out of range 0..2147483647")
    }

    func testMalformedValues() {
        let notATime = "is not a time (seconds or [[h:]m:]ss[.fff])"
        for bad in ["abc", "-5", "1:2:3:4", "1:-3", "1e3", "inf", "nan", "1..2", ":30", "0x10"] {
            XCTAssertEqual(message(["--start=\(bad)", "a.mp4"]), "vplay: option '--start': '\(bad)' \(notATime)", bad)
        }
        XCTAssertEqual(message(["-t", "soon", "a.mp4"]), "vplay: option '-t': 'soon' \(notATime)")
        XCTAssertEqual(message(["--end=x", "a.mp4"]), "vplay: option '--end': 'x' \(notATime)")
        XCTAssertEqual(message(["--volume=loud", "a.mp4"]), "vplay: option '--volume': 'loud' is not a number")
        XCTAssertEqual(message(["--speed=1e0", "a.mp4"]), "vplay: option '--speed': '1e0' is not a number")
        XCTAssertEqual(message(["--pause=maybe", "a.mp4"]), "vplay: option '--pause': 'maybe' is not yes or no")
        XCTAssertEqual(message(["-fs=1", "a.mp4"]), "vplay: option '-fs': '1' is not yes or no")
        XCTAssertEqual(message(["--loop=often", "a.mp4"]), "vplay: option '--loop': 'often' is not a whole number")
        XCTAssertEqual(message(["-loop", "x", "a.mp4"]), "vplay: option '-loop': 'x' is not a whole number")
        for bad in ["640", "640x", "x480", "0x480", "640x480+10+10", "axb"] {
            XCTAssertEqual(message(["--geometry=\(bad)", "a.mp4"]), "vplay: option '--geometry': '\(bad)' is not WxH (e.g. 1280x720)", bad)
        }
    }

    func testNothingLeftToPlay() {
        XCTAssertEqual(message(["--start=10", "--end=5", "a.mp4"]), "vplay: option '--end': '5' leaves nothing to play after the start")
        XCTAssertEqual(message(["-t", "0", "a.mp4"]), "vplay: option '-t': '0' leaves nothing to play after the start")
    }

    func testNoFileIsTheIdleWindowButNothingWithoutOne() {
        XCTAssertNil(message([]))
        XCTAssertNil(message(["--pause"]))
        XCTAssertEqual(message(["--no-video"]), "vplay: no file given")
        XCTAssertEqual(message(["--no-video", "--"]), "vplay: no file given")
    }

    func testDescriptionIsTheMessage() {
        XCTAssertEqual(OptionError.noFile.description, "vplay: no file given")
    }
}
