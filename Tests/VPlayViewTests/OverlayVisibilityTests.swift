import VPlayCore
import XCTest
@testable import VPlayView

final class OverlayVisibilityTests: XCTestCase {
    private let size = OverlaySize(width: 1280, height: 720)
    private let video = OverlayPoint(x: 640, y: 200)

    private func state(paused: Bool = false, fullscreen: Bool = false) -> PlayerState {
        var state = PlayerState()
        state.duration = 100
        state.isPaused = paused
        state.isFullscreen = fullscreen
        return state
    }

    func testHidesTwoSecondsAfterTheLastMovementWhilePlaying() {
        var controller = OverlayController(windowSize: size, now: 10)
        XCTAssertTrue(controller.isShown(state: state(), now: 10), "a new window shows its controls")
        _ = controller.handle(.move(video), state: state(), now: 11)
        XCTAssertTrue(controller.isShown(state: state(), now: 12.9))
        XCTAssertEqual(controller.nextDeadline(state: state(), now: 12.9), 13, "wake up exactly at the hide moment")
        XCTAssertFalse(controller.isShown(state: state(), now: 13))
        XCTAssertNil(controller.look(state: state(), now: 13))
        XCTAssertNil(controller.nextDeadline(state: state(), now: 13), "hidden: nothing left to wait for")
        _ = controller.handle(.move(video), state: state(), now: 20)
        XCTAssertTrue(controller.isShown(state: state(), now: 20), "movement brings it back")
    }

    func testStaysWhilePaused() {
        let controller = OverlayController(windowSize: size, now: 0)
        XCTAssertTrue(controller.isShown(state: state(paused: true), now: 1000))
        XCTAssertNil(controller.nextDeadline(state: state(paused: true), now: 1), "no timer while paused")
        XCTAssertFalse(controller.isShown(state: state(paused: false), now: 1000))
    }

    func testStaysWhileThePointerRestsOnTheBar() {
        var controller = OverlayController(windowSize: size, now: 0)
        let bar = OverlayPoint(x: 600, y: OverlayLayout(windowSize: size).band.midY)
        _ = controller.handle(.move(bar), state: state(), now: 1)
        XCTAssertTrue(controller.isShown(state: state(), now: 100))
        XCTAssertNil(controller.nextDeadline(state: state(), now: 2))
        _ = controller.handle(.leave, state: state(), now: 100)
        XCTAssertFalse(controller.isShown(state: state(), now: 100), "the pointer left long after the last move")
    }

    func testStaysWhileDragging() {
        var controller = OverlayController(windowSize: size, now: 0)
        let layout = OverlayLayout(windowSize: size)
        _ = controller.handle(.down(OverlayPoint(x: layout.track.midX, y: layout.band.midY), clicks: 1),
                              state: state(), now: 1)
        _ = controller.handle(.move(video), state: state(), now: 2)
        XCTAssertTrue(controller.isShown(state: state(), now: 50))
    }

    func testCursorHidesOnlyInFullscreenWithTheBar() {
        let controller = OverlayController(windowSize: size, now: 0)
        XCTAssertFalse(controller.hidesCursor(state: state(fullscreen: true), now: 1))
        XCTAssertTrue(controller.hidesCursor(state: state(fullscreen: true), now: 3))
        XCTAssertFalse(controller.hidesCursor(state: state(fullscreen: false), now: 3))
        XCTAssertFalse(controller.hidesCursor(state: state(paused: true, fullscreen: true), now: 3))
    }
}
