import VPlayView
import XCTest

/// The recent files' rows in the idle window: as many as fit (six at most) under the Open
/// button, the whole centred, every part of a row in its place, and clicks landing on the row
/// or the "×" drawn there.
final class RecentListLayoutTests: XCTestCase {
    private let sizes = [OverlaySize(width: 640, height: 360), OverlaySize(width: 1280, height: 720),
                         OverlaySize(width: 1920, height: 1080), OverlaySize(width: 640, height: 1000),
                         OverlaySize(width: 480, height: 600), OverlaySize(width: 360, height: 640),
                         OverlaySize(width: 300, height: 240)]

    func testWithoutRecentFilesTheWindowIsLaidOutAsBefore() {
        for size in sizes + [OverlaySize(width: 200, height: 150)] {
            let layout = IdleLayout(windowSize: size, recentCount: 0)
            XCTAssertNil(layout.recent)
            XCTAssertEqual(layout, IdleLayout(windowSize: size))
        }
        let layout = IdleLayout(windowSize: OverlaySize(width: 640, height: 360))
        XCTAssertEqual(layout.titleCenter, OverlayPoint(x: 320, y: 136))
        XCTAssertEqual(layout.openButton, OverlayRect(x: 260, y: 166, width: 120, height: 36))
        XCTAssertEqual(layout.hintCenter.y, 228)
        XCTAssertEqual(layout.messageCenter.y, 254)
    }

    func testAsManyRowsAsFitUpToSix() {
        // 640×360: the block moves up as far as it can; four rows of 40 fit under it.
        XCTAssertEqual(IdleLayout(windowSize: OverlaySize(width: 640, height: 360), recentCount: 6).recent?.count, 4)
        XCTAssertEqual(IdleLayout(windowSize: OverlaySize(width: 640, height: 360), recentCount: 3).recent?.count, 3)
        XCTAssertEqual(IdleLayout(windowSize: OverlaySize(width: 640, height: 1000), recentCount: 6).recent?.count, 6)
        XCTAssertEqual(IdleLayout(windowSize: OverlaySize(width: 640, height: 1000), recentCount: 9).recent?.count, 6,
                       "six at most")
        // A tiny window has no room for a row, and stays as it was.
        let tiny = IdleLayout(windowSize: OverlaySize(width: 200, height: 150), recentCount: 6)
        XCTAssertNil(tiny.recent)
        XCTAssertEqual(tiny, IdleLayout(windowSize: OverlaySize(width: 200, height: 150)))

        for size in sizes {
            for count in 1...8 {
                let layout = IdleLayout(windowSize: size, recentCount: count)
                guard let rows = layout.recent else { return XCTFail("\(size), \(count): no rows") }
                XCTAssertLessThanOrEqual(rows.count, min(count, RecentListLayout.maxRows), "\(size), \(count)")
                XCTAssertGreaterThan(rows.count, 0)
                // In the window, under the message's place, centred across it.
                XCTAssertLessThanOrEqual(rows.frame.maxY, size.height, "\(size), \(count): rows below the window")
                XCTAssertGreaterThan(rows.frame.minY, layout.messageCenter.y + layout.fontSize / 2, "\(size), \(count)")
                XCTAssertEqual(rows.frame.midX, size.width / 2, accuracy: 0.001)
                XCTAssertGreaterThanOrEqual(rows.frame.minX, 0)
                XCTAssertLessThanOrEqual(rows.frame.maxX, size.width)
                XCTAssertGreaterThan(layout.titleCenter.y - layout.titleFontSize / 2, 0, "\(size), \(count): title cut")
                XCTAssertEqual(rows.frame.height, Double(rows.count) * rows.rowHeight, accuracy: 0.001)
                // One more row would not have fitted (unless there were no more to show).
                if rows.count < min(count, RecentListLayout.maxRows) {
                    XCTAssertGreaterThan(rows.frame.maxY + rows.rowHeight, size.height - rows.rowHeight * 0.3,
                                         "\(size), \(count): room left for another row")
                }
                XCTAssertGreaterThanOrEqual(rows.titleFontSize, 10)
                XCTAssertGreaterThanOrEqual(rows.detailFontSize, 8)
            }
        }
    }

    func testTheButtonAndTheRowsAreCentredTogether() throws {
        let size = OverlaySize(width: 640, height: 360)
        let alone = IdleLayout(windowSize: size)
        for count in 1...4 {
            let layout = IdleLayout(windowSize: size, recentCount: count)
            let rows = try XCTUnwrap(layout.recent)
            // Everything moved up by the same amount.
            let shift = alone.openButton.minY - layout.openButton.minY
            XCTAssertGreaterThan(shift, 0, "\(count) rows")
            XCTAssertEqual(alone.titleCenter.y - layout.titleCenter.y, shift, accuracy: 0.001)
            XCTAssertEqual(alone.hintCenter.y - layout.hintCenter.y, shift, accuracy: 0.001)
            XCTAssertEqual(alone.messageCenter.y - layout.messageCenter.y, shift, accuracy: 0.001)
            // As much room above the title as below the last row.
            let above = layout.titleCenter.y - layout.titleFontSize * 0.75, below = size.height - rows.frame.maxY
            XCTAssertEqual(above, below, accuracy: 0.001, "\(count) rows")
        }
        // More rows, further up.
        XCTAssertLessThan(IdleLayout(windowSize: size, recentCount: 3).openButton.minY,
                          IdleLayout(windowSize: size, recentCount: 1).openButton.minY)
    }

    func testRowsAreStackedAndTheirPartsKeepApart() throws {
        for size in sizes {
            let rows = try XCTUnwrap(IdleLayout(windowSize: size, recentCount: 6).recent)
            for index in 0..<rows.count {
                let row = rows.rowFrame(index)
                XCTAssertEqual(row.height, rows.rowHeight)
                if index > 0 { XCTAssertEqual(row.minY, rows.rowFrame(index - 1).maxY, accuracy: 0.001) }
                let picture = rows.thumbnailFrame(index), forget = rows.forgetButton(index), bar = rows.barFrame(index)
                for (name, part) in [("picture", picture), ("×", forget), ("bar", bar)] {
                    XCTAssertTrue(part.minX >= row.minX && part.maxX <= row.maxX && part.minY >= row.minY && part.maxY <= row.maxY,
                                  "\(size) row \(index): the \(name) \(part) is out of its row \(row)")
                }
                XCTAssertEqual(picture.width / picture.height, 16.0 / 9.0, accuracy: 0.05)
                XCTAssertGreaterThan(rows.textX, picture.maxX, "text right of the picture")
                XCTAssertLessThanOrEqual(rows.titleRight, forget.minX, "titles stop before the ×")
                XCTAssertEqual(bar.minX, rows.textX)
                XCTAssertLessThan(bar.maxX, rows.labelX, "the time left is after the bar")
                XCTAssertLessThan(rows.labelX, forget.minX)
                XCTAssertGreaterThan(bar.width, rows.rowHeight * 2, "\(size): a bar long enough to read")
                // The title above the bar, both inside the row with room for their text.
                XCTAssertLessThan(rows.titleCenterY(index), rows.detailCenterY(index))
                XCTAssertGreaterThanOrEqual(rows.titleCenterY(index) - rows.titleFontSize * 0.6, row.minY)
                XCTAssertLessThanOrEqual(rows.detailCenterY(index) + rows.detailFontSize * 0.6, row.maxY)
                XCTAssertGreaterThanOrEqual(rows.detailCenterY(index) - rows.titleCenterY(index),
                                            (rows.titleFontSize + rows.detailFontSize) / 2, "\(size): lines overlap")
            }
        }
    }

    func testTheBarFillsAsFarAsWatched() throws {
        let rows = try XCTUnwrap(IdleLayout(windowSize: OverlaySize(width: 640, height: 360), recentCount: 2).recent)
        let groove = rows.barFrame(1)
        XCTAssertEqual(rows.barFill(1, fraction: 0.25).width, groove.width * 0.25, accuracy: 0.001)
        XCTAssertEqual(rows.barFill(1, fraction: 0.25).minX, groove.minX)
        XCTAssertEqual(rows.barFill(1, fraction: 1), groove)
        XCTAssertEqual(rows.barFill(1, fraction: 3), groove, "never past its groove")
        XCTAssertEqual(rows.barFill(1, fraction: -1).width, 0)
    }

    func testClicksFindTheRowOrItsForgetButton() throws {
        for size in sizes {
            let rows = try XCTUnwrap(IdleLayout(windowSize: size, recentCount: 6).recent)
            for index in 0..<rows.count {
                let row = rows.rowFrame(index), forget = rows.forgetButton(index)
                XCTAssertEqual(rows.hit(at: OverlayPoint(x: row.midX, y: row.midY)), .row(index))
                XCTAssertEqual(rows.hit(at: OverlayPoint(x: rows.textX + 2, y: rows.titleCenterY(index))), .row(index))
                XCTAssertEqual(rows.hit(at: OverlayPoint(x: rows.thumbnailFrame(index).midX, y: row.midY)), .row(index))
                XCTAssertEqual(rows.hit(at: OverlayPoint(x: forget.midX, y: forget.midY)), .forget(index))
                XCTAssertEqual(rows.hit(at: OverlayPoint(x: forget.minX, y: forget.minY)), .forget(index))
                XCTAssertEqual(rows.hit(at: OverlayPoint(x: forget.minX - 1, y: forget.midY)), .row(index))
                // Row edges: the top edge belongs to the row, the bottom edge to the next.
                XCTAssertEqual(rows.hit(at: OverlayPoint(x: row.midX, y: row.minY)), .row(index))
                XCTAssertEqual(rows.hit(at: OverlayPoint(x: row.midX, y: row.maxY.nextDown)), .row(index))
            }
            let frame = rows.frame
            XCTAssertNil(rows.hit(at: OverlayPoint(x: frame.midX, y: frame.maxY)), "below the last row")
            XCTAssertNil(rows.hit(at: OverlayPoint(x: frame.midX, y: frame.minY - 1)), "above the first row")
            XCTAssertNil(rows.hit(at: OverlayPoint(x: frame.minX - 1, y: frame.midY)), "left of the rows")
            XCTAssertNil(rows.hit(at: OverlayPoint(x: frame.maxX, y: frame.midY)), "right of the rows")
            let layout = IdleLayout(windowSize: size, recentCount: 6)
            XCTAssertNil(rows.hit(at: OverlayPoint(x: layout.openButton.midX, y: layout.openButton.midY)))
            XCTAssertFalse(layout.isOnOpenButton(OverlayPoint(x: frame.midX, y: rows.rowFrame(0).midY)))
        }
    }
}
