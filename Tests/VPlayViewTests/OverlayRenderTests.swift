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
        try OffscreenCanvas.snapshot(width: Int32(size.width), height: Int32(size.height),
                                     keptAs: "overlay-\(name)") { canvas, overlay in
            canvas.clear(r: background.r, g: background.g, b: background.b)
            overlay.draw(renderer: canvas.renderer, state: state, windowSize: size, now: 0.1)
            if let pointer {
                let motion = canvas.pointerMotion(x: Int32(pointer.x), y: Int32(pointer.y))
                XCTAssertTrue(overlay.handle(motion, state: state, now: 0.2).consumed)
                XCTAssertTrue(overlay.needsRedraw(state: state, now: 0.2), "hovering changes the look")
                canvas.clear(r: background.r, g: background.g, b: background.b)
                overlay.draw(renderer: canvas.renderer, state: state, windowSize: size, now: 0.2)
            }
            XCTAssertFalse(overlay.needsRedraw(state: state, now: 0.2), "nothing changed since the draw")
        }
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

    /// The band darkens every row it covers, smoothly from top to bottom: it is drawn as
    /// strips, and a row left between two strips once showed as bright lines across the video.
    func testBandShadesEveryRowWithoutSeams() throws {
        for (width, height) in [(960, 480), (1280, 720), (777, 437)] {
            let size = OverlaySize(width: Double(width), height: Double(height))
            let layout = OverlayLayout(windowSize: size)
            let canvas = try OffscreenCanvas(width: Int32(width), height: Int32(height), software: true)
            do {
                let overlay = try Overlay(now: 0)
                canvas.clear(r: 255, g: 255, b: 255)
                overlay.draw(renderer: canvas.renderer, state: state(paused: true), windowSize: size, now: 0.1)
            }
            let image = canvas.snapshot()
            let rows = Int(layout.band.minY.rounded(.up))..<Int(layout.band.maxY.rounded(.down))
            let column = 1   // left edge: no control drawn there
            let levels = rows.map { image.brightness(column, $0) }
            XCTAssertTrue(levels.allSatisfy { $0 < 200 }, "\(width)x\(height): rows left bright in the band: \(levels)")
            for (upper, lower) in zip(levels, levels.dropFirst()) {
                XCTAssertLessThanOrEqual(lower, upper + 2, "\(width)x\(height): the band gets lighter downwards: \(levels)")
            }
        }
    }

    /// The ❚❚ bars are solid inside: no dark seam between the fill and the feathered edge (it
    /// showed on the right and bottom of each bar with SDL's software renderer, at 960×480 with
    /// the button hovered). Every pixel lying wholly inside a bar must be the foreground.
    func testPauseBarsAreUniformlyBrightInside() throws {
        let size = OverlaySize(width: 960, height: 480)
        let layout = OverlayLayout(windowSize: size)
        let play = layout.playPauseButton, icon = layout.iconSize
        for software in [true, false] {
            let canvas = try OffscreenCanvas(width: Int32(size.width), height: Int32(size.height), software: software)
            do {
                let overlay = try Overlay(now: 0)
                let motion = canvas.pointerMotion(x: Int32(play.midX), y: Int32(play.midY))
                _ = overlay.handle(motion, state: state(paused: false), now: 0.1)
                canvas.clear(r: background.r, g: background.g, b: background.b)
                overlay.draw(renderer: canvas.renderer, state: state(paused: false), windowSize: size, now: 0.1)
            }
            let image = canvas.snapshot()
            let name = software ? "pause-software" : "pause-gl"
            image.save(to: FileManager.default.temporaryDirectory.appendingPathComponent("vplay-overlay-\(name).bmp").path)
            for left in [play.midX - 0.42 * icon, play.midX + 0.14 * icon] {
                let bar = OverlayRect(x: left, y: play.midY - 0.48 * icon, width: 0.28 * icon, height: 0.96 * icon)
                let columns = Int(bar.minX.rounded(.up))..<Int(bar.maxX.rounded(.down))
                let rows = Int(bar.minY.rounded(.up))..<Int(bar.maxY.rounded(.down))
                XCTAssertGreaterThanOrEqual(columns.count, 3)
                XCTAssertGreaterThanOrEqual(rows.count, 12)
                for y in rows {
                    let row = columns.map { image.brightness($0, y) }
                    XCTAssertTrue(row.allSatisfy { abs($0 - 240) <= 2 },
                                  "\(name): row \(y) of the bar at x \(columns) reads \(row)")
                }
            }
        }
    }

    // MARK: Speed, volume, A-B marks and the message, at 1280×720

    private let wide = OverlaySize(width: 1280, height: 720)

    /// Everything on at once: a message, both loop marks, 1.5×, muted at 80 of 130.
    private func busyState(muted: Bool = true, loop: Bool = true, message: String? = "Volume: 80% (muted)",
                           expiry: Double = 10) -> PlayerState {
        var state = state(paused: false)
        state.speed = 1.5
        state.volume = 80
        state.volumeMax = 130
        state.isMuted = muted
        if loop {
            state.abLoopA = 40
            state.abLoopB = 150
        }
        state.message = message
        state.messageExpiry = expiry
        return state
    }

    /// Draws `state` at `now` on a `size` canvas and checks the redraw bookkeeping.
    private func render(_ state: PlayerState, size: OverlaySize, now: Double = 0.1, named name: String) throws -> Snapshot {
        let canvas = try OffscreenCanvas(width: Int32(size.width), height: Int32(size.height))
        do {
            let overlay = try Overlay(now: 0)
            canvas.clear(r: background.r, g: background.g, b: background.b)
            XCTAssertTrue(overlay.needsRedraw(state: state, now: now), "a new overlay has its bar to draw")
            overlay.draw(renderer: canvas.renderer, state: state, windowSize: size, now: now)
            XCTAssertFalse(overlay.needsRedraw(state: state, now: now), "nothing changed since the draw")
        }
        let snapshot = canvas.snapshot()
        snapshot.save(to: FileManager.default.temporaryDirectory.appendingPathComponent("vplay-overlay-\(name).bmp").path)
        return snapshot
    }

    private func count(in rect: OverlayRect, of image: Snapshot, where test: (UInt32) -> Bool) -> Int {
        var found = 0
        for y in max(0, Int(rect.minY))..<min(image.height, Int(rect.maxY.rounded(.up))) {
            for x in max(0, Int(rect.minX))..<min(image.width, Int(rect.maxX.rounded(.up)))
            where test(image.pixels[y * image.width + x]) {
                found += 1
            }
        }
        return found
    }

    /// Clearly amber: red high, blue low.
    private func isAmber(_ argb: UInt32) -> Bool {
        let r = Int(argb >> 16 & 0xff), g = Int(argb >> 8 & 0xff), b = Int(argb & 0xff)
        return r > 200 && g > 130 && b < 90
    }

    private func isBright(_ argb: UInt32) -> Bool {
        Int(argb >> 16 & 0xff) > 200 && Int(argb >> 8 & 0xff) > 200 && Int(argb & 0xff) > 200
    }

    func testEverythingShowsAt720p() throws {
        let state = busyState()
        let layout = OverlayLayout(windowSize: wide)
        let image = try render(state, size: wide, named: "all")

        XCTAssertGreaterThan(count(in: layout.speedButton, of: image, where: isBright), 40, "the speed label is drawn")
        let cross = OverlayPainter.muteCrossCenter(in: layout)
        XCTAssertGreaterThan(image.brightness(Int(cross.x), Int(cross.y)), 200, "the speaker is crossed out")
        let volumeTrack = try XCTUnwrap(layout.volumeTrack)
        let level = volumeTrack.minX + volumeTrack.width * 80 / 130
        XCTAssertGreaterThan(image.brightness(Int(level) - 8, Int(volumeTrack.midY)),
                             image.brightness(Int(level) + 12, Int(volumeTrack.midY)) + 20, "the volume level is filled")
        for seconds in [40.0, 150] {
            let mark = layout.loopMark(atX: layout.thumbX(for: seconds / 245))
            XCTAssertGreaterThan(count(in: mark, of: image, where: isAmber), 6, "a loop mark at \(seconds) s")
        }
        let plate = MessageLayout(windowSize: wide).plate(contentSize: OverlaySize(width: 100, height: 20))
        XCTAssertLessThan(image.brightness(Int(plate.minX) + 3, Int(plate.midY)), backgroundBrightness - 40,
                          "the message plate darkens the video")
        XCTAssertGreaterThan(count(in: plate, of: image, where: isBright), 40, "the message text is drawn")
        XCTAssertEqual(image.brightness(640, 300), backgroundBrightness, "the middle of the picture is untouched")
    }

    func testLoopMarksOnlyWhenSet() throws {
        let layout = OverlayLayout(windowSize: wide)
        let image = try render(busyState(loop: false), size: wide, named: "no-loop")
        let trackBand = OverlayRect(x: layout.slider.minX, y: layout.band.minY, width: layout.slider.width,
                                    height: layout.barHeight)
        XCTAssertEqual(count(in: trackBand, of: image, where: isAmber), 0)
    }

    func testMuteCrossesTheSpeakerInsteadOfWaves() throws {
        let layout = OverlayLayout(windowSize: wide)
        let cross = OverlayPainter.muteCrossCenter(in: layout)
        let muted = try render(busyState(muted: true), size: wide, named: "muted")
        let sounding = try render(busyState(muted: false), size: wide, named: "sounding")
        XCTAssertGreaterThan(muted.brightness(Int(cross.x), Int(cross.y)), 200)
        XCTAssertLessThan(sounding.brightness(Int(cross.x), Int(cross.y)), backgroundBrightness,
                          "between the waves it is dark")
        // The outer wave crosses the level line 0.55 icon from its centre.
        let wave = Int(layout.muteButton.midX + (-0.14 + 0.55) * OverlayPainter.speakerSize(in: layout))
        XCTAssertGreaterThan(sounding.brightness(wave, Int(layout.muteButton.midY)), 200, "the outer wave is drawn")
    }

    func testMessageIsReadableAtSmallAndLargeSizesAndFades() throws {
        for size in [size, OverlaySize(width: 3840, height: 2160)] {
            let layout = MessageLayout(windowSize: size)
            let image = try render(busyState(message: "Speed: 1.50×"), size: size, named: "message-\(Int(size.width))")
            let probe = layout.plate(contentSize: OverlaySize(width: layout.fontSize * 4, height: layout.fontSize))
            let bright = count(in: probe, of: image, where: isBright)
            XCTAssertGreaterThan(bright, Int(layout.fontSize * layout.fontSize / 4), "\(size): the text is drawn big enough")
        }
        let layout = MessageLayout(windowSize: size)
        let probe = layout.plate(contentSize: OverlaySize(width: layout.fontSize * 4, height: layout.fontSize))
        let full = try render(busyState(expiry: 1), size: size, now: 0.5, named: "message-full")
        let fading = try render(busyState(expiry: 1), size: size, now: 0.85, named: "message-fading")
        let gone = try render(busyState(expiry: 1), size: size, now: 1, named: "message-gone")
        func meanBrightness(_ image: Snapshot) -> Double {
            var sum = 0, pixels = 0
            for y in Int(probe.minY)..<Int(probe.maxY) {
                for x in Int(probe.minX)..<Int(probe.maxX) {
                    sum += image.brightness(x, y)
                    pixels += 1
                }
            }
            return Double(sum) / Double(max(1, pixels))
        }
        let background = Double(backgroundBrightness)
        XCTAssertNotEqual(meanBrightness(full), background, accuracy: 10)
        XCTAssertEqual(meanBrightness(fading) - background, (meanBrightness(full) - background) / 2, accuracy: 8,
                       "half-way through the fade, half the contrast")
        XCTAssertEqual(meanBrightness(gone), background, accuracy: 0.5, "expired: nothing drawn")
    }
}
