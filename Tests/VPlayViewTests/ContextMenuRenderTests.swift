import CSDL2
import Foundation
import VPlayCore
import XCTest
@testable import VPlayView

/// Opens the real overlay's context menu on an offscreen window with an SDL right click and
/// checks that plates, texts, the lit row and the submenu are where `ContextMenuLayout` says.
/// The BMPs are left in the temporary directory (vplay-context-menu-*.bmp) for a look.
final class ContextMenuRenderTests: XCTestCase {
    private let size = OverlaySize(width: 800, height: 450)
    private let background = (r: UInt8(70), g: UInt8(130), b: UInt8(180))
    private var backgroundBrightness: Int { (Int(background.r) + Int(background.g) + Int(background.b)) / 3 }
    private let state = TrackMenuFixtures.state()

    private func rightPress(_ canvas: OffscreenCanvas, x: Int32, y: Int32) -> SDL_Event {
        var event = canvas.pointerButton(x: x, y: y, pressed: true)
        event.button.button = UInt8(SDL_BUTTON_RIGHT)
        return event
    }

    /// The layout the controller makes for a menu opened at `origin`, with the row `open` of
    /// the first plate opened (if any).
    private func expectedLayout(origin: OverlayPoint, open: Int?) -> ContextMenuLayout {
        let rows = ContextMenu.rows(state: state)
        var shapes = [ContextMenuLayout.Shape(rows)]
        if let open, let submenu = rows[open].submenu { shapes.append(ContextMenuLayout.Shape(submenu)) }
        let font = OverlayController.menuFontSize(OverlayLayout(windowSize: size, showsTrackButton: true))
        return ContextMenuLayout(windowSize: size, origin: origin, shapes: shapes, openRows: open.map { [$0] } ?? [],
                                 preferredFontSize: font)
    }

    func testARightClickDrawsTheMenuAndHoverOpensASubmenu() throws {
        let origin = OverlayPoint(x: 150, y: 60)
        let speedRow = 4
        let layout = expectedLayout(origin: origin, open: speedRow)
        let image = try OffscreenCanvas.snapshot(width: Int32(size.width), height: Int32(size.height),
                                                 keptAs: "context-menu-open") { canvas, overlay in
            let press = rightPress(canvas, x: Int32(origin.x), y: Int32(origin.y))
            XCTAssertTrue(overlay.handle(press, state: state, now: 0.1).consumed)
            let row = layout.plates[0].rowFrame(speedRow)
            _ = overlay.handle(canvas.pointerMotion(x: Int32(row.midX), y: Int32(row.midY)), state: state, now: 0.2)
            canvas.clear(r: background.r, g: background.g, b: background.b)
            overlay.draw(renderer: canvas.renderer, state: state, windowSize: size, now: 0.3)
            XCTAssertFalse(overlay.needsRedraw(state: state, now: 0.35))
        }
        XCTAssertEqual(layout.plates.count, 2)
        for plate in layout.plates {
            let frame = plate.frame
            XCTAssertLessThan(image.brightness(Int(frame.maxX) - 6, Int(plate.rowFrame(0).minY) + 2), backgroundBrightness / 2,
                              "a dark plate at \(frame)")
            for index in 0..<plate.rowCount {
                let row = plate.rowFrame(index)
                let text = image.pixels(in: OverlayRect(x: plate.textX, y: row.minY, width: row.width / 3, height: row.height))
                XCTAssertGreaterThan(text.filter { $0.brightness > 150 }.count, 5, "row \(index) of \(frame) has its label")
            }
        }
        let root = layout.plates[0].frame
        XCTAssertEqual(image.brightness(Int(root.minX) - 4, Int(root.midY)), backgroundBrightness, "nothing left of it")
        XCTAssertEqual(image.brightness(Int(root.midX), Int(root.minY) - 4), backgroundBrightness, "nothing above it")
        // The lit row is lighter than the row below it, away from the texts.
        let lit = layout.plates[0].rowFrame(speedRow), next = layout.plates[0].rowFrame(speedRow + 1)
        let x = Int(layout.plates[0].keyRightX) + 2
        XCTAssertGreaterThan(image.brightness(x, Int(lit.minY) + 4), image.brightness(x, Int(next.minY) + 4) + 10)
    }

    func testTheMenuCloses() throws {
        let origin = OverlayPoint(x: 150, y: 60)
        let layout = expectedLayout(origin: origin, open: nil)
        let image = try OffscreenCanvas.snapshot(width: Int32(size.width), height: Int32(size.height),
                                                 keptAs: "context-menu-closed") { canvas, overlay in
            _ = overlay.handle(rightPress(canvas, x: Int32(origin.x), y: Int32(origin.y)), state: state, now: 0.1)
            var escape = SDL_Event()
            escape.key.type = SDL_KEYDOWN.rawValue
            escape.key.windowID = SDL_GetWindowID(canvas.window)
            escape.key.keysym.sym = SDL_Keycode(SDLK_ESCAPE.rawValue)
            XCTAssertTrue(overlay.handle(escape, state: state, now: 0.2).consumed)
            canvas.clear(r: background.r, g: background.g, b: background.b)
            overlay.draw(renderer: canvas.renderer, state: state, windowSize: size, now: 0.3)
        }
        let frame = layout.plates[0].frame
        XCTAssertEqual(image.brightness(Int(frame.midX), Int(frame.midY)), backgroundBrightness)
    }
}
