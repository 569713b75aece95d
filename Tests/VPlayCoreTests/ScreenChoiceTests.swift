import VPlayCore
import XCTest

/// `--screen` and `--fs-screen` values, and monitors that do not exist.
final class ScreenChoiceTests: XCTestCase {
    func testValuesAreReadAsMpvReadsThem() {
        XCTAssertEqual(ScreenChoice.window("default"), .some(nil))
        XCTAssertEqual(ScreenChoice.window("0"), .some(0))
        XCTAssertEqual(ScreenChoice.window("32"), .some(32))
        for bad in ["-1", "33", "one", "", "1.5", "current", "all"] {
            XCTAssertTrue(ScreenChoice.window(bad) == nil, bad)
        }
        XCTAssertEqual(ScreenChoice.fullscreen("current"), .current)
        XCTAssertEqual(ScreenChoice.fullscreen("2"), .index(2))
        XCTAssertEqual(ScreenChoice.fullscreen("all"), .all)
        XCTAssertEqual(ScreenChoice(fullscreen: .all).resolved(displayCount: 1).warnings, [])
        XCTAssertNil(ScreenChoice(fullscreen: .all).openingDisplay(fullscreen: true), "all: where the window would open")
        for bad in ["-1", "33", "default", "", "x"] {
            XCTAssertNil(ScreenChoice.fullscreen(bad), bad)
        }
    }

    func testMonitorsThatExistAreKept() {
        let choice = ScreenChoice(window: 1, fullscreen: .index(0))
        let resolved = choice.resolved(displayCount: 2)
        XCTAssertEqual(resolved.choice, choice)
        XCTAssertEqual(resolved.warnings, [])
        XCTAssertEqual(ScreenChoice().resolved(displayCount: 1).warnings, [], "the defaults need no monitor count")
    }

    func testMissingMonitorsFallBackToTheDefaultsWithOneWarningEach() {
        let resolved = ScreenChoice(window: 2, fullscreen: .index(3)).resolved(displayCount: 2)
        XCTAssertEqual(resolved.choice, ScreenChoice())
        XCTAssertEqual(resolved.warnings.count, 2)
        XCTAssertTrue(resolved.warnings[0].hasPrefix("--screen=2: "), resolved.warnings[0])
        XCTAssertTrue(resolved.warnings[1].hasPrefix("--fs-screen=3: "), resolved.warnings[1])
        XCTAssertTrue(resolved.warnings[0].contains("2 screens"), resolved.warnings[0])
    }

    func testTheFirstWindowOpensOnTheFullScreenMonitorWhenItStartsInFullScreen() {
        let choice = ScreenChoice(window: 1, fullscreen: .index(2))
        XCTAssertEqual(choice.openingDisplay(fullscreen: false), 1)
        XCTAssertEqual(choice.openingDisplay(fullscreen: true), 2)
        XCTAssertEqual(ScreenChoice(window: 1).openingDisplay(fullscreen: true), 1, "current: the window's")
        XCTAssertNil(ScreenChoice().openingDisplay(fullscreen: true))
    }
}
