import XCTest
@testable import VPlayCore

final class NaturalOrderTests: XCTestCase {
    private func sorted(_ names: [String]) -> [String] { names.sorted(by: NaturalOrder.precedes) }

    func testEpisodesFollowTheirNumbers() {
        XCTAssertEqual(sorted(["S01E10.mkv", "S02E1.mkv", "S01E2.mkv", "S01E1.mkv", "S01E9.mkv"]),
                       ["S01E1.mkv", "S01E2.mkv", "S01E9.mkv", "S01E10.mkv", "S02E1.mkv"])
        XCTAssertEqual(sorted(["Show - 12 [1080p].mkv", "Show - 3 [1080p].mkv", "Show - 100 [720p].mkv"]),
                       ["Show - 3 [1080p].mkv", "Show - 12 [1080p].mkv", "Show - 100 [720p].mkv"])
    }

    func testNumbersOfDifferentLengthsCompareByValue() {
        XCTAssertEqual(sorted(["file10", "file9", "file100", "file1", "file", "file2a", "file2"]),
                       ["file", "file1", "file2", "file2a", "file9", "file10", "file100"])
        // Runs longer than any machine integer still compare by value.
        let huge = "x" + String(repeating: "9", count: 30), huger = "x1" + String(repeating: "0", count: 30)
        XCTAssertTrue(NaturalOrder.precedes(huge, huger))
        XCTAssertFalse(NaturalOrder.precedes(huger, huge))
        // Numbers inside names, not only at the end.
        XCTAssertTrue(NaturalOrder.precedes("track 2 - b.flac", "track 10 - a.flac"))
        XCTAssertTrue(NaturalOrder.precedes("v1.9.2", "v1.10.0"))
    }

    func testLeadingZerosAreEqualInValueAndTheShorterComesFirst() {
        XCTAssertEqual(sorted(["2", "001", "01", "1", "02", "10", "010"]), ["1", "01", "001", "2", "02", "10", "010"])
        // The value decides before the zeros do: what follows the number still counts first.
        XCTAssertEqual(sorted(["ep01b", "ep1c", "ep1a"]), ["ep1a", "ep01b", "ep1c"])
        XCTAssertEqual(sorted(["S01E02.mkv", "S1E10.mkv", "S01E1.mkv"]), ["S01E1.mkv", "S01E02.mkv", "S1E10.mkv"])
        XCTAssertTrue(NaturalOrder.precedes("a0", "a00"))
        XCTAssertTrue(NaturalOrder.precedes("a00", "a1"))
    }

    func testCaseDoesNotSeparateNames() {
        XCTAssertEqual(sorted(["banana", "Apple", "cherry", "apple2", "Banana10", "banana9"]),
                       ["Apple", "apple2", "banana", "banana9", "Banana10", "cherry"])
        // Equal but for case: upper case first, as the bytes order them.
        XCTAssertEqual(sorted(["clip", "Clip", "CLIP"]), ["CLIP", "Clip", "clip"])
        XCTAssertTrue(NaturalOrder.precedes("Clip2", "clip10"))
    }

    func testNamesBeyondASCII() {
        XCTAssertEqual(sorted(["été 10.mkv", "Été 2.mkv", "Zoo.mkv", "ábaco.mkv"]),
                       ["Zoo.mkv", "ábaco.mkv", "Été 2.mkv", "été 10.mkv"])
        XCTAssertEqual(sorted(["第10話.mkv", "第2話.mkv", "第1話.mkv"]), ["第1話.mkv", "第2話.mkv", "第10話.mkv"])
        XCTAssertEqual(sorted(["Ärger", "ärger", "Ärger2"]), ["Ärger", "ärger", "Ärger2"])
        XCTAssertEqual(sorted(["Δ10", "δ9", "🎬 2", "🎬 10"]), ["δ9", "Δ10", "🎬 2", "🎬 10"])
        // Full-width digits are letters here: only ASCII runs are numbers.
        XCTAssertTrue(NaturalOrder.precedes("ep１０", "ep２"))
    }

    func testTheOrderIsTotalAndTransitive() {
        let names = ["", "a", "A", "a1", "a01", "A1", "a001", "a1b", "a01b", "a2", "a10", "a-1", "a_1", "a 1", "a.1",
                     "é", "É", "e", "f", "1", "01", "10", "x9y", "x09y", "x9Y", "x10", "日本2", "日本10", "ab", "aB"]
        for a in names {
            XCTAssertFalse(NaturalOrder.precedes(a, a), "\(a) before itself")
            for b in names where a != b {
                XCTAssertNotEqual(NaturalOrder.precedes(a, b), NaturalOrder.precedes(b, a), "\(a) and \(b) tie")
                for c in names where NaturalOrder.precedes(a, b) && NaturalOrder.precedes(b, c) {
                    XCTAssertTrue(NaturalOrder.precedes(a, c), "\(a) < \(b) < \(c) but not \(a) < \(c)")
                }
            }
        }
    }

    func testTheResultDoesNotDependOnTheGivenOrder() {
        let names = ["b10", "B10", "b010", "b9", "a", "A", "b09", "é1", "É1", "c"]
        let expected = sorted(names)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<50 {
            XCTAssertEqual(sorted(names.shuffled(using: &generator)), expected)
        }
        XCTAssertEqual(expected, ["A", "a", "b9", "b09", "B10", "b10", "b010", "c", "É1", "é1"])
    }
}
