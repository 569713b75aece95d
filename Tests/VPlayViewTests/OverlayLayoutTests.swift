import XCTest
@testable import VPlayView

final class OverlayLayoutTests: XCTestCase {
    private let sizes = [OverlaySize(width: 640, height: 360), OverlaySize(width: 1280, height: 720),
                         OverlaySize(width: 3840, height: 2160)]

    func testBarHeightScalesWithTheWindowWithinBounds() {
        let heights = sizes.map { OverlayLayout(windowSize: $0).barHeight }
        XCTAssertEqual(heights[0], 40, accuracy: 1e-9, "0.09 × 360 is below the 40-point floor")
        XCTAssertEqual(heights[1], 64.8, accuracy: 1e-9)
        XCTAssertEqual(heights[2], 140, accuracy: 1e-9, "0.09 × 2160 is above the 140-point ceiling")
    }

    func testBandSitsAtTheBottomAcrossTheWholeWidth() {
        for size in sizes {
            let layout = OverlayLayout(windowSize: size)
            XCTAssertEqual(layout.band, OverlayRect(x: 0, y: size.height - layout.barHeight,
                                                    width: size.width, height: layout.barHeight))
        }
    }

    func testControlsAreInOrderInsideTheBandAndReadable() {
        for size in sizes {
            let layout = OverlayLayout(windowSize: size)
            let row = [layout.skipBackButton, layout.playPauseButton, layout.skipForwardButton, layout.timeLabel, layout.slider]
            for (left, right) in zip(row, row.dropFirst()) {
                XCTAssertLessThanOrEqual(left.maxX, right.minX, "\(size): controls overlap")
            }
            for rect in row {
                XCTAssertGreaterThanOrEqual(rect.minY, layout.band.minY)
                XCTAssertLessThanOrEqual(rect.maxY, layout.band.maxY)
                XCTAssertGreaterThan(rect.width, 0)
            }
            XCTAssertGreaterThan(layout.slider.maxX, size.width * 0.95, "\(size): slider should reach the right edge")
            XCTAssertGreaterThan(layout.track.width, size.width / 2, "\(size): slider takes most of the bar")
            XCTAssertGreaterThanOrEqual(layout.playPauseButton.width, 36, "\(size): button too small to hit")
            XCTAssertGreaterThanOrEqual(layout.fontSize, 13, "\(size): label unreadable")
            XCTAssertEqual(layout.track.midY, layout.band.midY, accuracy: 1e-9)
        }
        XCTAssertGreaterThan(OverlayLayout(windowSize: sizes[2]).fontSize, 40, "4K needs a large label")
    }

    func testRoomForHoursWidensTheLabelAndShortensTheSlider() {
        let short = OverlayLayout(windowSize: sizes[1]), long = OverlayLayout(windowSize: sizes[1], showsHours: true)
        XCTAssertGreaterThan(long.timeLabel.width, short.timeLabel.width)
        XCTAssertEqual(long.slider.minX - short.slider.minX, long.timeLabel.width - short.timeLabel.width, accuracy: 1e-9)
    }

    func testHitTestFindsEachElement() {
        for size in sizes {
            let layout = OverlayLayout(windowSize: size)
            func center(_ rect: OverlayRect) -> OverlayPoint { OverlayPoint(x: rect.midX, y: rect.midY) }
            XCTAssertEqual(layout.hitTest(center(layout.skipBackButton)), .skipBack, "\(size)")
            XCTAssertEqual(layout.hitTest(center(layout.playPauseButton)), .playPause, "\(size)")
            XCTAssertEqual(layout.hitTest(center(layout.skipForwardButton)), .skipForward, "\(size)")
            XCTAssertEqual(layout.hitTest(center(layout.slider)), .slider, "\(size)")
            XCTAssertEqual(layout.hitTest(OverlayPoint(x: layout.slider.midX, y: layout.band.minY + 1)), .slider,
                           "\(size): the slider is grabbable across the band's height")
            XCTAssertEqual(layout.hitTest(center(layout.timeLabel)), .bar, "\(size)")
            XCTAssertEqual(layout.hitTest(OverlayPoint(x: 1, y: size.height - 1)), .bar, "\(size)")
            XCTAssertNil(layout.hitTest(OverlayPoint(x: size.width / 2, y: layout.band.minY - 1)), "\(size): video area")
            XCTAssertNil(layout.hitTest(OverlayPoint(x: 10, y: 10)), "\(size)")
        }
    }

    func testSliderMappingIsClampedAndRoundTrips() {
        let layout = OverlayLayout(windowSize: sizes[1])
        XCTAssertEqual(layout.fraction(atX: layout.track.minX), 0)
        XCTAssertEqual(layout.fraction(atX: layout.track.maxX), 1)
        XCTAssertEqual(layout.fraction(atX: layout.track.minX - 50), 0)
        XCTAssertEqual(layout.fraction(atX: layout.track.maxX + 50), 1)
        XCTAssertEqual(layout.fraction(atX: layout.track.midX), 0.5, accuracy: 1e-12)
        XCTAssertEqual(layout.thumbX(for: -0.5), layout.track.minX)
        XCTAssertEqual(layout.thumbX(for: 2), layout.track.maxX)
        for fraction in [0.0, 0.1, 0.37, 0.9, 1] {
            XCTAssertEqual(layout.fraction(atX: layout.thumbX(for: fraction)), fraction, accuracy: 1e-12)
        }
    }

    func testTooltipSitsAboveTheBandInsideTheWindow() {
        let layout = OverlayLayout(windowSize: sizes[0])
        let content = OverlaySize(width: 40, height: 16)
        let middle = layout.tooltipFrame(centeredAt: 300, contentSize: content)
        XCTAssertEqual(middle.midX, 300, accuracy: 1e-9)
        XCTAssertLessThanOrEqual(middle.maxY, layout.band.minY)
        XCTAssertGreaterThan(middle.width, content.width)
        XCTAssertEqual(layout.tooltipFrame(centeredAt: 639, contentSize: content).maxX, 640, accuracy: 1e-9)
        XCTAssertEqual(layout.tooltipFrame(centeredAt: 1, contentSize: content).minX, 0, accuracy: 1e-9)
    }

    func testTinyWindowDoesNotProduceNegativeSizes() {
        let layout = OverlayLayout(windowSize: OverlaySize(width: 120, height: 30))
        XCTAssertEqual(layout.barHeight, 30, "the bar never exceeds the window")
        XCTAssertGreaterThanOrEqual(layout.slider.width, 0)
        XCTAssertGreaterThanOrEqual(layout.track.width, 0)
        XCTAssertEqual(layout.fraction(atX: 50), 0)
    }
}
