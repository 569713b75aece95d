import CSDL2
import Foundation
import VPlayCore
import XCTest
@testable import VPlayView

/// Hands out whatever picture the test sets, and records the requests.
private final class StubThumbnails: ThumbnailSource {
    var requests: [Double] = []
    var picture: Thumbnail?
    var preparations = 0

    func prepare() { preparations += 1 }

    func request(time: Double) -> Bool {
        requests.append(time)
        return false
    }

    func thumbnail(near time: Double) -> Thumbnail? { picture }
}

/// The seek preview drawn for real, on the OpenGL and the software renderer: placement, border,
/// colours (BGRX in memory), uploads only on a new picture, and when it goes away. BMPs are
/// left in the temporary directory (vplay-preview-*.bmp).
final class SeekPreviewRenderTests: XCTestCase {
    private let size = OverlaySize(width: 640, height: 360)
    private let background = (r: UInt8(70), g: UInt8(130), b: UInt8(180))

    private var state: PlayerState {
        var state = PlayerState()
        state.position = 83
        state.duration = 245
        return state
    }

    /// A picture of one colour, with padding at the end of each row to check the pitch is used.
    private func picture(width: Int = 160, height: Int = 90, r: UInt8, g: UInt8, b: UInt8,
                         keyframeTime: Double = 120) -> Thumbnail {
        let pitch = width * 4 + 16
        var pixels = [UInt8](repeating: 0x55, count: pitch * height)
        for y in 0..<height {
            for x in 0..<width {
                let at = y * pitch + x * 4
                pixels[at] = b
                pixels[at + 1] = g
                pixels[at + 2] = r
            }
        }
        return Thumbnail(width: width, height: height, pitch: pitch, pixels: pixels, keyframeTime: keyframeTime)
    }

    /// Runs `body` with an overlay on a fresh canvas; the overlay goes before the canvas.
    private func withOverlay(software: Bool, size: OverlaySize? = nil,
                             _ body: (Overlay, OffscreenCanvas, _ draw: () -> Snapshot) throws -> Void) throws {
        let size = size ?? self.size
        let canvas = try OffscreenCanvas(width: Int32(size.width), height: Int32(size.height), software: software)
        try withExtendedLifetime(canvas) {
            // Scoped: the overlay's textures must go before the canvas's renderer.
            let overlay = try Overlay(now: 0)
            let draw = { [background] () -> Snapshot in
                canvas.clear(r: background.r, g: background.g, b: background.b)
                overlay.draw(renderer: canvas.renderer, state: self.state, windowSize: size, now: 0.2)
                return canvas.snapshot()
            }
            try body(overlay, canvas, draw)
        }
    }

    private func move(_ overlay: Overlay, _ canvas: OffscreenCanvas, to point: OverlayPoint) {
        let motion = canvas.pointerMotion(x: Int32(point.x.rounded()), y: Int32(point.y.rounded()))
        _ = overlay.handle(motion, state: state, now: 0.1)
    }

    private func leave(_ overlay: Overlay, _ canvas: OffscreenCanvas) {
        var event = SDL_Event()
        event.window.type = SDL_WINDOWEVENT.rawValue
        event.window.event = UInt8(SDL_WINDOWEVENT_LEAVE.rawValue)
        event.window.windowID = SDL_GetWindowID(canvas.window)
        _ = overlay.handle(event, state: state, now: 0.1)
    }

    /// The bounding box and count of pixels close to `color`.
    private func find(_ color: (r: Int, g: Int, b: Int), in image: Snapshot) -> (box: OverlayRect, count: Int)? {
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1, count = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let argb = image.pixels[y * image.width + x]
                let r = Int(argb >> 16 & 0xff), g = Int(argb >> 8 & 0xff), b = Int(argb & 0xff)
                guard abs(r - color.r) <= 2, abs(g - color.g) <= 2, abs(b - color.b) <= 2 else { continue }
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
                count += 1
            }
        }
        guard count > 0 else { return nil }
        return (OverlayRect(x: Double(minX), y: Double(minY), width: Double(maxX - minX + 1), height: Double(maxY - minY + 1)),
                count)
    }

    private let red = (r: 220, g: 30, b: 40)

    private func save(_ image: Snapshot, _ name: String) {
        image.save(to: FileManager.default.temporaryDirectory.appendingPathComponent("vplay-preview-\(name).bmp").path)
    }

    /// The source opens lazily: told when the pointer comes onto the window, not when it leaves.
    func testThePointerOnTheWindowPreparesTheSource() throws {
        try withOverlay(software: true) { overlay, canvas, _ in
            let source = StubThumbnails()
            overlay.thumbnails = source
            leave(overlay, canvas)
            XCTAssertEqual(source.preparations, 0)
            move(overlay, canvas, to: OverlayPoint(x: size.width / 2, y: size.height / 3))
            XCTAssertGreaterThan(source.preparations, 0)
            XCTAssertEqual(source.requests, [], "over the picture, no preview is asked for")
        }
    }

    func testPictureSitsAboveThePointerOnTheTooltipWithABorder() throws {
        let layout = OverlayLayout(windowSize: size)
        let x = layout.thumbX(for: 0.5)
        for software in [false, true] {
            let name = software ? "software" : "gl"
            try withOverlay(software: software) { overlay, canvas, draw in
                let source = StubThumbnails()
                source.picture = picture(r: UInt8(red.r), g: UInt8(red.g), b: UInt8(red.b))
                overlay.thumbnails = source
                move(overlay, canvas, to: OverlayPoint(x: x, y: layout.band.midY))
                XCTAssertEqual(source.requests.count, 1, "\(name): one request for the new position")
                XCTAssertEqual(source.requests.first ?? -1, 245 * layout.fraction(atX: x.rounded()), accuracy: 1e-9)
                let image = draw()
                save(image, name)

                let found = try XCTUnwrap(find(red, in: image), "\(name): the picture is drawn")
                XCTAssertEqual(found.count, 160 * 90, "\(name): every pixel, in the right colour (B, G, R in memory)")
                XCTAssertEqual(found.box.width, 160, "\(name): drawn 1:1")
                XCTAssertEqual(found.box.height, 90)
                XCTAssertEqual(found.box.midX, x.rounded(), accuracy: 1, "\(name): centred on the pointer")
                XCTAssertLessThan(found.box.maxY, layout.band.minY - 15, "\(name): above the bar and the tooltip")

                // The 1-pixel frame: light right around the picture, untouched video one pixel further.
                let midY = Int(found.box.midY), midX = Int(found.box.midX)
                for (px, py) in [(Int(found.box.minX) - 1, midY), (Int(found.box.maxX), midY),
                                 (midX, Int(found.box.minY) - 1), (midX, Int(found.box.maxY))] {
                    XCTAssertGreaterThan(image.brightness(px, py), 220, "\(name): border at \(px),\(py)")
                }
                let video = (Int(background.r) + Int(background.g) + Int(background.b)) / 3
                for (px, py) in [(Int(found.box.minX) - 2, midY), (Int(found.box.maxX) + 1, midY),
                                 (midX, Int(found.box.minY) - 2)] {
                    XCTAssertEqual(image.brightness(px, py), video, "\(name): only one pixel of border at \(px),\(py)")
                }
                // The time is under the picture: the dark bubble starts a few pixels below it.
                let below = (Int(found.box.maxY) + 3)..<(Int(found.box.maxY) + 30)
                XCTAssertTrue(below.contains { image.brightness(midX - 12, $0) < video / 2 }, "\(name): the tooltip is under it")
            }
        }
    }

    func testPictureIsUploadedOnlyWhenItChanges() throws {
        let layout = OverlayLayout(windowSize: size)
        for software in [false, true] {
            try withOverlay(software: software) { overlay, canvas, draw in
                let source = StubThumbnails()
                overlay.thumbnails = source
                move(overlay, canvas, to: OverlayPoint(x: layout.thumbX(for: 0.4), y: layout.band.midY))
                _ = draw()
                XCTAssertNil(find(red, in: draw()), "nothing decoded yet: the tooltip alone")
                XCTAssertEqual(overlay.previewUploadCount, 0)

                // The service's thread finishes a picture (and wakes the loop): time to redraw.
                source.picture = picture(r: UInt8(red.r), g: UInt8(red.g), b: UInt8(red.b), keyframeTime: 96)
                XCTAssertTrue(overlay.needsRedraw(state: state, now: 0.2), "a new picture is a reason to redraw")
                XCTAssertNotNil(find(red, in: draw()))
                XCTAssertFalse(overlay.needsRedraw(state: state, now: 0.2))
                _ = draw()
                move(overlay, canvas, to: OverlayPoint(x: layout.thumbX(for: 0.41), y: layout.band.midY))
                _ = draw()
                XCTAssertEqual(overlay.previewUploadCount, 1, "redraws and moves within one keyframe upload nothing")

                // Same keyframe and size: the same picture, whatever the bytes.
                source.picture = picture(r: 20, g: 200, b: 30, keyframeTime: 96)
                XCTAssertFalse(overlay.needsRedraw(state: state, now: 0.2))
                _ = draw()
                XCTAssertEqual(overlay.previewUploadCount, 1)

                source.picture = picture(r: 20, g: 200, b: 30, keyframeTime: 100)
                XCTAssertTrue(overlay.needsRedraw(state: state, now: 0.2))
                XCTAssertNotNil(find((r: 20, g: 200, b: 30), in: draw()), "another keyframe: uploaded and shown")
                source.picture = picture(width: 120, height: 90, r: UInt8(red.r), g: UInt8(red.g), b: UInt8(red.b),
                                         keyframeTime: 100)
                XCTAssertTrue(overlay.needsRedraw(state: state, now: 0.2))
                XCTAssertEqual(find(red, in: draw())?.count, 120 * 90, "another size: a new texture")
                XCTAssertEqual(overlay.previewUploadCount, 3)
            }
        }
    }

    func testPictureGoesWhenThePointerLeavesTheSliderAndWithoutASource() throws {
        let layout = OverlayLayout(windowSize: size)
        let onSlider = OverlayPoint(x: layout.thumbX(for: 0.6), y: layout.band.midY)
        try withOverlay(software: true) { overlay, canvas, draw in
            let source = StubThumbnails()
            source.picture = picture(r: UInt8(red.r), g: UInt8(red.g), b: UInt8(red.b))
            overlay.thumbnails = source
            move(overlay, canvas, to: onSlider)
            XCTAssertNotNil(find(red, in: draw()))

            move(overlay, canvas, to: OverlayPoint(x: 320, y: 100))
            XCTAssertTrue(overlay.needsRedraw(state: state, now: 0.2))
            XCTAssertNil(find(red, in: draw()), "off the slider: gone")

            move(overlay, canvas, to: onSlider)
            XCTAssertNotNil(find(red, in: draw()))
            leave(overlay, canvas)
            XCTAssertNil(find(red, in: draw()), "out of the window: gone")

            // Audio-only files and --thumbnails=no have no source: the tooltip alone.
            overlay.thumbnails = nil
            move(overlay, canvas, to: onSlider)
            let image = draw()
            XCTAssertNil(find(red, in: image))
            XCTAssertEqual(source.requests.count, 2, "one per arrival on the slider, none once the source is gone")
            var dark = 0
            for y in Int(layout.band.minY) - 30..<Int(layout.band.minY) where image.brightness(Int(onSlider.x), y) < 60 {
                dark += 1
            }
            XCTAssertGreaterThan(dark, 10, "the tooltip still shows")
        }
    }

    func testPictureStaysInsideTheWindowAtTheSliderEnds() throws {
        // At 400 points the slider's right end is too close to the edge to centre the picture there.
        for size in [OverlaySize(width: 400, height: 225), OverlaySize(width: 640, height: 360)] {
            let layout = OverlayLayout(windowSize: size)
            let inset = layout.barHeight * 0.1 + 1
            for fraction in [0.0, 1.0] {
                try withOverlay(software: true, size: size) { overlay, canvas, draw in
                    let source = StubThumbnails()
                    source.picture = picture(width: 240, height: 135, r: UInt8(red.r), g: UInt8(red.g), b: UInt8(red.b))
                    overlay.thumbnails = source
                    move(overlay, canvas, to: OverlayPoint(x: layout.thumbX(for: fraction), y: layout.band.midY))
                    let image = draw()
                    save(image, "\(Int(size.width))-\(Int(fraction))")
                    let box = try XCTUnwrap(find(red, in: image)?.box)
                    XCTAssertEqual(box.width, 240)
                    XCTAssertGreaterThanOrEqual(box.minX, inset.rounded(.down), "\(size) at \(fraction)")
                    XCTAssertLessThanOrEqual(box.maxX, size.width - inset.rounded(.down), "\(size) at \(fraction)")
                    XCTAssertGreaterThanOrEqual(box.minY, 1)
                }
            }
        }
    }
}
