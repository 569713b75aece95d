import XCTest
@testable import VPlayControl

final class LineBufferTests: XCTestCase {
    func testSplitsLinesAcrossChunksAndStripsCarriageReturns() {
        var buffer = LineBuffer(limit: 100)
        buffer.append(Array("one\ntw".utf8))
        XCTAssertEqual(buffer.next(), .line(Array("one".utf8)))
        XCTAssertEqual(buffer.next(), .needMore)
        buffer.append(Array("o\r\n\nthree".utf8))
        XCTAssertEqual(buffer.next(), .line(Array("two".utf8)))
        XCTAssertEqual(buffer.next(), .line([]))
        XCTAssertEqual(buffer.next(), .needMore)
        buffer.append(Array("\n".utf8))
        XCTAssertEqual(buffer.next(), .line(Array("three".utf8)))
    }

    func testUnfinishedLineOverTheLimitIsRefused() {
        var buffer = LineBuffer(limit: 10)
        buffer.append([UInt8](repeating: 0x61, count: 10))
        XCTAssertEqual(buffer.next(), .needMore)
        buffer.append([0x61])
        XCTAssertEqual(buffer.next(), .tooLong)
    }

    func testCompleteLineOverTheLimitIsRefused() {
        var buffer = LineBuffer(limit: 4)
        buffer.append(Array("abcd\nabcde\n".utf8))
        XCTAssertEqual(buffer.next(), .line(Array("abcd".utf8)))
        XCTAssertEqual(buffer.next(), .tooLong)
    }

    func testManySmallLinesInOneChunk() {
        var buffer = LineBuffer(limit: 1 << 20)
        buffer.append(Array(String(repeating: "x\n", count: 10_000).utf8))
        var count = 0
        while case .line = buffer.next() { count += 1 }
        XCTAssertEqual(count, 10_000)
    }
}
