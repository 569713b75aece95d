import XCTest
@testable import VPlayView

/// Where the context menu's plates go, without a window: at the click, flipped and clamped to
/// stay inside the window, submenus beside their row, and which plate and row a point hits.
final class ContextMenuLayoutTests: XCTestCase {
    private let size = OverlaySize(width: 800, height: 450)
    private let font = 14.0
    private let root = ContextMenuLayout.Shape(rowCount: 10, longestText: 20, longestKey: 6)
    private let sub = ContextMenuLayout.Shape(rowCount: 4, longestText: 12, longestKey: 2)

    private func layout(at point: OverlayPoint, shapes: [ContextMenuLayout.Shape]? = nil, openRows: [Int] = [],
                        size: OverlaySize? = nil) -> ContextMenuLayout {
        ContextMenuLayout(windowSize: size ?? self.size, origin: point, shapes: shapes ?? [root], openRows: openRows,
                          preferredFontSize: font)
    }

    private func assertInside(_ frame: OverlayRect, _ size: OverlaySize, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertGreaterThanOrEqual(frame.minX, 0, file: file, line: line)
        XCTAssertGreaterThanOrEqual(frame.minY, 0, file: file, line: line)
        XCTAssertLessThanOrEqual(frame.maxX, size.width, file: file, line: line)
        XCTAssertLessThanOrEqual(frame.maxY, size.height, file: file, line: line)
    }

    func testThePlateStartsAtTheClick() {
        let plate = layout(at: OverlayPoint(x: 100, y: 50)).plates[0]
        XCTAssertEqual(plate.frame.minX, 100)
        XCTAssertEqual(plate.frame.minY, 50)
        XCTAssertEqual(plate.rowCount, 10)
        XCTAssertEqual(plate.frame.height, 10 * plate.rowHeight + 2 * plate.topPadding, accuracy: 1e-9)
        XCTAssertGreaterThan(plate.keyRightX, plate.textX + 20 * TrackMenuLayout.averageCharacterWidth * font,
                             "the keys stand right of the longest label")
        XCTAssertLessThan(plate.keyRightX, plate.arrowX)
        XCTAssertLessThan(plate.arrowX, plate.frame.maxX)
    }

    func testNearTheRightEdgeThePlateOpensToTheLeftOfTheClick() {
        let plate = layout(at: OverlayPoint(x: 780, y: 50)).plates[0]
        XCTAssertEqual(plate.frame.maxX, 780, accuracy: 1e-9)
        XCTAssertEqual(plate.frame.minY, 50)
    }

    func testNearTheBottomThePlateMovesUpToFit() {
        let plate = layout(at: OverlayPoint(x: 100, y: 440)).plates[0]
        assertInside(plate.frame, size)
        XCTAssertLessThan(plate.frame.maxY, 450)
        XCTAssertGreaterThan(plate.frame.maxY, 440, "just inside the bottom edge")
    }

    func testAPlateTallerThanTheWindowShrinksToFit() {
        let small = OverlaySize(width: 300, height: 120)
        let layout = layout(at: OverlayPoint(x: 10, y: 10), size: small)
        XCTAssertLessThan(layout.fontSize, font)
        assertInside(layout.plates[0].frame, small)
        XCTAssertGreaterThan(layout.plates[0].frame.height, 100, "it uses the height it has")
    }

    func testAPlateWiderThanTheWindowIsClampedToIt() {
        let narrow = OverlaySize(width: 120, height: 450)
        let plate = layout(at: OverlayPoint(x: 60, y: 10), size: narrow).plates[0]
        assertInside(plate.frame, narrow)
    }

    func testASubmenuOpensBesideItsRow() {
        let layout = layout(at: OverlayPoint(x: 100, y: 50), shapes: [root, sub], openRows: [3])
        let parent = layout.plates[0], child = layout.plates[1]
        XCTAssertEqual(child.frame.minX, parent.frame.maxX, accuracy: 1e-9)
        XCTAssertEqual(child.rowFrame(0).minY, parent.rowFrame(3).minY, accuracy: 1e-9, "its first row beside its parent row")
    }

    func testASubmenuWithoutRoomOnTheRightOpensOnTheLeft() {
        let layout = layout(at: OverlayPoint(x: 600, y: 50), shapes: [root, sub], openRows: [0])
        let parent = layout.plates[0], child = layout.plates[1]
        XCTAssertLessThan(parent.frame.maxX + child.frame.width, 800 + child.frame.width)
        XCTAssertEqual(child.frame.maxX, parent.frame.minX, accuracy: 1e-9)
        assertInside(child.frame, size)
    }

    func testASubmenuOfALowRowStaysInsideTheWindow() {
        let layout = layout(at: OverlayPoint(x: 100, y: 440), shapes: [root, ContextMenuLayout.Shape(rowCount: 9, longestText: 8, longestKey: 0)],
                            openRows: [9])
        assertInside(layout.plates[1].frame, size)
    }

    func testHitsFindTheTopmostPlateAndItsRow() throws {
        let layout = layout(at: OverlayPoint(x: 100, y: 50), shapes: [root, sub], openRows: [3])
        let parent = layout.plates[0], child = layout.plates[1]
        let inParent = parent.rowFrame(5)
        XCTAssertEqual(layout.hit(OverlayPoint(x: inParent.midX, y: inParent.midY))?.plate, 0)
        XCTAssertEqual(layout.hit(OverlayPoint(x: inParent.midX, y: inParent.midY))?.row, 5)
        let inChild = child.rowFrame(2)
        XCTAssertEqual(layout.hit(OverlayPoint(x: inChild.midX, y: inChild.midY))?.plate, 1)
        XCTAssertEqual(layout.hit(OverlayPoint(x: inChild.midX, y: inChild.midY))?.row, 2)
        XCTAssertEqual(layout.hit(OverlayPoint(x: inChild.midX, y: child.rowFrame(2).minY))?.row, 2, "a row's top edge is its own")
        let padding = try XCTUnwrap(layout.hit(OverlayPoint(x: parent.frame.midX, y: parent.frame.minY + 1)))
        XCTAssertEqual(padding.plate, 0)
        XCTAssertNil(padding.row, "the padding is no row")
        XCTAssertNil(layout.hit(OverlayPoint(x: 50, y: 20)), "outside every plate")
    }
}
