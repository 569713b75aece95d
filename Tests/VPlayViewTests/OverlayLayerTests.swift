import CSDL2
import Foundation
import VPlayCore
import XCTest
@testable import VPlayView

/// The overlay's cached layers: they must look like drawing every shape onto the picture, and
/// playback must not render them again.
final class OverlayLayerTests: XCTestCase {
    func testUnblendedPixelCompositesLikeTheShapesItCameFrom() {
        // A pixel's shapes make it B + V·k over any background V; black and white give B and B + 255·k.
        var worst = 0
        for b in stride(from: 0, through: 255, by: 15) {
            for k in stride(from: 0.0, through: 1.0, by: 0.05) where Double(b) <= 255 * (1 - k) + 0.5 {
                let overBlack = UInt32(b), overWhite = UInt32((Double(b) + 255 * k).rounded())
                let grey = { (v: UInt32) in 0xff00_0000 | v << 16 | v << 8 | v }
                let layer = Unblend.pixel(black: grey(overBlack), white: grey(overWhite))
                let alpha = Double(layer >> 24) / 255, color = Double(layer & 0xff)
                for background in [0.0, 77, 128, 200, 255] {
                    let composited = color * alpha + background * (1 - alpha)
                    let drawn = Double(b) + background * k
                    worst = max(worst, Int(abs(composited - drawn).rounded()))
                }
            }
        }
        XCTAssertLessThanOrEqual(worst, 2, "within rounding of drawing the shapes themselves")
        XCTAssertEqual(Unblend.pixel(black: 0xff00_0000, white: 0xffff_ffff), 0, "nothing drawn: transparent")
        XCTAssertEqual(Unblend.pixel(black: 0xff12_3456, white: 0xff12_3456), 0xff12_3456, "opaque stays as it is")
    }

    private let size = OverlaySize(width: 640, height: 360)

    /// A picture with detail under the bar: stripes of colour, so a wrong alpha shows.
    private func paintBackground(_ canvas: OffscreenCanvas) {
        canvas.clear(r: 30, g: 30, b: 30)
        SDL_SetRenderDrawBlendMode(canvas.renderer, SDL_BLENDMODE_NONE)
        for stripe in 0..<32 {
            let level = UInt8(stripe * 8)
            SDL_SetRenderDrawColor(canvas.renderer, level, 255 - level, UInt8((stripe * 53) % 256), 255)
            var rect = SDL_Rect(x: Int32(stripe * 20), y: 0, w: 20, h: Int32(size.height))
            SDL_RenderFillRect(canvas.renderer, &rect)
        }
    }

    private func states() -> [(String, PlayerState)] {
        var playing = PlayerState()
        playing.position = 83.4
        playing.duration = 245
        var paused = playing
        paused.isPaused = true
        var muted = paused
        muted.isMuted = true
        muted.speed = 1.5
        var looping = playing
        looping.abLoopA = 40
        looping.abLoopB = 120
        return [("playing", playing), ("paused", paused), ("muted", muted), ("looping", looping)]
    }

    /// `intoWindow`: the layers are blended into the window's pixels, as on the player's software path.
    private func snapshot(_ state: PlayerState, layers: Bool, software: Bool, pointer: OverlayPoint?,
                          intoWindow: Bool = false) throws -> Snapshot {
        let canvas = try OffscreenCanvas(width: Int32(size.width), height: Int32(size.height), software: software)
        do {
            let window = intoWindow ? try XCTUnwrap(WindowPixels(window: canvas.window, renderer: canvas.renderer)) : nil
            let overlay = try Overlay(now: 0)
            overlay.usesLayers = layers
            if let pointer {
                let motion = canvas.pointerMotion(x: Int32(pointer.x), y: Int32(pointer.y))
                _ = overlay.handle(motion, state: state, now: 0.05)
            }
            paintBackground(canvas)
            overlay.draw(renderer: canvas.renderer, state: state, windowSize: size, now: 0.1, window: window)
        }
        return canvas.snapshot()
    }

    func testLayersLookLikeDrawingTheShapes() throws {
        let layout = OverlayLayout(windowSize: size)
        let pointers: [OverlayPoint?] = [nil, OverlayPoint(x: layout.track.midX, y: layout.track.midY),
                                         OverlayPoint(x: layout.playPauseButton.midX, y: layout.playPauseButton.midY)]
        // (software, blended into the window's pixels by our kernel)
        for (software, intoWindow) in [(true, false), (true, true), (false, false)] {
            for (name, state) in states() {
                for pointer in pointers {
                    let direct = try snapshot(state, layers: false, software: software, pointer: pointer)
                    let layered = try snapshot(state, layers: true, software: software, pointer: pointer, intoWindow: intoWindow)
                    var worst = 0, bandDiffers = 0
                    // Per channel, with no array per pixel: one each costs a minute under the sanitizers.
                    for (a, b) in zip(direct.pixels, layered.pixels) {
                        worst = max(worst, abs(Int(a >> 16 & 0xff) - Int(b >> 16 & 0xff)),
                                    abs(Int(a >> 8 & 0xff) - Int(b >> 8 & 0xff)), abs(Int(a & 0xff) - Int(b & 0xff)))
                    }
                    // The comparison must see the bar: the band darkens the stripes under it.
                    let y = Int(layout.band.midY)
                    for x in 0..<direct.width where direct.pixels[y * direct.width + x] != direct.pixels[10 * direct.width + x] {
                        bandDiffers += 1
                    }
                    let path = intoWindow ? "into the window" : software ? "software" : "OpenGL"
                    let label = "\(name), \(path), pointer \(pointer.map { "\($0.x)" } ?? "none")"
                    XCTAssertGreaterThan(bandDiffers, direct.width / 2, "\(label): the bar is drawn")
                    XCTAssertLessThanOrEqual(worst, 3, "\(label): layers differ from the shapes")
                }
            }
        }
    }

    func testPlaybackCopiesTheLayersWithoutRenderingThemAgain() throws {
        let canvas = try OffscreenCanvas(width: Int32(size.width), height: Int32(size.height), software: true)
        let overlay = try Overlay(now: 0)
        defer { withExtendedLifetime(overlay) {} }
        var state = states()[0].1
        paintBackground(canvas)
        overlay.draw(renderer: canvas.renderer, state: state, windowSize: size, now: 0.1)
        let first = overlay.layerRenderCounts
        XCTAssertEqual(first.bar, 1)
        XCTAssertEqual(first.fill, 1)
        // Playback moves the thumb and the time; the bar at rest and the filled track stay.
        for step in 1...20 {
            state.position += 1.7
            paintBackground(canvas)
            overlay.draw(renderer: canvas.renderer, state: state, windowSize: size, now: 0.1 + Double(step) * 0.01)
        }
        let after = overlay.layerRenderCounts
        XCTAssertEqual(after.bar, first.bar, "the bar at rest is not rendered again")
        XCTAssertEqual(after.fill, first.fill, "the filled track is not rendered again")
        // Pausing changes the button: the bar is rendered once more.
        state.isPaused = true
        overlay.draw(renderer: canvas.renderer, state: state, windowSize: size, now: 0.4)
        XCTAssertEqual(overlay.layerRenderCounts.bar, first.bar + 1)
    }
}
