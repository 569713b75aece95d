import CSDL2
import Foundation
import Glibc
import VPlayCore
import XCTest
@testable import VPlayView

final class SDLSessionTests: XCTestCase {
    /// While a file opens, the main loop waits with no deadline; the open's wake must end that
    /// wait at once, or the first picture never comes.
    func testAWakeEndsAWaitWithNoDeadline() throws {
        let session = try SDLSession(video: false)
        defer { session.close() }
        var event = SDL_Event()
        // Events other tests left in SDL's queue (audio devices) come first.
        while SDL_PollEvent(&event) != 0 {}
        let waker = Thread { usleep(50_000); session.wake() }
        waker.start()
        repeat {
            XCTAssertTrue(session.waitEvent(&event, until: .infinity, now: Player.monotonicNow()))
        } while event.type != session.wakeEventType
    }

    /// Without a display SDL would wait by polling every millisecond; the headless loop must sleep.
    func testHeadlessWaitSleepsUntilItsDeadlineWithoutPolling() throws {
        let session = try SDLSession(video: false)
        defer { session.close() }
        var event = SDL_Event()
        // Events other tests left in SDL's queue (audio devices) are not what is measured.
        while SDL_PollEvent(&event) != 0 {}
        var before = rusage(), after = rusage()
        // RUSAGE_THREAD (1): this thread's context switches; Glibc's module leaves the name out.
        let thisThread = __rusage_who_t(1)
        getrusage(thisThread, &before)
        let start = Player.monotonicNow()
        XCTAssertFalse(session.waitEvent(&event, until: start + 0.3, now: start))
        getrusage(thisThread, &after)
        XCTAssertGreaterThanOrEqual(Player.monotonicNow() - start, 0.29, "slept to the deadline")
        XCTAssertLessThan(after.ru_nvcsw - before.ru_nvcsw, 20, "woke about 300 times: polling")
    }

    /// SIGTERM (or Ctrl+C) quits a player without a window at once, even while it sleeps with no deadline.
    func testHeadlessWaitEndsWithAQuitOnSIGTERM() throws {
        let session = try SDLSession(video: false)
        defer { session.close() }
        let sender = Thread { usleep(50_000); kill(getpid(), SIGTERM) }
        sender.start()
        var event = SDL_Event()
        // Events other tests left in SDL's queue (audio devices) come first.
        repeat {
            XCTAssertTrue(session.waitEvent(&event, until: .infinity, now: Player.monotonicNow()))
        } while event.type != SDL_QUIT.rawValue
    }
}
