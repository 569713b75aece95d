import XCTest
@testable import VPlayCore

/// Seeks asked for faster than they land wait for the one under way, the newest replacing
/// the others, for at most `patience`.
final class SeekCoalescerTests: XCTestCase {
    private func request(_ target: Double) -> SeekCoalescer.Request {
        SeekCoalescer.Request(target: target, precision: .keyframe)
    }

    func testASeekGoesAtOnceWhenNoneIsLanding() {
        var coalescer = SeekCoalescer()
        XCTAssertEqual(coalescer.ask(request(5), landing: false, now: 10), request(5))
        XCTAssertEqual(coalescer.ask(request(6), landing: false, now: 10.01), request(6), "the one before has its picture")
        XCTAssertNil(coalescer.waiting)
    }

    func testSeeksWhileOneLandsWaitForItsPictureAndTheNewestGoes() {
        var coalescer = SeekCoalescer()
        XCTAssertEqual(coalescer.ask(request(5), landing: false, now: 10), request(5))
        XCTAssertNil(coalescer.ask(request(6), landing: true, now: 10.02))
        XCTAssertNil(coalescer.ask(request(7), landing: true, now: 10.04))
        XCTAssertEqual(coalescer.waiting, request(7))
        XCTAssertNil(coalescer.next(landing: true, now: 10.05), "the picture is not up yet")
        XCTAssertEqual(coalescer.next(landing: false, now: 10.06), request(7), "the newest goes once it is")
        XCTAssertNil(coalescer.next(landing: false, now: 10.07), "and only once")
        // The one just sent is now the one landing.
        XCTAssertNil(coalescer.ask(request(8), landing: true, now: 10.08))
        XCTAssertEqual(coalescer.next(landing: false, now: 10.1), request(8))
    }

    func testASeekThatDoesNotLandIsWaitedForAtMostThePatience() {
        var coalescer = SeekCoalescer()
        _ = coalescer.ask(request(5), landing: false, now: 10)
        XCTAssertNil(coalescer.ask(request(6), landing: true, now: 10.1))
        XCTAssertNil(coalescer.next(landing: true, now: 10 + SeekCoalescer.patience - 0.01))
        XCTAssertEqual(coalescer.next(landing: true, now: 10 + SeekCoalescer.patience), request(6))
        // Asked once the one under way has been waited for that long, a seek goes at once.
        let late = 10 + 3 * SeekCoalescer.patience
        XCTAssertEqual(coalescer.ask(request(7), landing: true, now: late), request(7))
    }

    func testAnotherMoveDropsTheWaitingSeek() {
        var coalescer = SeekCoalescer()
        _ = coalescer.ask(request(5), landing: false, now: 10)
        XCTAssertNil(coalescer.ask(request(6), landing: true, now: 10.05))
        coalescer.cancel()
        XCTAssertNil(coalescer.next(landing: false, now: 10.1))
        XCTAssertEqual(coalescer.ask(request(7), landing: true, now: 10.11), request(7), "nothing of its own is landing")
    }
}
