import XCTest
@testable import VPlayCore

final class ABLoopTests: XCTestCase {
    func testCycleSetsAThenBThenClears() {
        var loop = ABLoop()
        XCTAssertNil(loop.loopTarget(position: 100))

        loop.cycle(at: 12.5)
        XCTAssertEqual(loop.a, 12.5)
        XCTAssertNil(loop.b)
        XCTAssertEqual(loop.message, "A-B loop: A 0:12")
        XCTAssertNil(loop.loopTarget(position: 100), "A alone does not loop")

        loop.cycle(at: 20)
        XCTAssertEqual(loop.a, 12.5)
        XCTAssertEqual(loop.b, 20)
        XCTAssertEqual(loop.message, "A-B loop: 0:12 - 0:20")

        loop.cycle(at: 25)
        XCTAssertNil(loop.a)
        XCTAssertNil(loop.b)
        XCTAssertEqual(loop.message, "A-B loop cleared")
        XCTAssertNil(loop.loopTarget(position: 100))

        loop.cycle(at: 3)
        XCTAssertEqual(loop.a, 3, "after clearing, the next press sets A again")
        XCTAssertNil(loop.b)
    }

    func testBBeforeAIsSwapped() {
        var loop = ABLoop()
        loop.cycle(at: 30)
        loop.cycle(at: 10)
        XCTAssertEqual(loop.a, 10)
        XCTAssertEqual(loop.b, 30)
        XCTAssertEqual(loop.message, "A-B loop: 0:10 - 0:30")
        XCTAssertNil(loop.loopTarget(position: 29.9))
        XCTAssertEqual(loop.loopTarget(position: 30), 10)

        loop.setPoints(a: 50, b: 40)
        XCTAssertEqual(loop.a, 40)
        XCTAssertEqual(loop.b, 50)
    }

    func testUnknownPositionChangesNothing() {
        var loop = ABLoop()
        loop.cycle(at: .nan)
        XCTAssertEqual(loop, ABLoop())
        loop.cycle(at: 5)
        loop.cycle(at: .infinity)
        XCTAssertEqual(loop.b, nil)
    }

    func testJumpsToAOnceBIsReachedAndOncePerPass() {
        var loop = ABLoop(a: 10, b: 20)
        XCTAssertNil(loop.loopTarget(position: 5), "before A plays on to B")
        XCTAssertNil(loop.loopTarget(position: 19.99))
        XCTAssertEqual(loop.loopTarget(position: 20), 10)
        XCTAssertNil(loop.loopTarget(position: 20.04), "a poll before the seek lands is not a second jump")
        XCTAssertNil(loop.loopTarget(position: 10))
        XCTAssertEqual(loop.loopTarget(position: 21), 10, "the next pass jumps again")
        XCTAssertNil(loop.remaining, "no count: forever")
    }

    func testCountStopsTheLoopAndRestartsForANewLoop() {
        var loop = ABLoop(a: 10, b: 20, count: 2)
        XCTAssertEqual(loop.remaining, 2)
        XCTAssertTrue(loop.jumpsAtB)
        XCTAssertEqual(loop.loopTarget(position: 20), 10)
        XCTAssertEqual(loop.remaining, 1)
        _ = loop.loopTarget(position: 12)
        XCTAssertTrue(loop.jumpsAtB, "one jump left")
        XCTAssertEqual(loop.loopTarget(position: 20), 10)
        XCTAssertEqual(loop.remaining, 0)
        XCTAssertFalse(loop.jumpsAtB, "count used up: the sound plays on past B")
        _ = loop.loopTarget(position: 12)
        XCTAssertNil(loop.loopTarget(position: 20), "count used up: plays on")
        XCTAssertEqual(loop.remaining, 0)

        loop.cycle(at: 30)   // clear
        loop.cycle(at: 30)
        loop.cycle(at: 40)
        XCTAssertEqual(loop.remaining, 2)
        XCTAssertEqual(loop.loopTarget(position: 40), 30)
    }

    func testZeroCountNeverJumps() {
        var loop = ABLoop(a: 1, b: 2, count: 0)
        XCTAssertNil(loop.loopTarget(position: 2))
    }

    func testEmptyLoopNeverJumps() {
        var loop = ABLoop()
        loop.cycle(at: 7)
        loop.cycle(at: 7)
        XCTAssertNil(loop.loopTarget(position: 7), "A == B would jump on every tick")
    }

    func testOnlyBSetThenCycleSetsA() {
        var loop = ABLoop(b: 20)
        XCTAssertEqual(loop.message, "A-B loop: B 0:20")
        loop.cycle(at: 25)
        XCTAssertEqual(loop.a, 20)
        XCTAssertEqual(loop.b, 25)
    }

    func testLongPositionsUseHours() {
        let loop = ABLoop(a: 3600 + 62, b: 7200)
        XCTAssertEqual(loop.message, "A-B loop: 1:01:02 - 2:00:00")
    }
}
