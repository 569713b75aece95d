import VPlayCore
import XCTest
@testable import VPlayView

/// The second open of the file happens only once it may be needed, and only once.
/// `stop()` waits for an open under way, so after it the count of opens is final, and gives
/// that open up through its interrupt flag (a server that never answers cannot hold it).
final class BackgroundThumbnailsTests: XCTestCase {
    private func counted() -> (BackgroundThumbnails, Locked<Int>) {
        let opens = Locked(0)
        let thumbnails = BackgroundThumbnails { _ in
            opens.withLock { $0 += 1 }
            return nil
        }
        return (thumbnails, opens)
    }

    func testNothingIsOpenedUntilAsked() {
        let (thumbnails, opens) = counted()
        thumbnails.stop()
        XCTAssertEqual(opens.withLock { $0 }, 0)
    }

    func testPrepareOpensOnceHoweverOftenItIsCalled() {
        let (thumbnails, opens) = counted()
        thumbnails.prepare()
        thumbnails.prepare()
        thumbnails.request(time: 3)
        thumbnails.stop()
        XCTAssertEqual(opens.withLock { $0 }, 1)
    }

    func testARequestOpensByItself() {
        let (thumbnails, opens) = counted()
        XCTAssertFalse(thumbnails.request(time: 3), "no picture before the open is done")
        thumbnails.stop()
        XCTAssertEqual(opens.withLock { $0 }, 1)
    }

    func testNothingOpensAfterStop() {
        let (thumbnails, opens) = counted()
        thumbnails.stop()
        thumbnails.prepare()
        thumbnails.stop()
        XCTAssertEqual(opens.withLock { $0 }, 0)
    }

    func testStopGivesUpAnOpenInFlight() {
        let started = DispatchSemaphore(value: 0)
        let sawInterrupt = Locked(false)
        let thumbnails = BackgroundThumbnails { interrupt in
            started.signal()
            // Stands for a read from a server that does not answer: over once interrupted.
            let deadline = Date().addingTimeInterval(20)
            while !interrupt.isRaised && Date() < deadline { usleep(1000) }
            sawInterrupt.withLock { $0 = interrupt.isRaised }
            return nil
        }
        thumbnails.prepare()
        started.wait()
        thumbnails.stop()
        XCTAssertTrue(sawInterrupt.withLock { $0 }, "stop waited for the open instead of giving it up")
    }
}
