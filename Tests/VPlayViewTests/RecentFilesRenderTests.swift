import CSDL2
import Foundation
import VPlayCore
import XCTest
@testable import VPlayView

/// The idle window's recent files drawn by the real `IdleScreen` on an offscreen window: each
/// part where `RecentListLayout` says, a file that is gone dimmed and without its picture, the
/// row under the pointer lit. The BMPs are left in the temporary directory
/// (vplay-recent-files-*.bmp) for a look.
final class RecentFilesRenderTests: XCTestCase {
    private let size = OverlaySize(width: 640, height: 360)
    private var background: Int { (24 + 24 + 27) / 3 }

    private let files = [
        RecentFile(path: "/films/bunny.mp4", title: "Big Buck Bunny", position: 30, duration: 120),
        RecentFile(path: "/films/gone.mp4", title: "A film that was moved away", position: 60, duration: 120, exists: false),
        RecentFile(path: "/films/done.mp4", title: "", position: 118, duration: 120),
    ]

    /// A plain red picture, 4:3: narrower than the row's 16:9 box.
    private let red: Thumbnail = {
        let width = 48, height = 36
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for offset in stride(from: 0, to: pixels.count, by: 4) { pixels[offset + 2] = 220 }
        return Thumbnail(width: width, height: height, pitch: width * 4, pixels: pixels, keyframeTime: 30)
    }()

    private func draw(_ look: IdleScreen.Look, named name: String) throws -> Snapshot {
        let canvas = try OffscreenCanvas(width: Int32(size.width), height: Int32(size.height))
        let screen = try IdleScreen()
        screen.render(look, renderer: canvas.renderer, scale: 1)
        let snapshot = canvas.snapshot()
        snapshot.save(to: FileManager.default.temporaryDirectory.appendingPathComponent("vplay-recent-files-\(name).bmp").path)
        return snapshot
    }

    private func look(hovered: RecentListLayout.Hit? = nil, selection: Int? = nil) -> IdleScreen.Look {
        IdleScreen.Look(layout: IdleLayout(windowSize: size, recentCount: files.count), buttonIsLit: false, message: nil,
                        recent: IdleScreen.RecentLook(files: files, pictures: [red, red, nil], hovered: hovered,
                                                      selection: selection))
    }

    private func rows() throws -> RecentListLayout {
        try XCTUnwrap(IdleLayout(windowSize: size, recentCount: files.count).recent)
    }

    private func rgb(_ image: Snapshot, _ x: Double, _ y: Double) -> (r: Int, g: Int, b: Int) {
        let argb = image.pixels[Int(y) * image.width + Int(x)]
        return (Int(argb >> 16 & 0xff), Int(argb >> 8 & 0xff), Int(argb & 0xff))
    }

    private func brightest(_ image: Snapshot, in rect: OverlayRect) -> Int {
        var best = 0
        for y in Int(rect.minY.rounded(.up))..<Int(rect.maxY.rounded(.down)) {
            for x in Int(rect.minX.rounded(.up))..<Int(rect.maxX.rounded(.down)) { best = max(best, image.brightness(x, y)) }
        }
        return best
    }

    func testEachPartOfARowIsDrawnWhereTheLayoutSays() throws {
        let rows = try rows()
        let image = try draw(look(), named: "rows")
        XCTAssertEqual(rows.count, 3)

        // Pictures: the first row's, fitted into its box with its own aspect; none for the file
        // that is gone (though one was given) nor where none is ready.
        let box = rows.thumbnailFrame(0)
        let centre = rgb(image, box.midX, box.midY)
        XCTAssertGreaterThan(centre.r, 180, "no picture in the first row: \(centre)")
        XCTAssertLessThan(centre.g, 40)
        let side = rgb(image, box.minX + 3, box.midY)
        XCTAssertLessThan(side.r, 80, "a 4:3 picture is narrower than its box: \(side)")
        XCTAssertLessThan(rgb(image, rows.thumbnailFrame(1).midX, rows.thumbnailFrame(1).midY).r, 60, "a gone file has no picture")
        XCTAssertLessThan(rgb(image, rows.thumbnailFrame(2).midX, rows.thumbnailFrame(2).midY).r, 60)

        // Titles in their column, the gone file's dimmed.
        func titleArea(_ index: Int) -> OverlayRect {
            OverlayRect(x: rows.textX, y: rows.titleCenterY(index) - rows.titleFontSize * 0.7,
                        width: rows.titleRight - rows.textX, height: rows.titleFontSize * 1.4)
        }
        XCTAssertGreaterThan(brightest(image, in: titleArea(0)), 200)
        XCTAssertGreaterThan(brightest(image, in: titleArea(2)), 200, "the file name stands in for a missing title")
        let dimmed = brightest(image, in: titleArea(1))
        XCTAssertGreaterThan(dimmed, background + 40, "the gone file's title is there")
        XCTAssertLessThan(dimmed, 150, "but dimmed")

        // The watched bar: a quarter of the first filled, the gone file's fill faint, the watched one full.
        func bar(_ index: Int, at share: Double) -> (r: Int, g: Int, b: Int) {
            let groove = rows.barFrame(index)
            return rgb(image, groove.minX + groove.width * share, groove.midY)
        }
        let filled = bar(0, at: 0.12), unfilled = bar(0, at: 0.6)
        XCTAssertGreaterThan(filled.b, filled.r + 80, "the watched part is blue: \(filled)")
        XCTAssertLessThan(abs(unfilled.b - unfilled.r), 20, "the rest is grey: \(unfilled)")
        XCTAssertGreaterThan(unfilled.r, background + 8, "the groove shows")
        XCTAssertGreaterThan(bar(2, at: 0.97).b, bar(2, at: 0.97).r + 80, "watched: full")
        let faint = bar(1, at: 0.25)
        XCTAssertGreaterThan(faint.b, faint.r + 20)
        XCTAssertLessThan(faint.b, filled.b - 40, "the gone file's bar is dimmed: \(faint)")

        // The time left after the bar, and the "×" at the end, in every row.
        for index in 0..<3 {
            let label = OverlayRect(x: rows.labelX, y: rows.detailCenterY(index) - rows.detailFontSize * 0.7,
                                    width: rows.forgetButton(index).minX - rows.labelX, height: rows.detailFontSize * 1.4)
            XCTAssertGreaterThan(brightest(image, in: label), background + 40, "row \(index): no time left")
            XCTAssertGreaterThan(brightest(image, in: rows.forgetButton(index)), background + 25, "row \(index): no ×")
        }
        // Nothing beside or below the rows.
        XCTAssertEqual(image.brightness(Int(rows.frame.minX) - 3, Int(rows.rowFrame(1).midY)), background)
        XCTAssertEqual(image.brightness(Int(rows.frame.midX), Int(rows.frame.maxY) + 3), background)
        // Nothing lit: the row's end beyond the "×" is the window's colour.
        XCTAssertEqual(image.brightness(Int(rows.frame.maxX) - 2, Int(rows.rowFrame(0).midY)), background)
    }

    func testTheRowUnderThePointerIsLitAndItsForgetButtonWhenOnIt() throws {
        let rows = try rows()
        let plain = try draw(look(), named: "plain")
        let onRow = try draw(look(hovered: .row(1)), named: "hover-row")
        let onForget = try draw(look(hovered: .forget(2)), named: "hover-forget")
        func end(_ image: Snapshot, _ index: Int) -> Int {
            image.brightness(Int(rows.frame.maxX) - 2, Int(rows.rowFrame(index).midY))
        }
        XCTAssertGreaterThan(end(onRow, 1), end(plain, 1) + 8, "the row under the pointer is lit")
        XCTAssertEqual(end(onRow, 0), end(plain, 0), "the others are not")
        XCTAssertGreaterThan(brightest(onRow, in: rows.forgetButton(1)), brightest(plain, in: rows.forgetButton(1)) + 30,
                             "its × is clearer")
        // On the ×: a disc behind it, and the mark at its clearest.
        let forget = rows.forgetButton(2)
        XCTAssertGreaterThan(onForget.brightness(Int(forget.minX + forget.width * 0.2), Int(forget.midY)),
                             plain.brightness(Int(forget.minX + forget.width * 0.2), Int(forget.midY)) + 15)
        XCTAssertGreaterThan(brightest(onForget, in: forget), 200)
    }

    func testTheSelectedRowIsRinged() throws {
        let rows = try rows()
        let plain = try draw(look(), named: "unselected")
        let selected = try draw(look(selection: 2), named: "selected")
        let row = rows.rowFrame(2)
        XCTAssertGreaterThan(selected.brightness(Int(row.midX), Int(row.minY) + 1), background + 60, "no ring at its top")
        XCTAssertGreaterThan(selected.brightness(Int(row.minX), Int(row.midY)), background + 60, "no ring at its left")
        XCTAssertEqual(plain.brightness(Int(row.midX), Int(row.minY) + 1), background)
        XCTAssertEqual(selected.brightness(Int(rows.rowFrame(0).minX), Int(rows.rowFrame(0).midY)), background,
                       "only the selected row")
    }

    func testALongTitleEndsInAnEllipsisWithinItsColumn() throws {
        let font = try Font(path: Overlay.defaultFontPath, pixelSize: 14)
        XCTAssertEqual(font.fitting("Big Buck Bunny", pixelSize: 14, maxWidth: 300), "Big Buck Bunny")
        let long = "The Extraordinarily Long Title of a Documentary About Absolutely Everything"
        let fitted = font.fitting(long, pixelSize: 14, maxWidth: 200)
        XCTAssertTrue(fitted.hasSuffix("…"), fitted)
        XCTAssertTrue(long.hasPrefix(String(fitted.dropLast())), fitted)
        XCTAssertLessThanOrEqual(font.width(of: fitted, pixelSize: 14), 200)
        // As much as fits: one more character would not.
        let core = String(fitted.dropLast())
        var length = core.count + 1
        while String(long.prefix(length)).trimmingCharacters(in: .whitespaces) == core { length += 1 }
        let oneMore = String(long.prefix(length)) + "…"
        XCTAssertGreaterThan(font.width(of: oneMore, pixelSize: 14), 200, "\(fitted) could be longer")
        XCTAssertFalse(fitted.dropLast().hasSuffix(" "), "no space before the ellipsis")
        XCTAssertEqual(font.fitting(long, pixelSize: 14, maxWidth: 2), "…")

        // Drawn: the title stops before the end of its column, not cut by it.
        var files = self.files
        files[0].title = long + " " + long
        let rows = try rows()
        let image = try draw(IdleScreen.Look(layout: IdleLayout(windowSize: size, recentCount: 3), buttonIsLit: false,
                                             message: nil, recent: IdleScreen.RecentLook(files: files)), named: "long-title")
        let end = OverlayRect(x: rows.titleRight - 3, y: rows.titleCenterY(0) - 8, width: 3, height: 16)
        XCTAssertLessThan(brightest(image, in: end), background + 40, "the title runs into the end of its column")
        let start = OverlayRect(x: rows.textX, y: rows.titleCenterY(0) - 8, width: 40, height: 16)
        XCTAssertGreaterThan(brightest(image, in: start), 200)
    }

    func testWithoutRowsTheWindowIsDrawnAsBefore() throws {
        let before = try draw(IdleScreen.Look(layout: IdleLayout(windowSize: size), buttonIsLit: false, message: nil),
                              named: "none")
        let empty = try draw(IdleScreen.Look(layout: IdleLayout(windowSize: size, recentCount: 0), buttonIsLit: false,
                                             message: nil, recent: IdleScreen.RecentLook(files: [])), named: "empty")
        XCTAssertEqual(before.pixels, empty.pixels)
    }
}
