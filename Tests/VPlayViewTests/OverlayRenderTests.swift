import CSDL2
import Foundation
import VPlayCore
import XCTest
@testable import VPlayView

/// Draws the real overlay on an offscreen window and checks pixels. The BMPs are left in the
/// temporary directory (vplay-overlay-*.bmp) for a look.
final class OverlayRenderTests: XCTestCase {
    private let size = OverlaySize(width: 640, height: 360)
    private let background = (r: UInt8(70), g: UInt8(130), b: UInt8(180))
    private var backgroundBrightness: Int { (Int(background.r) + Int(background.g) + Int(background.b)) / 3 }

    private func state(paused: Bool) -> PlayerState {
        var state = PlayerState()
        state.position = 83
        state.duration = 245
        state.isPaused = paused
        return state
    }

    private func draw(_ state: PlayerState, named name: String, pointer: OverlayPoint? = nil) throws -> Snapshot {
        let canvas = try OffscreenCanvas(width: Int32(size.width), height: Int32(size.height))
        do {
            // Scoped: the overlay's textures must go before the canvas's renderer.
            let overlay = try Overlay(now: 0)
            canvas.clear(r: background.r, g: background.g, b: background.b)
            overlay.draw(renderer: canvas.renderer, state: state, windowSize: size, now: 0.1)
            if let pointer {
                var motion = SDL_Event()
                motion.motion.type = SDL_MOUSEMOTION.rawValue
                motion.motion.windowID = SDL_GetWindowID(canvas.window)
                motion.motion.x = Int32(pointer.x)
                motion.motion.y = Int32(pointer.y)
                XCTAssertTrue(overlay.handle(motion, state: state, now: 0.2).consumed)
                XCTAssertTrue(overlay.needsRedraw(state: state, now: 0.2), "hovering changes the look")
                canvas.clear(r: background.r, g: background.g, b: background.b)
                overlay.draw(renderer: canvas.renderer, state: state, windowSize: size, now: 0.2)
            }
            XCTAssertFalse(overlay.needsRedraw(state: state, now: 0.2), "nothing changed since the draw")
        }
        let snapshot = canvas.snapshot()
        snapshot.save(to: FileManager.default.temporaryDirectory.appendingPathComponent("vplay-overlay-\(name).bmp").path)
        return snapshot
    }

    func testBandIsDarkerThanTheVideoAndThePlayIconShowsTheAction() throws {
        let layout = OverlayLayout(windowSize: size)
        let paused = try draw(state(paused: true), named: "paused")
        let playing = try draw(state(paused: false), named: "playing")

        for image in [paused, playing] {
            XCTAssertEqual(image.brightness(320, 100), backgroundBrightness, "the video above the bar is untouched")
            XCTAssertLessThan(image.brightness(2, Int(layout.band.midY)), backgroundBrightness - 40, "the band darkens")
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
        let image = try draw(state(paused: true), named: "label")
        var bright = 0
        for y in Int(layout.timeLabel.minY)..<Int(layout.timeLabel.maxY) {
            for x in Int(layout.timeLabel.minX)..<Int(layout.timeLabel.maxX) where image.brightness(x, y) > 180 {
                bright += 1
            }
        }
        XCTAssertGreaterThan(bright, 30, "the time label is drawn")
        let y = Int(layout.track.midY)
        let played = Int(layout.thumbX(for: 83.0 / 245) - layout.thumbRadius - 3)
        let unplayed = Int(layout.thumbX(for: 83.0 / 245) + layout.thumbRadius + 10)
        XCTAssertGreaterThan(image.brightness(played, y), 200, "the played part of the track is filled")
        XCTAssertLessThan(image.brightness(unplayed, y), image.brightness(played, y) - 60, "the rest is dimmer")
        XCTAssertGreaterThan(image.brightness(Int(layout.thumbX(for: 83.0 / 245)), y + Int(layout.thumbRadius) - 2), 200,
                             "the round thumb rises above the track")
    }

    func testTooltipAppearsAboveThePointerOverTheSlider() throws {
        let layout = OverlayLayout(windowSize: size)
        let x = layout.thumbX(for: 0.75)
        let image = try draw(state(paused: false), named: "hover", pointer: OverlayPoint(x: x, y: layout.band.midY))
        var dark = 0
        for y in Int(layout.band.minY) - 30..<Int(layout.band.minY) {
            for x in Int(x) - 25...Int(x) + 25 where image.brightness(x, y) < backgroundBrightness / 2 {
                dark += 1
            }
        }
        XCTAssertGreaterThan(dark, 300, "a dark bubble above the pointer")
        XCTAssertEqual(image.brightness(Int(x), Int(layout.band.minY) - 60), backgroundBrightness)
    }
}
