import VPlayCore
import XCTest
@testable import VPlayView

/// The slider driven through `OverlayController`, as the SDL overlay drives it.
final class SliderStateTests: XCTestCase {
    private let size = OverlaySize(width: 1280, height: 720)
    private var layout: OverlayLayout { OverlayLayout(windowSize: size) }
    private var y: Double { layout.band.midY }

    private func state(position: Double = 20, duration: Double? = 100, paused: Bool = false) -> PlayerState {
        var state = PlayerState()
        state.position = position
        state.duration = duration
        state.isPaused = paused
        return state
    }

    private func point(_ x: Double) -> OverlayPoint { OverlayPoint(x: x, y: y) }

    func testHoverPressDragReleasePausesSeeksExactlyThenRestores() {
        var controller = OverlayController(windowSize: size, now: 0)
        let playing = state()
        let x1 = layout.thumbX(for: 0.6), x2 = layout.thumbX(for: 0.7), x3 = layout.thumbX(for: 0.75)

        _ = controller.handle(.move(point(x1)), state: playing, now: 1)
        XCTAssertEqual(controller.slider.phase, .hovering(fraction: layout.fraction(atX: x1)))
        XCTAssertEqual(controller.look(state: playing, now: 1)?.tooltip?.seconds, 60, "tooltip shows the time under the pointer")

        XCTAssertEqual(controller.handle(.down(point(x1), clicks: 1), state: playing, now: 1.1),
                       .init(commands: [], consumed: true), "nothing seeks until release")
        XCTAssertEqual(controller.handle(.move(point(x2)), state: playing, now: 1.2), .init(commands: [], consumed: true))
        XCTAssertEqual(controller.look(state: playing, now: 1.2)?.thumbX, (x2 * 4).rounded() / 4, "thumb follows the pointer")

        let release = controller.handle(.up(point(x3)), state: playing, now: 1.3)
        XCTAssertEqual(release.commands, [.setPaused(true), .seek(.absolute(layout.fraction(atX: x3) * 100), .exact),
                                          .setPaused(false)])
        XCTAssertTrue(release.consumed)
        XCTAssertFalse(controller.slider.isDragging)
    }

    func testReleaseRestoresThePauseStateFromPressTime() {
        var controller = OverlayController(windowSize: size, now: 0)
        let x = layout.thumbX(for: 0.5)
        _ = controller.handle(.down(point(x), clicks: 1), state: state(paused: true), now: 1)
        let commands = controller.handle(.up(point(x)), state: state(paused: false), now: 2).commands
        XCTAssertEqual(commands.last, .setPaused(true))
        XCTAssertEqual(commands.first, .setPaused(true))
    }

    func testClickOnTheTrackAwayFromTheThumbSeeksThere() {
        var controller = OverlayController(windowSize: size, now: 0)
        let x = layout.thumbX(for: 0.9)
        _ = controller.handle(.down(point(x), clicks: 1), state: state(), now: 1)
        XCTAssertEqual(controller.slider.displayedFraction(state: state()) ?? -1, 0.9, accuracy: 1e-9,
                       "the thumb jumps under the pointer on press")
        let commands = controller.handle(.up(point(x)), state: state(), now: 1.1).commands
        XCTAssertEqual(commands, [.setPaused(true), .seek(.absolute(layout.fraction(atX: x) * 100), .exact),
                                  .setPaused(false)])
        XCTAssertEqual(layout.fraction(atX: x) * 100, 90, accuracy: 1e-9)
    }

    func testGrabbingTheThumbOffCentreDoesNotMakeItJump() {
        var controller = OverlayController(windowSize: size, now: 0)
        let thumb = layout.thumbX(for: 0.2), grab = thumb + layout.thumbRadius * 0.8
        _ = controller.handle(.down(point(grab), clicks: 1), state: state(), now: 1)
        XCTAssertEqual(controller.slider.displayedFraction(state: state()) ?? -1, 0.2, accuracy: 1e-9)
        let delta = layout.track.width * 0.1
        _ = controller.handle(.move(point(grab + delta)), state: state(), now: 1.1)
        let commands = controller.handle(.up(point(grab + delta)), state: state(), now: 1.2).commands
        guard case .seek(.absolute(let target), .exact) = commands[1] else { return XCTFail("\(commands)") }
        XCTAssertEqual(target, 30, accuracy: 1e-9, "moved by a tenth of the track from 20 s")
    }

    func testClickOnTheThumbWithoutMovingDoesNotSeek() {
        var controller = OverlayController(windowSize: size, now: 0)
        let thumb = layout.thumbX(for: 0.2)
        _ = controller.handle(.down(point(thumb + 1), clicks: 1), state: state(), now: 1)
        XCTAssertEqual(controller.handle(.up(point(thumb + 1)), state: state(), now: 1.1),
                       .init(commands: [], consumed: true))
    }

    func testPlaybackDoesNotMoveTheThumbWhileHeld() {
        var controller = OverlayController(windowSize: size, now: 0)
        let x = layout.thumbX(for: 0.5)
        _ = controller.handle(.down(point(x), clicks: 1), state: state(position: 20), now: 1)
        let later = state(position: 80)
        XCTAssertEqual(controller.look(state: later, now: 1.5)?.thumbX, (x * 4).rounded() / 4)
        XCTAssertEqual(controller.slider.displayedFraction(state: later) ?? -1, 0.5, accuracy: 1e-9)
        _ = controller.handle(.up(point(x)), state: later, now: 2)
        XCTAssertEqual(controller.slider.displayedFraction(state: later) ?? -1, 0.8, accuracy: 1e-9,
                       "released, the thumb follows playback again")
    }

    func testDragFollowsThePointerOffTheBarAndClampsToTheEnds() {
        var controller = OverlayController(windowSize: size, now: 0)
        _ = controller.handle(.down(point(layout.thumbX(for: 0.5)), clicks: 1), state: state(), now: 1)
        XCTAssertTrue(controller.handle(.move(OverlayPoint(x: 5000, y: 10)), state: state(), now: 1.1).consumed)
        let commands = controller.handle(.up(OverlayPoint(x: 5000, y: 10)), state: state(), now: 1.2).commands
        XCTAssertEqual(commands[1], .seek(.absolute(100), .exact))
    }

    func testWithoutADurationTheSliderIsInert() {
        var controller = OverlayController(windowSize: size, now: 0)
        let unknown = state(duration: nil)
        let x = layout.thumbX(for: 0.5)
        _ = controller.handle(.move(point(x)), state: unknown, now: 1)
        XCTAssertNil(controller.look(state: unknown, now: 1)?.tooltip)
        XCTAssertTrue(controller.handle(.down(point(x), clicks: 1), state: unknown, now: 1).consumed)
        XCTAssertEqual(controller.handle(.up(point(x)), state: unknown, now: 1.1).commands, [])
        XCTAssertNil(controller.look(state: unknown, now: 1.1)?.thumbX)
    }

    func testWheelOverTheSliderSeeksFiveSecondsOnKeyframes() {
        var controller = OverlayController(windowSize: size, now: 0)
        let over = point(layout.slider.midX)
        XCTAssertEqual(controller.handle(.wheel(over, notches: 1), state: state(), now: 1),
                       .init(commands: [.seek(.relative(5), .keyframe)], consumed: true))
        XCTAssertEqual(controller.handle(.wheel(over, notches: -1), state: state(), now: 1).commands,
                       [.seek(.relative(-5), .keyframe)])
        XCTAssertEqual(controller.handle(.wheel(OverlayPoint(x: 600, y: 100), notches: 1), state: state(), now: 1).commands,
                       [.addVolume(2)], "the wheel over the video is the volume's")
    }

    func testTheTimeLabelFollowsTheThumbWhileDragging() {
        var controller = OverlayController(windowSize: size, now: 0)
        let playing = state(position: 20)
        XCTAssertEqual(controller.look(state: playing, now: 1)?.timeText, "0:20 / 1:40")
        _ = controller.handle(.down(point(layout.thumbX(for: 0.2)), clicks: 1), state: playing, now: 1)
        _ = controller.handle(.move(point(layout.thumbX(for: 0.705))), state: playing, now: 1.1)
        XCTAssertEqual(controller.look(state: state(position: 21), now: 1.1)?.timeText, "1:10 / 1:40",
                       "the label says where the release will seek, not where playback is")
        _ = controller.handle(.up(point(layout.thumbX(for: 0.705))), state: playing, now: 1.2)
        XCTAssertEqual(controller.look(state: state(position: 21), now: 1.2)?.timeText, "0:21 / 1:40", "released: playback's")
    }
}
