import VPlayCore
import XCTest
@testable import VPlayView

/// The second open of the file happens only once it may be needed, and only once.
/// `stop()` waits for an open under way, so after it the count of opens is final.
final class BackgroundThumbnailsTests: XCTestCase {
    private func counted() -> (BackgroundThumbnails, Locked<Int>) {
        let opens = Locked(0)
        let thumbnails = BackgroundThumbnails {
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
}
