import VPlayCore
import XCTest
@testable import VPlayView

/// The seek-bar preview without SDL: when the controller wants a picture (and for what time and
/// x), when it asks the thumbnail source for one, and where the layout puts it.
final class SeekPreviewTests: XCTestCase {
    private let size = OverlaySize(width: 640, height: 360)
    private var layout: OverlayLayout { OverlayLayout(windowSize: size) }

    private func state(duration: Double? = 200, paused: Bool = false) -> PlayerState {
        var state = PlayerState()
        state.position = 20
        state.duration = duration
        state.isPaused = paused
        return state
    }

    private func controller(previews: Bool = true) -> OverlayController {
        var controller = OverlayController(windowSize: size, now: 0)
        controller.previewsEnabled = previews
        return controller
    }

    private func sliderPoint(_ fraction: Double, dy: Double = 0) -> OverlayPoint {
        OverlayPoint(x: layout.thumbX(for: fraction), y: layout.band.midY + dy)
    }

    // MARK: shown and hidden

    func testHoveringTheSliderWantsThePictureAtThePointer() throws {
        var controller = controller()
        _ = controller.handle(.move(sliderPoint(0.25)), state: state(), now: 1)
        let look = try XCTUnwrap(controller.look(state: state(), now: 1))
        let preview = try XCTUnwrap(look.preview)
        XCTAssertEqual(preview.time, 50, accuracy: 1e-9, "a quarter of 200 s, not rounded to the second")
        XCTAssertEqual(preview.x, try XCTUnwrap(look.tooltip).x, "anchored where the tooltip is")
        XCTAssertEqual(preview.x, layout.thumbX(for: 0.25), accuracy: 1e-9)
    }

    func testPreviewGoesWhenThePointerLeavesTheSlider() {
        var controller = controller()
        _ = controller.handle(.move(sliderPoint(0.5)), state: state(), now: 1)
        XCTAssertNotNil(controller.look(state: state(), now: 1)?.preview)
        _ = controller.handle(.move(OverlayPoint(x: 320, y: 100)), state: state(), now: 1.1)
        XCTAssertNil(controller.look(state: state(), now: 1.1)?.preview, "over the video")
        _ = controller.handle(.move(sliderPoint(0.5)), state: state(), now: 1.2)
        _ = controller.handle(.move(OverlayPoint(x: layout.playPauseButton.midX, y: layout.band.midY)), state: state(), now: 1.3)
        XCTAssertNil(controller.look(state: state(), now: 1.3)?.preview, "over a button")
        _ = controller.handle(.move(sliderPoint(0.5)), state: state(), now: 1.4)
        _ = controller.handle(.leave, state: state(), now: 1.5)
        XCTAssertNil(controller.look(state: state(), now: 1.5)?.preview, "out of the window")
    }

    func testNoPreviewWithoutASourceOrADuration() {
        // No source: an audio-only file, or --thumbnails=no. The tooltip stays.
        var off = controller(previews: false)
        let response = off.handle(.move(sliderPoint(0.5)), state: state(), now: 1)
        XCTAssertNil(response.previewRequest)
        XCTAssertNotNil(off.look(state: state(), now: 1)?.tooltip)
        XCTAssertNil(off.look(state: state(), now: 1)?.preview)

        var unknown = controller()
        XCTAssertNil(unknown.handle(.move(sliderPoint(0.5)), state: state(duration: nil), now: 1).previewRequest)
        XCTAssertNil(unknown.look(state: state(duration: nil), now: 1)?.preview)
    }

    func testNoPreviewWhileTheBarIsHidden() {
        var controller = controller()
        _ = controller.handle(.move(OverlayPoint(x: 320, y: 100)), state: state(), now: 1)
        XCTAssertNil(controller.look(state: state(), now: 1 + OverlayVisibility.hideDelay + 0.1))
    }

    func testDraggingTheThumbShowsThePictureWhereItWillSeek() throws {
        var controller = controller()
        _ = controller.handle(.down(sliderPoint(0.3), clicks: 1), state: state(), now: 1)
        // The pointer may stray above the bar while dragging: the preview stays with the thumb.
        _ = controller.handle(.move(sliderPoint(0.6, dy: -100)), state: state(), now: 1.1)
        let preview = try XCTUnwrap(controller.look(state: state(), now: 1.1)?.preview)
        XCTAssertEqual(preview.time, 120, accuracy: 1e-9)
        XCTAssertEqual(preview.x, layout.thumbX(for: 0.6), accuracy: 1e-9)
        _ = controller.handle(.up(OverlayPoint(x: 320, y: 100)), state: state(), now: 1.2)
        XCTAssertNil(controller.look(state: state(), now: 1.2)?.preview, "released away from the slider")
    }

    // MARK: requests

    func testRequestsFollowThePointerAndSkipRepeats() {
        var controller = controller()
        let s = state()
        XCTAssertEqual(controller.handle(.move(sliderPoint(0.25)), state: s, now: 1).previewRequest ?? -1, 50, accuracy: 1e-9)
        XCTAssertNil(controller.handle(.move(sliderPoint(0.25, dy: 3)), state: s, now: 1.1).previewRequest,
                     "straight up or down: the same time, nothing new to ask")
        XCTAssertEqual(controller.handle(.move(sliderPoint(0.75)), state: s, now: 1.2).previewRequest ?? -1, 150, accuracy: 1e-9)
        XCTAssertNil(controller.handle(.move(OverlayPoint(x: 320, y: 100)), state: s, now: 1.3).previewRequest,
                     "off the slider: nothing")
        XCTAssertEqual(controller.handle(.move(sliderPoint(0.75)), state: s, now: 1.4).previewRequest ?? -1, 150,
                       accuracy: 1e-9, "back on it: asked again")
        XCTAssertNil(controller.handle(.move(center(layout.playPauseButton)), state: s, now: 1.5).previewRequest)
        XCTAssertNil(controller.handle(.wheel(center(layout.muteButton), notches: 1), state: s, now: 1.6).previewRequest)
    }

    func testPressAndDragRequestEachNewPosition() {
        var controller = controller()
        let s = state(paused: true)
        XCTAssertEqual(controller.handle(.down(sliderPoint(0.5), clicks: 1), state: s, now: 1).previewRequest ?? -1, 100,
                       accuracy: 1e-9, "a press away from the thumb moves it there")
        let times = [0.55, 0.6, 0.65].map { controller.handle(.move(sliderPoint($0)), state: s, now: 1.1).previewRequest }
        for (time, expected) in zip(times, [110.0, 120, 130]) {
            XCTAssertEqual(time ?? -1, expected, accuracy: 1e-9)
        }
    }

    private func center(_ rect: OverlayRect) -> OverlayPoint { OverlayPoint(x: rect.midX, y: rect.midY) }

    // MARK: placement

    private let sizes = [OverlaySize(width: 640, height: 360), OverlaySize(width: 1280, height: 720),
                         OverlaySize(width: 3840, height: 2160)]
    private let picture = OverlaySize(width: 240, height: 135)

    /// A bubble like the tooltip's, for a line of text.
    private func bubble(_ layout: OverlayLayout, at x: Double) -> OverlayRect {
        layout.tooltipFrame(centeredAt: x, contentSize: OverlaySize(width: 40, height: layout.fontSize * 1.2))
    }

    func testPreviewStandsOnTheBubbleAboveThePointerAtEverySize() throws {
        for size in sizes {
            let layout = OverlayLayout(windowSize: size)
            let margin = layout.barHeight * 0.1
            for fraction in [0.0, 0.5, 1.0] {
                let x = layout.thumbX(for: fraction)
                let bubble = bubble(layout, at: x)
                let frame = try XCTUnwrap(layout.previewFrame(centeredAt: x, pictureSize: picture,
                                                              bubbleTop: bubble.minY, border: 1))
                XCTAssertEqual(frame.width, 240, "\(size): shown at its own size")
                XCTAssertEqual(frame.height, 135)
                // Centred on the pointer, unless that would cross the window's edge.
                let inset = margin + 1
                let center = min(max(x, inset + 120), size.width - inset - 120)
                XCTAssertEqual(frame.midX, center, accuracy: 1e-9, "\(size) at \(fraction)")
                if size.width > 1000 { XCTAssertEqual(center, x, "\(size): room to centre it anywhere on the slider") }
                XCTAssertEqual(frame.maxY + 1 + margin, bubble.minY, accuracy: 1e-9, "\(size): just above the bubble")
                XCTAssertLessThan(frame.maxY, layout.band.minY)
                XCTAssertGreaterThanOrEqual(frame.minX - 1, margin, "\(size): inside the window, border and all")
                XCTAssertLessThanOrEqual(frame.maxX + 1, size.width - margin)
                XCTAssertGreaterThanOrEqual(frame.minY - 1, margin)
            }
        }
        // Exactly, for the smallest window: bar 40, bubble top 294 → frame bottom 294 − 4 − 1.
        let small = OverlayLayout(windowSize: sizes[0])
        XCTAssertEqual(small.previewFrame(centeredAt: 300, pictureSize: picture, bubbleTop: 294, border: 1),
                       OverlayRect(x: 180, y: 154, width: 240, height: 135))
    }

    func testPreviewIsClampedInsideTheWindow() throws {
        for size in sizes {
            let layout = OverlayLayout(windowSize: size)
            let inset = layout.barHeight * 0.1 + 1
            let top = bubble(layout, at: 0).minY
            let left = try XCTUnwrap(layout.previewFrame(centeredAt: 10, pictureSize: picture, bubbleTop: top, border: 1))
            XCTAssertEqual(left.minX, inset, accuracy: 1e-9, "\(size): pushed right off the left edge")
            let right = try XCTUnwrap(layout.previewFrame(centeredAt: size.width - 10, pictureSize: picture,
                                                          bubbleTop: top, border: 1))
            XCTAssertEqual(right.maxX, size.width - inset, accuracy: 1e-9, "\(size): pushed left off the right edge")
            XCTAssertEqual(right.width, 240, "clamping moves, it does not shrink")
        }
    }

    func testPreviewShrinksInASmallWindowAndGivesUpInATinyOne() throws {
        // 320×180: bar 40, so 180 − 40 − a bubble leaves less than 135 points above it.
        let layout = OverlayLayout(windowSize: OverlaySize(width: 320, height: 180))
        let top = bubble(layout, at: 160).minY
        let frame = try XCTUnwrap(layout.previewFrame(centeredAt: 160, pictureSize: picture, bubbleTop: top, border: 1))
        XCTAssertLessThan(frame.height, 135)
        XCTAssertEqual(frame.width / frame.height, 240.0 / 135, accuracy: 1e-9, "the aspect is kept")
        XCTAssertEqual(frame.minY - 1, layout.barHeight * 0.1, accuracy: 1e-9, "as tall as the room allows")
        XCTAssertEqual(frame.midX, 160, accuracy: 1e-9)

        let tiny = OverlayLayout(windowSize: OverlaySize(width: 120, height: 60))
        XCTAssertNil(tiny.previewFrame(centeredAt: 60, pictureSize: picture, bubbleTop: bubble(tiny, at: 60).minY, border: 1),
                     "no room above the bar: the tooltip alone")
    }
}
