import CSDL2
import Foundation
import VPlayCore
import XCTest
@testable import VPlayView

/// Opens the real overlay's playlist panel on an offscreen window with SDL events and checks
/// that the pixels are where `PlaylistPanelLayout` says. The BMPs are left in the temporary
/// directory (vplay-playlist-panel-*.bmp) for a look.
final class PlaylistPanelRenderTests: XCTestCase {
    private let size = OverlaySize(width: 640, height: 360)
    private let background = (r: UInt8(70), g: UInt8(130), b: UInt8(180))
    private var backgroundBrightness: Int { (Int(background.r) + Int(background.g) + Int(background.b)) / 3 }

    private func bar(for state: PlayerState) -> OverlayLayout {
        OverlayController(windowSize: size, now: 0).layout(for: state)
    }

    /// Clicks the playlist button, does `then` (more events), draws, and returns the picture.
    private func drawOpenPanel(_ state: PlayerState, named name: String,
                               then: (OffscreenCanvas, Overlay) -> Void = { _, _ in }) throws -> Snapshot {
        let button = try XCTUnwrap(bar(for: state).playlistButton)
        return try OffscreenCanvas.snapshot(width: Int32(size.width), height: Int32(size.height),
                                            keptAs: "playlist-panel-\(name)") { canvas, overlay in
            let x = Int32(button.midX), y = Int32(button.midY)
            _ = overlay.handle(canvas.pointerButton(x: x, y: y, pressed: true), state: state, now: 0.1)
            _ = overlay.handle(canvas.pointerButton(x: x, y: y, pressed: false), state: state, now: 0.15)
            then(canvas, overlay)
            XCTAssertTrue(overlay.needsRedraw(state: state, now: 0.2))
            canvas.clear(r: background.r, g: background.g, b: background.b)
            overlay.draw(renderer: canvas.renderer, state: state, windowSize: size, now: 0.2)
            XCTAssertFalse(overlay.needsRedraw(state: state, now: 0.3), "nothing changed since the draw")
        }
    }

    func testRowsAreDrawnWhereTheLayoutSaysAndTheCurrentRowStandsOut() throws {
        let state = PlaylistPanelFixtures.state(count: 5, position: 2)
        let bar = bar(for: state)
        let layout = PlaylistPanelLayout(bar: bar, entryCount: 5, firstRow: 0)
        let image = try drawOpenPanel(state, named: "open")
        let frame = layout.frame

        XCTAssertLessThan(image.brightness(Int(frame.maxX) - 4, Int(layout.rowFrame(0).midY)), backgroundBrightness / 2,
                          "a dark plate")
        XCTAssertEqual(image.brightness(Int(frame.minX) - 6, Int(frame.midY)), backgroundBrightness, "nothing left of it")
        XCTAssertEqual(image.brightness(Int(frame.midX), Int(frame.maxY) + 6), backgroundBrightness, "nothing below it")
        XCTAssertEqual(image.brightness(Int(frame.midX), Int(frame.minY) - 2), backgroundBrightness, "nothing above it")

        /// The row's own shade, where no text or mark falls: between the title and the duration.
        func shade(_ index: Int) -> Int {
            image.brightness(Int(layout.titleRight) - 3, Int(layout.rowFrame(index).midY))
        }
        for index in 0..<5 {
            let row = layout.rowFrame(index)
            let title = image.pixels(in: OverlayRect(x: layout.textX, y: row.minY, width: layout.titleRight - layout.textX,
                                               height: row.height)).filter { $0.brightness > 180 }
            let name = PlaylistPanel.title(of: state.playlist[index])
            XCTAssertGreaterThan(title.count, 15, "\(name): its title is drawn in its row")
            let midY = Double(title.map(\.y).reduce(0, +)) / Double(max(1, title.count))
            XCTAssertEqual(midY, row.midY, accuracy: row.height * 0.2, "\(name): centred in its row")
            XCTAssertGreaterThanOrEqual(Double(title.map(\.x).min() ?? 0), layout.textX - 1, "\(name): from the text column")

            let durationBox = OverlayRect(x: layout.titleRight, y: row.minY, width: layout.durationRight - layout.titleRight + 1,
                                          height: row.height)
            let duration = image.pixels(in: durationBox).filter { $0.brightness > 150 }
            if PlaylistPanel.durationText(of: state.playlist[index]) != nil {
                XCTAssertGreaterThan(duration.count, 10, "\(name): its duration is drawn")
                XCTAssertGreaterThan(Double(duration.map(\.x).max() ?? 0), layout.durationRight - 4,
                                     "\(name): right-aligned")
            } else {
                XCTAssertEqual(duration.count, 0, "\(name): no duration known, none drawn")
            }

            let marker = image.pixels(in: OverlayRect(x: layout.markerX - layout.markerSize / 2,
                                                y: row.midY - layout.markerSize / 2, width: layout.markerSize,
                                                height: layout.markerSize))
            XCTAssertEqual(marker.filter { $0.brightness > 180 }.count > 8, index == 2, "\(name): a ▶ before the current only")
            if index != 2 {
                XCTAssertGreaterThan(shade(2), shade(index) + 10, "the current row is lighter than \(name)'s")
            }
        }
        XCTAssertEqual(shade(0), shade(1), "the other rows are alike")
        let button = try XCTUnwrap(bar.playlistButton)
        XCTAssertGreaterThan(image.pixels(in: button).filter { $0.brightness > 200 }.count, 30, "the button's icon")
    }

    func testEntryUnderThePointerIsLitAndADragShowsWhereItDrops() throws {
        let state = PlaylistPanelFixtures.state(count: 5, position: 0)
        let layout = PlaylistPanelLayout(bar: bar(for: state), entryCount: 5, firstRow: 0)
        func shade(_ image: Snapshot, _ index: Int) -> Int {
            image.brightness(Int(layout.titleRight) - 3, Int(layout.rowFrame(index).midY))
        }
        let plain = try drawOpenPanel(state, named: "plain")
        let hovered = try drawOpenPanel(state, named: "hover") { canvas, overlay in
            let row = layout.rowFrame(3)
            _ = overlay.handle(canvas.pointerMotion(x: Int32(row.midX), y: Int32(row.midY)), state: state, now: 0.18)
        }
        XCTAssertGreaterThan(shade(hovered, 3), shade(plain, 3) + 10, "the hovered entry is lighter")
        XCTAssertEqual(shade(hovered, 1), shade(plain, 1), "the others stay")

        let dragging = try drawOpenPanel(state, named: "drag") { canvas, overlay in
            let row = layout.rowFrame(1)
            _ = overlay.handle(canvas.pointerButton(x: Int32(row.midX), y: Int32(row.midY), pressed: true), state: state,
                               now: 0.16)
            _ = overlay.handle(canvas.pointerMotion(x: Int32(row.midX), y: Int32(layout.gapY(4).rounded())), state: state,
                               now: 0.18)
        }
        let lineY = Int(layout.gapY(4).rounded())
        let line = dragging.pixels(in: OverlayRect(x: layout.textX, y: Double(lineY), width: layout.titleRight - layout.textX,
                                                   height: 1))
        XCTAssertGreaterThan(line.filter { $0.brightness > 200 }.count, line.count * 3 / 4,
                             "a bright line between entries 3 and 4")
        XCTAssertGreaterThan(shade(dragging, 1), shade(plain, 1) + 10, "the dragged entry is lit")
    }

    /// 10,000 entries opened with F8 at 1280×720: only the rows in view are drawn, each
    /// rendered once; a wheel notch renders only the rows that came into view. Prints how long
    /// the look and the drawing take per frame, unchanged and scrolling, with OpenGL and with
    /// SDL's software renderer.
    func testTenThousandEntriesDrawOnlyTheRowsInViewAndPrintTheCostPerFrame() throws {
        let size = OverlaySize(width: 1280, height: 720)
        let state = PlaylistPanelFixtures.state(count: 10_000, position: 5_000)
        for software in [false, true] {
            let canvas = try OffscreenCanvas(width: Int32(size.width), height: Int32(size.height), software: software)
            try withExtendedLifetime(canvas) {
                let overlay = try Overlay(now: 0)
                func draw(now: Double) {
                    canvas.clear(r: background.r, g: background.g, b: background.b)
                    overlay.draw(renderer: canvas.renderer, state: state, windowSize: size, now: now)
                    // SDL batches drawing: the time it takes is spent here.
                    SDL_RenderFlush(canvas.renderer)
                }
                draw(now: 0.05)
                XCTAssertEqual(overlay.panelRenderCounts.texts, 0, "closed: nothing")
                XCTAssertTrue(overlay.handle(canvas.keyDown(SDLK_F8), state: state, now: 0.1).consumed)
                XCTAssertTrue(overlay.needsRedraw(state: state, now: 0.1))
                draw(now: 0.1)
                let bar = OverlayController(windowSize: size, now: 0).layout(for: state)
                let capacity = PlaylistPanelLayout.capacity(bar: bar)
                let layout = PlaylistPanelLayout(bar: bar, entryCount: 10_000,
                                                 firstRow: PlaylistPanelLayout.firstRow(centering: 5_000, entryCount: 10_000,
                                                                                        capacity: capacity))
                XCTAssertEqual(overlay.panelRenderCounts.texts, capacity, "each row in view rendered once, no more")
                let image = canvas.snapshot()
                image.save(to: FileManager.default.temporaryDirectory
                    .appendingPathComponent("vplay-playlist-panel-10000\(software ? "-software" : "").bmp").path)
                for index in layout.visibleRows {
                    let row = layout.rowFrame(index)
                    let lit = image.pixels(in: OverlayRect(x: layout.textX, y: row.minY, width: layout.titleRight - layout.textX,
                                                     height: row.height)).filter { $0.brightness > 180 }
                    XCTAssertGreaterThan(lit.count, 15, "entry \(index) drawn in its row")
                }

                // Unchanged frames: no new look, no rendering, only copies.
                let layers = overlay.panelRenderCounts.layer
                let frames = 200
                var start = Player.monotonicNow()
                for frame in 0..<frames {
                    let now = 0.2 + Double(frame) * 0.001
                    _ = overlay.needsRedraw(state: state, now: now)
                    draw(now: now)
                }
                let steady = (Player.monotonicNow() - start) / Double(frames)
                XCTAssertEqual(overlay.panelRenderCounts.layer, layers, "an unchanged panel is not rendered again")
                XCTAssertEqual(overlay.panelRenderCounts.texts, capacity)

                // The pointer going down the rows and the cursor moving light rows over the layer,
                // which is not rendered again.
                start = Player.monotonicNow()
                for (step, index) in layout.visibleRows.enumerated() {
                    let row = layout.rowFrame(index), now = 0.3 + Double(step) * 0.001
                    _ = overlay.handle(canvas.pointerMotion(x: Int32(row.midX), y: Int32(row.midY)), state: state, now: now)
                    XCTAssertTrue(overlay.needsRedraw(state: state, now: now), "entry \(index) lights up")
                    draw(now: now)
                }
                let hovering = (Player.monotonicNow() - start) / Double(layout.visibleCount)
                XCTAssertTrue(overlay.handle(canvas.keyDown(SDLK_DOWN), state: state, now: 0.4).consumed)
                XCTAssertTrue(overlay.needsRedraw(state: state, now: 0.4), "the cursor moves")
                draw(now: 0.4)
                XCTAssertEqual(overlay.panelRenderCounts.layer, layers, "highlights are drawn over the layer")

                // One notch down the list: the rows that came into view are the only ones rendered.
                let over = SDL_Event.wheel(in: canvas, x: Int32(layout.frame.midX), y: Int32(layout.frame.midY), notches: -1)
                _ = overlay.handle(over, state: state, now: 0.5)
                draw(now: 0.5)
                XCTAssertEqual(overlay.panelRenderCounts.texts, capacity + PlaylistPanelState.wheelRows,
                               "only the rows scrolled into view are rendered")

                let notches = 100
                start = Player.monotonicNow()
                for notch in 0..<notches {
                    let now = 0.6 + Double(notch) * 0.01
                    _ = overlay.handle(over, state: state, now: now)
                    _ = overlay.needsRedraw(state: state, now: now)
                    draw(now: now)
                }
                let scrolling = (Player.monotonicNow() - start) / Double(notches)
                print(String(format: "playlist panel, 10000 entries, %@ at 1280x720, per frame (look and draw): "
                             + "unchanged %.2f ms, pointer over the rows %.2f ms, scrolling %d rows %.2f ms",
                             software ? "software renderer" : "OpenGL", steady * 1e3, hovering * 1e3,
                             PlaylistPanelState.wheelRows, scrolling * 1e3))
            }
        }
    }
}

private extension OffscreenCanvas {
    /// A key pressed in this canvas's window, as SDL reports it.
    func keyDown(_ key: SDL_KeyCode) -> SDL_Event {
        var event = SDL_Event()
        event.key.type = SDL_KEYDOWN.rawValue
        event.key.windowID = SDL_GetWindowID(window)
        event.key.state = UInt8(SDL_PRESSED)
        event.key.keysym.sym = SDL_Keycode(bitPattern: key.rawValue)
        return event
    }
}

private extension SDL_Event {
    /// The wheel turned `notches` (> 0: away from the user) over (x, y) in `canvas`'s window.
    static func wheel(in canvas: OffscreenCanvas, x: Int32, y: Int32, notches: Int32) -> SDL_Event {
        var event = SDL_Event()
        event.wheel.type = SDL_MOUSEWHEEL.rawValue
        event.wheel.windowID = SDL_GetWindowID(canvas.window)
        event.wheel.y = notches
        event.wheel.direction = SDL_MOUSEWHEEL_NORMAL.rawValue
        event.wheel.mouseX = x
        event.wheel.mouseY = y
        return event
    }
}
