import CSDL2
import Foundation
import VPlayCore
import XCTest
@testable import VPlayView

/// Draws the real overlay with SDL's software renderer and checks pixels. The BMPs are left in
/// the temporary directory for a look.
final class OverlayRenderTests: XCTestCase {
    private let size = OverlaySize(width: 640, height: 360)
    private let background = (r: UInt8(70), g: UInt8(130), b: UInt8(180))

    private func state(paused: Bool) -> PlayerState {
        var state = PlayerState()
        state.position = 83
        state.duration = 245
        state.isPaused = paused
        return state
    }

    private func draw(_ state: PlayerState, named name: String, pointer: OverlayPoint? = nil) throws -> SoftwareCanvas {
        let canvas = try SoftwareCanvas(width: Int32(size.width), height: Int32(size.height))
        let overlay = try Overlay(now: 0)
        canvas.clear(r: background.r, g: background.g, b: background.b)
        overlay.draw(renderer: canvas.renderer, state: state, windowSize: size, now: 0.1)
        if let pointer {
            var motion = SDL_Event()
            motion.motion.type = SDL_MOUSEMOTION.rawValue
            motion.motion.x = Int32(pointer.x)
            motion.motion.y = Int32(pointer.y)
            XCTAssertTrue(overlay.handle(motion, state: state, now: 0.2).consumed)
            XCTAssertTrue(overlay.needsRedraw(state: state, now: 0.2), "hovering changes the look")
            canvas.clear(r: background.r, g: background.g, b: background.b)
            overlay.draw(renderer: canvas.renderer, state: state, windowSize: size, now: 0.2)
        }
        XCTAssertFalse(overlay.needsRedraw(state: state, now: 0.2), "nothing changed since the draw")
        SDL_RenderPresent(canvas.renderer)
        canvas.save(to: FileManager.default.temporaryDirectory.appendingPathComponent("vplay-overlay-\(name).bmp").path)
        return canvas
    }

    func testBandIsDarkerThanTheVideoAndThePlayIconShowsTheAction() throws {
        let layout = OverlayLayout(windowSize: size)
        let paused = try draw(state(paused: true), named: "paused")
        let playing = try draw(state(paused: false), named: "playing")
        let backgroundBrightness = (Int(background.r) + Int(background.g) + Int(background.b)) / 3

        for canvas in [paused, playing] {
            XCTAssertEqual(canvas.brightness(320, 100), backgroundBrightness, "the video above the bar is untouched")
            XCTAssertLessThan(canvas.brightness(2, Int(layout.band.midY)), backgroundBrightness - 40, "the band darkens")
        }

        let play = layout.playPauseButton
        let center = (x: Int(play.midX), y: Int(play.midY))
        XCTAssertGreaterThan(paused.brightness(center.x, center.y), 200, "▶ covers the button's centre while paused")
        XCTAssertLessThan(playing.brightness(center.x, center.y), backgroundBrightness,
                          "❚❚ leaves a gap at the centre while playing")
        var differing = 0
        for y in Int(play.minY)..<Int(play.maxY) {
            for x in Int(play.minX)..<Int(play.maxX) where abs(paused.brightness(x, y) - playing.brightness(x, y)) > 60 {
                differing += 1
            }
        }
        XCTAssertGreaterThan(differing, 40, "the icon differs between the states")
    }

    func testLabelSliderAndThumbAreDrawn() throws {
        let layout = OverlayLayout(windowSize: size)
        let canvas = try draw(state(paused: true), named: "label")
        var bright = 0
        for y in Int(layout.timeLabel.minY)..<Int(layout.timeLabel.maxY) {
            for x in Int(layout.timeLabel.minX)..<Int(layout.timeLabel.maxX) where canvas.brightness(x, y) > 180 {
                bright += 1
            }
        }
        XCTAssertGreaterThan(bright, 30, "the time label is drawn")
        let y = Int(layout.track.midY)
        let played = Int(layout.thumbX(for: 83.0 / 245) - layout.thumbRadius - 3)
        let unplayed = Int(layout.thumbX(for: 83.0 / 245) + layout.thumbRadius + 10)
        XCTAssertGreaterThan(canvas.brightness(played, y), 200, "the played part of the track is filled")
        XCTAssertLessThan(canvas.brightness(unplayed, y), canvas.brightness(played, y) - 60, "the rest is dimmer")
        XCTAssertGreaterThan(canvas.brightness(Int(layout.thumbX(for: 83.0 / 245)), y + Int(layout.thumbRadius) - 2), 200,
                             "the round thumb rises above the track")
    }

    func testTooltipAppearsAboveThePointerOverTheSlider() throws {
        let layout = OverlayLayout(windowSize: size)
        let x = layout.thumbX(for: 0.75)
        let canvas = try draw(state(paused: false), named: "hover", pointer: OverlayPoint(x: x, y: layout.band.midY))
        let bubbleY = Int(layout.band.minY - layout.barHeight * 0.1 - 3)
        let backgroundBrightness = (Int(background.r) + Int(background.g) + Int(background.b)) / 3
        XCTAssertLessThan(canvas.brightness(Int(x) - 20, bubbleY), backgroundBrightness / 2, "the bubble is dark")
        XCTAssertEqual(canvas.brightness(Int(x), Int(layout.band.minY) - 60), backgroundBrightness)
    }
}
