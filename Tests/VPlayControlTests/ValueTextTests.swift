import XCTest
@testable import VPlayControl

final class ValueTextTests: XCTestCase {
    func testTimes() {
        XCTAssertEqual(ValueText.time("0"), 0)
        XCTAssertEqual(ValueText.time("12.5"), 12.5)
        XCTAssertEqual(ValueText.time(".5"), 0.5)
        XCTAssertEqual(ValueText.time("1:05"), 65)
        XCTAssertEqual(ValueText.time("2:00:01.25"), 7201.25)
        XCTAssertEqual(ValueText.time("+7"), 7)
        for bad in ["", ":", "1:", "a", "-1", "1:2:3:4", "1.2.3", "1:2.5:3", "1e2", "+-1"] {
            XCTAssertNil(ValueText.time(bad), bad)
        }
    }

    func testNumbers() {
        XCTAssertEqual(ValueText.number("130"), 130)
        XCTAssertEqual(ValueText.number("-2"), -2)
        XCTAssertEqual(ValueText.number("+0.25"), 0.25)
        for bad in ["", "-", "1e3", "inf", "nan", "0x1", " 1", "1,5"] {
            XCTAssertNil(ValueText.number(bad), bad)
        }
    }

    func testDescribe() {
        XCTAssertEqual(ValueText.describe(0...130), "0..130")
        XCTAssertEqual(ValueText.describe(0.25...4), "0.25..4")
    }
}
