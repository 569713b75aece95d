import VPlayCore
import XCTest
@testable import VPlayView

/// The on-screen message: shown until its expiry, fading over the last 0.3 s in steps the
/// loop wakes for, independent of the bar.
final class MessageTests: XCTestCase {
    private let size = OverlaySize(width: 1280, height: 720)

    private func state(message: String? = "Volume: 40%", expiry: Double = 11.5, paused: Bool = false) -> PlayerState {
        var state = PlayerState()
        state.duration = 100
        state.isPaused = paused
        state.message = message
        state.messageExpiry = expiry
        return state
    }

    func testFadeTiming() {
        let expiry = 11.5
        XCTAssertEqual(MessageFade.opacity(now: 10, expiry: expiry), 1)
        XCTAssertEqual(MessageFade.opacity(now: 11.2, expiry: expiry), 1, "the fade starts 0.3 s before expiry")
        XCTAssertEqual(MessageFade.opacity(now: 11.35, expiry: expiry), 0.5, accuracy: 1e-9)
        XCTAssertEqual(MessageFade.opacity(now: 11.499, expiry: expiry), 0.1, accuracy: 1e-9, "the last step")
        XCTAssertEqual(MessageFade.opacity(now: 11.5, expiry: expiry), 0)
        XCTAssertEqual(MessageFade.opacity(now: 20, expiry: expiry), 0)
        XCTAssertEqual(MessageFade.opacity(now: 0, expiry: .infinity), 1)
        XCTAssertNil(MessageFade.nextDeadline(now: 0, expiry: .infinity))
    }

    func testDeadlinesWalkTheFadeStepByStepThenStop() throws {
        let expiry = 11.5
        var now = 10.0
        var wakes: [Double] = [], opacities: [Double] = []
        while let deadline = MessageFade.nextDeadline(now: now, expiry: expiry) {
            XCTAssertGreaterThan(deadline, now, "always in the future")
            now = deadline
            wakes.append(deadline)
            opacities.append(MessageFade.opacity(now: now, expiry: expiry))
            if wakes.count > 20 { return XCTFail("does not settle: \(wakes)") }
        }
        XCTAssertEqual(wakes.count, MessageFade.steps, "one wake per step, the last at the expiry")
        XCTAssertEqual(try XCTUnwrap(wakes.first), expiry - 0.27, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(wakes.last), expiry, accuracy: 1e-9)
        for (got, expected) in zip(opacities, stride(from: 0.9, through: 0, by: -0.1)) {
            XCTAssertEqual(got, expected, accuracy: 1e-9)
        }
    }

    func testControllerDeadlineCoversBarAndMessage() {
        var controller = OverlayController(windowSize: size, now: 10)
        // The bar hides at 12, the message starts fading at 11.2 and is gone at 11.5.
        XCTAssertEqual(controller.nextDeadline(state: state(), now: 10) ?? 0, 11.23, accuracy: 1e-9)
        XCTAssertEqual(controller.nextDeadline(state: state(), now: 11.5) ?? 0, 12, accuracy: 1e-9,
                       "the message is gone: back to the bar's timer")
        XCTAssertNil(controller.nextDeadline(state: state(), now: 12), "all settled: the loop sleeps")
        XCTAssertEqual(controller.nextDeadline(state: state(expiry: 30), now: 12) ?? 0, 29.73, accuracy: 1e-9,
                       "the bar is hidden, the message still wakes the loop")
        XCTAssertNil(controller.nextDeadline(state: state(message: nil), now: 12))
        XCTAssertNil(controller.nextDeadline(state: state(message: ""), now: 12), "an empty message shows nothing")
        _ = controller.handle(.move(OverlayPoint(x: 600, y: 100)), state: state(), now: 11.3)
        XCTAssertEqual(controller.nextDeadline(state: state(), now: 11.3) ?? 0, 11.32, accuracy: 1e-9,
                       "fading: the next step comes before the bar's timer")
    }

    func testMessageShowsWithoutTheBarAndChangesOnlyAtFadeSteps() throws {
        let controller = OverlayController(windowSize: size, now: 0)
        XCTAssertNil(controller.look(state: state(), now: 10), "the bar has hidden")
        let shown = try XCTUnwrap(controller.messageLook(state: state(), now: 10))
        XCTAssertEqual(shown.text, "Volume: 40%")
        XCTAssertEqual(shown.opacity, 1)
        XCTAssertEqual(shown.layout, MessageLayout(windowSize: size))
        XCTAssertEqual(controller.messageLook(state: state(), now: 11.2), shown, "no redraw until the fade")
        let fading = controller.messageLook(state: state(), now: 11.36)
        XCTAssertNotEqual(fading, shown, "fading needs a redraw")
        XCTAssertEqual(controller.messageLook(state: state(), now: 11.37), fading, "within a step, no redraw")
        XCTAssertNil(controller.messageLook(state: state(), now: 11.5))
        XCTAssertNil(controller.messageLook(state: state(message: nil), now: 10))
        XCTAssertNotEqual(controller.messageLook(state: state(message: "Speed: 2×"), now: 10), shown, "new text redraws")
    }

    func testOverlayNeedsRedrawWhileFadingAndNotAfter() throws {
        let canvas = try OffscreenCanvas(width: Int32(size.width), height: Int32(size.height))
        do {
            let overlay = try Overlay(now: 0)
            let message = state(paused: true)
            var now = 11.0, draws = 0
            overlay.draw(renderer: canvas.renderer, state: message, windowSize: size, now: now)
            XCTAssertFalse(overlay.needsRedraw(state: message, now: 11.1))
            while let deadline = overlay.nextDeadline(state: message, now: now) {
                now = deadline
                XCTAssertTrue(overlay.needsRedraw(state: message, now: now), "at \(now)")
                overlay.draw(renderer: canvas.renderer, state: message, windowSize: size, now: now)
                draws += 1
                XCTAssertFalse(overlay.needsRedraw(state: message, now: now))
                if draws > 20 { return XCTFail("the fade does not end") }
            }
            XCTAssertEqual(draws, MessageFade.steps)
            XCTAssertFalse(overlay.needsRedraw(state: message, now: now + 5), "expired and drawn: the loop sleeps")
        }
    }
}
