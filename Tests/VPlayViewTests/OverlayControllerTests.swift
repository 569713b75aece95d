import VPlayCore
import XCTest
@testable import VPlayView

/// Buttons, double click, event ownership and the redraw notion of the overlay.
final class OverlayControllerTests: XCTestCase {
    private let size = OverlaySize(width: 640, height: 360)
    private var layout: OverlayLayout { OverlayLayout(windowSize: size) }

    private func state(position: Double = 20, paused: Bool = false) -> PlayerState {
        var state = PlayerState()
        state.position = position
        state.duration = 100
        state.isPaused = paused
        return state
    }

    private func center(_ rect: OverlayRect) -> OverlayPoint { OverlayPoint(x: rect.midX, y: rect.midY) }

    private func click(_ point: OverlayPoint, _ controller: inout OverlayController) -> [PlayerCommand] {
        let down = controller.handle(.down(point, clicks: 1), state: state(), now: 1)
        let up = controller.handle(.up(point), state: state(), now: 1.1)
        return down.commands + up.commands
    }

    func testButtonsSkipAndTogglePause() {
        var controller = OverlayController(windowSize: size, now: 0)
        XCTAssertEqual(click(center(layout.skipBackButton), &controller), [.seek(.relative(-10), .exact)])
        XCTAssertEqual(click(center(layout.playPauseButton), &controller), [.togglePause])
        XCTAssertEqual(click(center(layout.skipForwardButton), &controller), [.seek(.relative(10), .exact)])
        XCTAssertEqual(click(center(layout.timeLabel), &controller), [], "the label is not a button")
    }

    func testButtonActsOnlyWhenReleasedOverItself() {
        var controller = OverlayController(windowSize: size, now: 0)
        _ = controller.handle(.down(center(layout.playPauseButton), clicks: 1), state: state(), now: 1)
        let up = controller.handle(.up(center(layout.skipForwardButton)), state: state(), now: 1.1)
        XCTAssertEqual(up, .init(commands: [], consumed: true))
    }

    func testDoubleClickOnTheVideoTogglesFullscreen() {
        var controller = OverlayController(windowSize: size, now: 0)
        let video = OverlayPoint(x: 320, y: 100)
        XCTAssertEqual(controller.handle(.down(video, clicks: 1), state: state(), now: 1), .init(commands: [], consumed: false))
        _ = controller.handle(.up(video), state: state(), now: 1.05)
        XCTAssertEqual(controller.handle(.down(video, clicks: 2), state: state(), now: 1.2),
                       .init(commands: [.toggleFullscreen], consumed: true))
    }

    func testDoubleClickOnTheBarDoesNotToggleFullscreen() {
        var controller = OverlayController(windowSize: size, now: 0)
        let label = center(layout.timeLabel)
        XCTAssertEqual(controller.handle(.down(label, clicks: 2), state: state(), now: 1), .init(commands: [], consumed: true))
        let play = center(layout.playPauseButton)
        _ = controller.handle(.down(play, clicks: 2), state: state(), now: 1)
        XCTAssertEqual(controller.handle(.up(play), state: state(), now: 1.1).commands, [.togglePause])
    }

    func testOnlyEventsOverTheBarAreConsumed() {
        var controller = OverlayController(windowSize: size, now: 0)
        XCTAssertTrue(controller.handle(.move(center(layout.timeLabel)), state: state(), now: 1).consumed)
        XCTAssertFalse(controller.handle(.move(OverlayPoint(x: 320, y: 100)), state: state(), now: 1).consumed)
        XCTAssertFalse(controller.handle(.up(OverlayPoint(x: 320, y: 100)), state: state(), now: 1).consumed)
        XCTAssertFalse(controller.handle(.leave, state: state(), now: 1).consumed)
    }

    func testLookShowsTheActionThePlayButtonWillTake() {
        let controller = OverlayController(windowSize: size, now: 0)
        XCTAssertEqual(controller.look(state: state(paused: true), now: 0)?.showsPlayIcon, true)
        XCTAssertEqual(controller.look(state: state(paused: false), now: 0)?.showsPlayIcon, false)
    }

    func testLookTextsUseTheSharedTimeFormat() throws {
        let controller = OverlayController(windowSize: size, now: 0)
        var playing = state(position: 65.7)
        XCTAssertEqual(controller.look(state: playing, now: 0)?.timeText, "1:05 / 1:40")
        playing.duration = nil
        XCTAssertEqual(controller.look(state: playing, now: 0)?.timeText, "1:05 / --:--")
    }

    func testLookChangesOnlyWhenThePictureWould() {
        var controller = OverlayController(windowSize: size, now: 0)
        let first = controller.look(state: state(position: 20.0), now: 0)
        XCTAssertEqual(first, controller.look(state: state(position: 20.001), now: 0.001),
                       "a sub-pixel step in the same second needs no redraw")
        XCTAssertNotEqual(first, controller.look(state: state(position: 21), now: 0.5), "the label changed")
        XCTAssertNotEqual(first, controller.look(state: state(position: 20, paused: true), now: 0), "the icon changed")
        _ = controller.handle(.move(center(layout.playPauseButton)), state: state(), now: 0)
        XCTAssertEqual(controller.look(state: state(), now: 0)?.hovered, .playPause)
        XCTAssertNotEqual(first, controller.look(state: state(), now: 0), "the hover highlight changed")
    }
}
