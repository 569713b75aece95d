import Foundation
import XCTest
@testable import VPlayView

final class SDLSessionTests: XCTestCase {
    /// While a file opens, the main thread waits in `waitForClose`; the open's wake must end
    /// that wait at once, or the first picture waits out the whole period.
    func testWaitForCloseReturnsOnWake() throws {
        let session = try SDLSession(video: false)
        defer { session.close() }
        let waker = Thread { usleep(50_000); session.wake() }
        waker.start()
        let start = Date()
        XCTAssertFalse(session.waitForClose(seconds: 30))
        XCTAssertLessThan(Date().timeIntervalSince(start), 10, "waited for the deadline, not the wake")
    }

    func testWaitForCloseWithoutEventsEndsAtItsDeadline() throws {
        let session = try SDLSession(video: false)
        defer { session.close() }
        XCTAssertFalse(session.waitForClose(seconds: 0.05))
    }
}
