import XCTest
@testable import VPlayControl

final class JSONValueTests: XCTestCase {
    func testParsingKeepsBooleansApartFromNumbers() {
        let value = JSONValue(parsing: Array(#"[true, false, 1, 0, 1.5, 1e3, "yes", null, {"a": [2]}]"#.utf8))
        XCTAssertEqual(value, .array([
            .bool(true), .bool(false), .int(1), .int(0), .double(1.5), .double(1000), .string("yes"), .null,
            .object(["a": .array([.int(2)])]),
        ]))
    }

    func testParsingRejectsGarbageWithoutCrashing() {
        let inputs: [[UInt8]] = [
            [], Array("{".utf8), Array(#"{"a":}"#.utf8), [0xFF, 0xFE, 0x7B], Array(#"{"\#u{0}": 1e999}"#.utf8),
            Array(String(repeating: "[", count: 100_000).utf8),
            Array((String(repeating: "[", count: 600) + String(repeating: "]", count: 600)).utf8),
        ]
        for input in inputs {
            XCTAssertNil(JSONValue(parsing: input), "\(input.prefix(10))")
        }
    }

    func testEncodingIsCompactSortedAndEscaped() {
        let value = JSONValue.object([
            "request_id": .int(7), "error": "success",
            "data": .array([.string("a\"b\\c\nd\u{1}é"), .double(0.5), .double(.nan), .bool(false), .null]),
        ])
        XCTAssertEqual(value.encoded, #"{"data":["a\"b\\c\nd\u0001é",0.5,null,false,null],"error":"success","request_id":7}"#)
    }

    func testEncodingRoundTrips() {
        let value = JSONValue.object(["name": .string("tab\there \u{7F} 日本"), "n": .int(-3), "x": .double(2.25)])
        XCTAssertEqual(JSONValue(parsing: Array(value.encoded.utf8)), value)
    }

    func testLooseArgumentReading() {
        XCTAssertEqual(JSONValue.string("2.5").number, 2.5)
        XCTAssertEqual(JSONValue.int(3).number, 3)
        XCTAssertNil(JSONValue.bool(true).number)
        XCTAssertNil(JSONValue.string("inf").number)
        XCTAssertEqual(JSONValue.double(4).integer, 4)
        XCTAssertNil(JSONValue.double(4.5).integer)
        XCTAssertEqual(JSONValue.string("yes").propertyValue.flag, true)
        XCTAssertEqual(JSONValue.string("no").propertyValue.flag, false)
        XCTAssertNil(JSONValue.int(1).propertyValue.flag)
    }
}
