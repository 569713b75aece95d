import CSDL2
import Foundation
import VPlayCore
import XCTest
@testable import VPlayView

/// Opens the real overlay's track menu on an offscreen window with SDL events and checks that
/// the pixels are where `TrackMenuLayout` says. The BMPs are left in the temporary directory
/// (vplay-track-menu-*.bmp) for a look.
final class TrackMenuRenderTests: XCTestCase {
    private let size = OverlaySize(width: 640, height: 360)
    private let background = (r: UInt8(70), g: UInt8(130), b: UInt8(180))
    private var backgroundBrightness: Int { (Int(background.r) + Int(background.g) + Int(background.b)) / 3 }
    private let state = TrackMenuFixtures.state()

    private var bar: OverlayLayout { OverlayLayout(windowSize: size, showsTrackButton: true) }

    private func menuLayout() throws -> (TrackMenu, TrackMenuLayout) {
        let menu = try XCTUnwrap(TrackMenu(tracks: state.tracks))
        return (menu, TrackMenuLayout(menu: menu, bar: bar))
    }

    /// Clicks the track button, moves over row `hovering` (if any), then draws.
    private func drawOpenMenu(named name: String, hovering row: Int? = nil) throws -> Snapshot {
        let button = try XCTUnwrap(bar.trackButton)
        let hovered = try row.map { try menuLayout().1.rowFrame($0) }
        return try OffscreenCanvas.snapshot(width: Int32(size.width), height: Int32(size.height),
                                            keptAs: "track-menu-\(name)") { canvas, overlay in
            let x = Int32(button.midX), y = Int32(button.midY)
            _ = overlay.handle(canvas.pointerButton(x: x, y: y, pressed: true), state: state, now: 0.1)
            _ = overlay.handle(canvas.pointerButton(x: x, y: y, pressed: false), state: state, now: 0.15)
            if let hovered {
                _ = overlay.handle(canvas.pointerMotion(x: Int32(hovered.midX), y: Int32(hovered.midY)), state: state,
                                   now: 0.2)
            }
            XCTAssertTrue(overlay.needsRedraw(state: state, now: 0.2))
            canvas.clear(r: background.r, g: background.g, b: background.b)
            overlay.draw(renderer: canvas.renderer, state: state, windowSize: size, now: 0.2)
            XCTAssertFalse(overlay.needsRedraw(state: state, now: 0.3), "nothing changed since the draw")
        }
    }

    func testEntriesHeadingsAndMarksAreDrawnWhereTheLayoutSays() throws {
        let (menu, layout) = try menuLayout()
        let image = try drawOpenMenu(named: "open")
        let frame = layout.frame

        XCTAssertLessThan(image.brightness(Int(frame.maxX) - 4, Int(layout.rowFrame(0).midY)), backgroundBrightness / 2,
                          "a dark plate")
        XCTAssertEqual(image.brightness(Int(frame.midX), Int(frame.minY) - 6), backgroundBrightness, "nothing above it")
        XCTAssertEqual(image.brightness(Int(frame.minX) - 6, Int(frame.midY)), backgroundBrightness, "nothing left of it")

        for (index, row) in menu.rows.enumerated() {
            let rowFrame = layout.rowFrame(index)
            let textRect = OverlayRect(x: layout.markX - layout.markSize / 2, y: rowFrame.minY,
                                       width: frame.maxX - layout.markX, height: rowFrame.height)
            let text = image.pixels(in: OverlayRect(x: layout.textX, y: rowFrame.minY, width: frame.maxX - layout.textX,
                                              height: rowFrame.height))
            let lit = image.pixels(in: textRect).filter { $0.brightness > 110 }
            let name = TrackMenu.text(of: row)
            XCTAssertGreaterThan(lit.count, 15, "\(name): its text is drawn in its row")
            let midY = Double(lit.map(\.y).reduce(0, +)) / Double(max(1, lit.count))
            XCTAssertEqual(midY, rowFrame.midY, accuracy: rowFrame.height * 0.2, "\(name): centred in its row")
            let brightest = image.pixels(in: textRect).map(\.brightness).max() ?? 0
            switch row {
            case .heading:
                XCTAssertLessThan(brightest, 200, "\(name): headings are dimmer")
            case .choice:
                XCTAssertGreaterThan(brightest, 220, "\(name): entries are white")
                XCTAssertGreaterThan(text.filter { $0.brightness > 180 }.count, 15, "\(name): after the mark column")
            }
            let mark = image.pixels(in: OverlayRect(x: layout.markX - layout.markSize / 2, y: rowFrame.midY - layout.markSize / 2,
                                              width: layout.markSize, height: layout.markSize))
            let marked = TrackMenu.isSelected(row, selection: TrackMenu.Selection(state))
            if case .choice = row {
                XCTAssertEqual(mark.filter { $0.brightness > 180 }.count > 8, marked,
                               "\(name): a check mark only before the choice in effect")
            }
        }
        let button = try XCTUnwrap(bar.trackButton)
        XCTAssertGreaterThan(image.pixels(in: button).filter { $0.brightness > 200 }.count, 30, "the button's icon")
    }

    func testLongLabelsAreClippedAtThePlate() throws {
        let (_, layout) = try menuLayout()
        let image = try drawOpenMenu(named: "clip")
        for index in 0..<layout.rowCount {
            let row = layout.rowFrame(index)
            let beyond = image.pixels(in: OverlayRect(x: layout.frame.maxX + 1, y: row.minY, width: 30, height: row.height))
            XCTAssertTrue(beyond.allSatisfy { $0.brightness == backgroundBrightness }, "row \(index) spills past the plate")
        }
    }

    func testEntryUnderThePointerIsLit() throws {
        let (_, layout) = try menuLayout()
        let plain = try drawOpenMenu(named: "plain")
        let hovered = try drawOpenMenu(named: "hover", hovering: 2)
        func rowBackground(_ image: Snapshot, _ index: Int) -> Int {
            let row = layout.rowFrame(index)
            return image.brightness(Int(row.maxX - layout.fontSize), Int(row.midY))
        }
        XCTAssertGreaterThan(rowBackground(hovered, 2), rowBackground(plain, 2) + 10, "the hovered entry is lighter")
        XCTAssertEqual(rowBackground(hovered, 1), rowBackground(plain, 1), "the others stay")
    }
}
