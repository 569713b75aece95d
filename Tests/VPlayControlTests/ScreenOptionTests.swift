import XCTest
@testable import VPlayControl
@testable import VPlayCore

/// `--screen` and `--fs-screen` (mpv's names and values) fill the launch's screen choice.
final class ScreenOptionTests: XCTestCase {
    func testOptionsChooseTheMonitors() throws {
        XCTAssertEqual(try OptionParser.parse(["a.mp4"]).screens, ScreenChoice())
        let options = try OptionParser.parse(["--screen=1", "--fs-screen=2", "a.mp4"])
        XCTAssertEqual(options.screens, ScreenChoice(window: 1, fullscreen: .index(2)))
        let defaults = try OptionParser.parse(["--screen=1", "--screen=default", "--fs-screen=2", "--fs-screen=current", "a.mp4"])
        XCTAssertEqual(defaults.screens, ScreenChoice(), "the last value wins")
        XCTAssertEqual(try OptionParser.parse(["--fs-screen=all", "a.mp4"]).screens.fullscreen, .all)
    }

    func testBadValuesStopTheStartNamingTheOption() {
        for bad in ["--screen=-1", "--screen=all", "--screen=33", "--fs-screen=default", "--fs-screen=x", "--screen="] {
            XCTAssertThrowsError(try OptionParser.parse([bad, "a.mp4"]), bad) { error in
                let name = String(bad.prefix { $0 != "=" })
                XCTAssertTrue("\(error)".contains(name), "\(error)")
            }
        }
    }
}
