import VPlayCore
import XCTest
@testable import VPlayView

/// The playlist panel's place, its rows in view for a scroll position and its hit-testing,
/// without a window.
final class PlaylistPanelLayoutTests: XCTestCase {
    private let sizes = [OverlaySize(width: 640, height: 360), OverlaySize(width: 1280, height: 720),
                         OverlaySize(width: 3840, height: 2160)]

    private func bar(_ size: OverlaySize) -> OverlayLayout {
        OverlayLayout(windowSize: size, showsTrackButton: true, showsPlaylistButton: true)
    }

    func testButtonShowsWithMoreThanOneEntryBesideTheTrackButton() throws {
        for (count, shows) in [(0, false), (1, false), (2, true), (10_000, true)] {
            let controller = OverlayController(windowSize: sizes[1], now: 0)
            let layout = controller.layout(for: PlaylistPanelFixtures.state(count: count))
            XCTAssertEqual(layout.playlistButton != nil, shows, "\(count) entries")
        }
        for size in sizes {
            let without = OverlayLayout(windowSize: size, showsTrackButton: true)
            let with = bar(size)
            let button = try XCTUnwrap(with.playlistButton)
            let trackButton = try XCTUnwrap(with.trackButton)
            XCTAssertEqual(button.maxX, trackButton.minX, accuracy: 1e-9, "\(size): right before the track button")
            XCTAssertEqual(button.width, with.playPauseButton.width, accuracy: 1e-9, "\(size): a button like the others")
            XCTAssertLessThanOrEqual(with.slider.maxX, button.minX, "\(size)")
            if without.volumeSlider != nil, with.volumeSlider == nil {
                XCTAssertEqual(size.width, 640, "only the smallest window gives up its volume slider for the button")
                XCTAssertGreaterThanOrEqual(with.slider.width, without.slider.width - button.width, "\(size)")
            } else {
                XCTAssertEqual(trackButton, without.trackButton, "\(size): the right-hand group stays put")
                XCTAssertEqual(without.slider.width - with.slider.width, button.width, accuracy: 1e-9, "\(size)")
            }
            XCTAssertEqual(with.hitTest(OverlayPoint(x: button.midX, y: button.midY)), .playlist, "\(size)")
            XCTAssertEqual(with.hitTest(OverlayPoint(x: trackButton.midX, y: trackButton.midY)), .tracks, "\(size)")
            let alone = OverlayLayout(windowSize: size, showsPlaylistButton: true)
            XCTAssertEqual(try XCTUnwrap(alone.playlistButton).maxX, alone.speedButton.minX, accuracy: 1e-9,
                           "\(size): without a track button, right before the speed label")
        }
    }

    func testTenThousandEntriesShowOnlyTheRowsThatFitForAnyScrollPosition() {
        for size in sizes {
            let bar = bar(size), capacity = PlaylistPanelLayout.capacity(bar: bar)
            XCTAssertGreaterThanOrEqual(capacity, 10, "\(size): a useful number of rows")
            for (asked, expected) in [(0, 0), (1, 1), (5_000, 5_000), (-3, 0), (9_999, 10_000 - capacity),
                                      (50_000, 10_000 - capacity)] {
                let layout = PlaylistPanelLayout(bar: bar, entryCount: 10_000, firstRow: asked)
                XCTAssertEqual(layout.firstRow, expected, "\(size): scrolled to \(asked)")
                XCTAssertEqual(layout.visibleCount, capacity, "\(size)")
                XCTAssertEqual(layout.visibleRows, expected..<(expected + capacity), "\(size)")
                XCTAssertEqual(layout.maxFirstRow, 10_000 - capacity)
                let first = layout.rowFrame(layout.firstRow), last = layout.rowFrame(layout.visibleRows.last!)
                XCTAssertEqual(first.minY, layout.frame.minY + layout.padding, accuracy: 1e-9, "\(size): the top row first")
                XCTAssertEqual(last.maxY, layout.frame.maxY - layout.padding, accuracy: 1e-9, "\(size): whole rows only")
                XCTAssertEqual(layout.rowsArea.height, Double(capacity) * layout.rowHeight, accuracy: 1e-9)
            }
            let layout = PlaylistPanelLayout(bar: bar, entryCount: 10_000, firstRow: 0)
            XCTAssertGreaterThan(layout.frame.minY, 0, "\(size)")
            XCTAssertLessThan(layout.frame.maxY, bar.band.minY, "\(size): above the bar")
            XCTAssertLessThan(layout.frame.maxX, size.width, "\(size)")
            XCTAssertGreaterThan(layout.frame.minX, size.width / 2, "\(size): on the right side")
            XCTAssertGreaterThanOrEqual(layout.fontSize, 12, "\(size): readable")
            XCTAssertGreaterThanOrEqual(layout.rowHeight, 20, "\(size): a row big enough to hit")
            XCTAssertGreaterThan(layout.titleArea.width, 12 * PlaylistPanelLayout.averageCharacterWidth * layout.fontSize,
                                 "\(size): room for a title")
            XCTAssertLessThan(layout.titleRight, layout.durationRight - PlaylistPanelLayout.durationEms * layout.fontSize
                              + 1e-9, "\(size): titles end before the durations")
            XCTAssertNotNil(layout.scrollTrack, "\(size): not everything is in view")
        }
    }

    func testAFewEntriesMakeAShortPlateWithoutScrolling() {
        let bar = bar(sizes[1])
        let layout = PlaylistPanelLayout(bar: bar, entryCount: 3, firstRow: 2)
        XCTAssertEqual(layout.visibleRows, 0..<3, "every entry, from the first")
        XCTAssertEqual(layout.frame.height, 3 * layout.rowHeight + 2 * layout.padding, accuracy: 1e-9)
        XCTAssertNil(layout.scrollTrack)
        XCTAssertNil(layout.scrollThumb)
        let empty = PlaylistPanelLayout(bar: bar, entryCount: 0, firstRow: 0)
        XCTAssertEqual(empty.visibleRows, 0..<0)
        XCTAssertNil(empty.row(at: OverlayPoint(x: empty.frame.midX, y: empty.frame.midY)))
    }

    func testPointHitsTheEntryOfItsRowWhereverTheListIsScrolled() {
        for size in sizes {
            let layout = PlaylistPanelLayout(bar: bar(size), entryCount: 10_000, firstRow: 7_123)
            for index in layout.visibleRows {
                let row = layout.rowFrame(index)
                XCTAssertEqual(layout.row(at: OverlayPoint(x: row.midX, y: row.midY)), index, "\(size)")
                XCTAssertEqual(layout.row(at: OverlayPoint(x: row.minX + 1, y: row.minY)), index, "\(size): top edge")
                XCTAssertEqual(layout.row(at: OverlayPoint(x: row.maxX - 1, y: row.maxY - 0.01)), index,
                               "\(size): bottom edge")
            }
            let frame = layout.frame, middle = layout.rowFrame(7_125).midY
            XCTAssertNil(layout.row(at: OverlayPoint(x: frame.midX, y: frame.minY + 1)), "\(size): top padding")
            XCTAssertNil(layout.row(at: OverlayPoint(x: frame.midX, y: frame.maxY - 1)), "\(size): bottom padding")
            XCTAssertNil(layout.row(at: OverlayPoint(x: frame.minX - 1, y: middle)), "\(size): left of it")
            XCTAssertNil(layout.row(at: OverlayPoint(x: frame.maxX, y: middle)), "\(size): right of it")
            XCTAssertNil(layout.row(at: OverlayPoint(x: frame.midX, y: frame.maxY + 5)), "\(size): below it")
        }
    }

    func testDropGapIsTheNearestBoundaryInView() {
        let layout = PlaylistPanelLayout(bar: bar(sizes[1]), entryCount: 10_000, firstRow: 100)
        let end = 100 + layout.visibleCount
        for gap in 100...end {
            XCTAssertEqual(layout.gapY(gap), layout.rowsArea.minY + Double(gap - 100) * layout.rowHeight, accuracy: 1e-9)
            XCTAssertEqual(layout.gap(atY: layout.gapY(gap)), gap)
            XCTAssertEqual(layout.gap(atY: layout.gapY(gap) + 0.4 * layout.rowHeight), gap,
                           "less than half a row below a boundary")
            XCTAssertEqual(layout.gap(atY: layout.gapY(gap) - 0.4 * layout.rowHeight), gap)
        }
        XCTAssertEqual(layout.gap(atY: layout.rowFrame(105).midY + 1), 106, "past a row's middle: after it")
        XCTAssertEqual(layout.gap(atY: layout.rowFrame(105).midY - 1), 105, "above a row's middle: before it")
        XCTAssertEqual(layout.gap(atY: -500), 100, "above the plate: the top row's boundary")
        XCTAssertEqual(layout.gap(atY: 5_000), end, "below it: after the bottom row")
    }

    func testScrollingToShowAnEntryMovesAsLittleAsNeeded() {
        let layout = PlaylistPanelLayout(bar: bar(sizes[1]), entryCount: 10_000, firstRow: 100)
        let count = layout.visibleCount
        XCTAssertEqual(layout.firstRow(showing: 100), 100, "in view: no scroll")
        XCTAssertEqual(layout.firstRow(showing: 100 + count - 1), 100)
        XCTAssertEqual(layout.firstRow(showing: 99), 99, "one above: one row up")
        XCTAssertEqual(layout.firstRow(showing: 100 + count), 101, "one below: one row down")
        XCTAssertEqual(layout.firstRow(showing: 9_999), 10_000 - count, "the last at the bottom")
        XCTAssertEqual(layout.firstRow(showing: 0), 0)
        XCTAssertEqual(PlaylistPanelLayout.firstRow(centering: 5_000, entryCount: 10_000, capacity: 11), 4_995)
        XCTAssertEqual(PlaylistPanelLayout.firstRow(centering: 2, entryCount: 10_000, capacity: 11), 0)
        XCTAssertEqual(PlaylistPanelLayout.firstRow(centering: 9_998, entryCount: 10_000, capacity: 11), 9_989)
        XCTAssertEqual(PlaylistPanelLayout.firstRow(centering: 3, entryCount: 5, capacity: 11), 0)
    }

    func testScrollThumbTravelsTheGrooveWithTheTopRow() throws {
        let bar = bar(sizes[1])
        let top = PlaylistPanelLayout(bar: bar, entryCount: 10_000, firstRow: 0)
        let track = try XCTUnwrap(top.scrollTrack)
        let atTop = try XCTUnwrap(top.scrollThumb)
        XCTAssertEqual(atTop.minY, track.minY, accuracy: 1e-9)
        XCTAssertGreaterThanOrEqual(atTop.height, top.fontSize * 1.2 - 1e-9, "big enough to see among 10,000")
        let bottom = try XCTUnwrap(PlaylistPanelLayout(bar: bar, entryCount: 10_000, firstRow: 10_000).scrollThumb)
        XCTAssertEqual(bottom.maxY, track.maxY, accuracy: 1e-9)
        let middle = try XCTUnwrap(PlaylistPanelLayout(bar: bar, entryCount: 10_000, firstRow: top.maxFirstRow / 2)
            .scrollThumb)
        XCTAssertEqual(middle.midY, track.midY, accuracy: 1)
        XCTAssertLessThan(track.maxX, top.frame.maxX, "inside the plate")
        XCTAssertLessThan(top.durationRight, track.minX, "durations end before it")
    }

    func testRowsSayTheTitleElseTheFileNameAndTheDuration() {
        let titled = PlaylistItem(path: "/films/a.mkv", title: "A Film", duration: 5_025, id: 1)
        XCTAssertEqual(PlaylistPanel.title(of: titled), "A Film")
        XCTAssertEqual(PlaylistPanel.durationText(of: titled), "1:23:45")
        let plain = PlaylistItem(path: "/films/b c.mp4", duration: 245, id: 2)
        XCTAssertEqual(PlaylistPanel.title(of: plain), "b c.mp4")
        XCTAssertEqual(PlaylistPanel.durationText(of: plain), "4:05")
        XCTAssertEqual(PlaylistPanel.title(of: PlaylistItem(path: "/films/d.mkv", title: "", id: 3)), "d.mkv",
                       "an empty title is no title")
        XCTAssertNil(PlaylistPanel.durationText(of: PlaylistItem(path: "x", id: 4)), "unknown")
        XCTAssertNil(PlaylistPanel.durationText(of: PlaylistItem(path: "x", duration: .infinity, id: 5)), "a live stream")
        XCTAssertEqual(PlaylistPanel.fileName("https://example.com/show/ep1.mp4?token=a/b"), "ep1.mp4")
        XCTAssertEqual(PlaylistPanel.fileName("https://example.com/"), "example.com")
        XCTAssertEqual(PlaylistPanel.fileName("relative.mkv"), "relative.mkv")
        XCTAssertEqual(PlaylistPanel.fileName("/music/album/"), "album")
        XCTAssertEqual(PlaylistPanel.fileName("/"), "/")
    }
}
