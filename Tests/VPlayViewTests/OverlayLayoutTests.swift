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

    func testControlsAreInOrderInsideTheBandAndReadable() throws {
        for size in sizes {
            let layout = OverlayLayout(windowSize: size)
            let volume = try XCTUnwrap(layout.volumeSlider, "\(size): room for the volume slider")
            let row = [layout.skipBackButton, layout.playPauseButton, layout.skipForwardButton, layout.timeLabel, layout.slider,
                       layout.speedButton, layout.muteButton, volume]
            for (left, right) in zip(row, row.dropFirst()) {
                XCTAssertLessThanOrEqual(left.maxX, right.minX, "\(size): controls overlap")
            }
            for rect in row {
                XCTAssertGreaterThanOrEqual(rect.minY, layout.band.minY)
                XCTAssertLessThanOrEqual(rect.maxY, layout.band.maxY)
                XCTAssertGreaterThan(rect.width, 0)
            }
            XCTAssertGreaterThan(volume.maxX, size.width * 0.97, "\(size): the volume slider ends at the right edge")
            XCTAssertLessThanOrEqual(volume.maxX, size.width)
            XCTAssertEqual(row.map(\.width).max(), layout.slider.width, "\(size): the seek slider is the longest control")
            XCTAssertGreaterThanOrEqual(layout.slider.width, OverlayLayout.minimumSliderBars * layout.barHeight)
            XCTAssertGreaterThan(layout.track.width, size.width * 0.33, "\(size): the seek slider stays long")
            XCTAssertGreaterThanOrEqual(layout.playPauseButton.width, 36, "\(size): button too small to hit")
            XCTAssertGreaterThanOrEqual(layout.muteButton.width, 36, "\(size): button too small to hit")
            XCTAssertGreaterThanOrEqual(layout.speedButton.width, 3.1 * layout.fontSize, "\(size): room for \"0.75×\"")
            XCTAssertGreaterThanOrEqual(try XCTUnwrap(layout.volumeTrack).width, 50, "\(size): volume slider too short")
            XCTAssertGreaterThanOrEqual(layout.fontSize, 13, "\(size): label unreadable")
            XCTAssertEqual(layout.track.midY, layout.band.midY, accuracy: 1e-9)
            XCTAssertEqual(layout.volumeTrack?.midY ?? 0, layout.band.midY, accuracy: 1e-9)
        }
        XCTAssertGreaterThan(OverlayLayout(windowSize: sizes[2]).fontSize, 40, "4K needs a large label")
    }

    func testVolumeSliderGivesWayInNarrowWindows() {
        let full = OverlayLayout(windowSize: sizes[0])
        XCTAssertNotNil(full.volumeSlider, "640×360 keeps it")
        XCTAssertNotNil(OverlayLayout(windowSize: sizes[0], showsHours: true).volumeSlider, "also with hours in the label")
        for size in [OverlaySize(width: 560, height: 360), OverlaySize(width: 640, height: 720),
                     OverlaySize(width: 480, height: 270)] {
            let narrow = OverlayLayout(windowSize: size)
            XCTAssertNil(narrow.volumeSlider, "\(size)")
            XCTAssertNil(narrow.volumeTrack, "\(size)")
            XCTAssertNil(narrow.volumeThumbX(for: 0.5), "\(size)")
            XCTAssertEqual(narrow.volumeFraction(atX: size.width - 10), 0, "\(size)")
            XCTAssertEqual(narrow.muteButton.maxX, size.width - narrow.barHeight * 0.2, accuracy: 1e-9,
                           "\(size): mute moves to the right edge")
            XCTAssertLessThanOrEqual(narrow.slider.maxX, narrow.speedButton.minX)
            XCTAssertGreaterThan(narrow.slider.width, 0, "\(size): the seek slider is still there")
        }
        // At the smallest bar the threshold is 576 points; below it the volume slider's width
        // goes to the seek slider.
        let barely = OverlayLayout(windowSize: OverlaySize(width: 577, height: 360))
        let narrow = OverlayLayout(windowSize: OverlaySize(width: 575, height: 360))
        XCTAssertNotNil(barely.volumeSlider)
        XCTAssertEqual(barely.slider.width, OverlayLayout.minimumSliderBars * barely.barHeight, accuracy: 1.5,
                       "kept while the seek slider keeps its minimum")
        XCTAssertNil(narrow.volumeSlider)
        XCTAssertEqual(narrow.slider.width - barely.slider.width, (barely.volumeSlider?.width ?? 0) - 2, accuracy: 1e-9)
    }

    func testRoomForHoursWidensTheLabelAndShortensTheSlider() {
        let short = OverlayLayout(windowSize: sizes[1]), long = OverlayLayout(windowSize: sizes[1], showsHours: true)
        XCTAssertGreaterThan(long.timeLabel.width, short.timeLabel.width)
        XCTAssertEqual(long.slider.minX - short.slider.minX, long.timeLabel.width - short.timeLabel.width, accuracy: 1e-9)
    }

    func testHitTestFindsEachElement() throws {
        for size in sizes {
            let layout = OverlayLayout(windowSize: size)
            func center(_ rect: OverlayRect) -> OverlayPoint { OverlayPoint(x: rect.midX, y: rect.midY) }
            XCTAssertEqual(layout.hitTest(center(layout.skipBackButton)), .skipBack, "\(size)")
            XCTAssertEqual(layout.hitTest(center(layout.playPauseButton)), .playPause, "\(size)")
            XCTAssertEqual(layout.hitTest(center(layout.skipForwardButton)), .skipForward, "\(size)")
            XCTAssertEqual(layout.hitTest(center(layout.slider)), .slider, "\(size)")
            XCTAssertEqual(layout.hitTest(OverlayPoint(x: layout.slider.midX, y: layout.band.minY + 1)), .slider,
                           "\(size): the slider is grabbable across the band's height")
            XCTAssertEqual(layout.hitTest(center(layout.speedButton)), .speed, "\(size)")
            XCTAssertEqual(layout.hitTest(center(layout.muteButton)), .mute, "\(size)")
            XCTAssertEqual(layout.hitTest(center(try XCTUnwrap(layout.volumeSlider))), .volume, "\(size)")
            let volumeEnd = try XCTUnwrap(layout.volumeTrack).maxX
            XCTAssertEqual(layout.hitTest(OverlayPoint(x: volumeEnd, y: layout.band.maxY - 1)), .volume,
                           "\(size): full volume is in reach")
            XCTAssertEqual(layout.hitTest(center(layout.timeLabel)), .bar, "\(size)")
            XCTAssertEqual(layout.hitTest(OverlayPoint(x: 1, y: size.height - 1)), .bar, "\(size)")
            XCTAssertEqual(layout.hitTest(OverlayPoint(x: size.width - 1, y: size.height - 1)), .bar, "\(size): right padding")
            XCTAssertNil(layout.hitTest(OverlayPoint(x: size.width / 2, y: layout.band.minY - 1)), "\(size): video area")
            XCTAssertNil(layout.hitTest(OverlayPoint(x: layout.muteButton.midX, y: layout.band.minY - 1)), "\(size)")
            XCTAssertNil(layout.hitTest(OverlayPoint(x: 10, y: 10)), "\(size)")
        }
        let narrow = OverlayLayout(windowSize: OverlaySize(width: 480, height: 270))
        XCTAssertEqual(narrow.hitTest(OverlayPoint(x: narrow.muteButton.midX, y: narrow.band.midY)), .mute)
        XCTAssertEqual(narrow.hitTest(OverlayPoint(x: narrow.speedButton.midX, y: narrow.band.midY)), .speed)
        XCTAssertEqual(narrow.hitTest(OverlayPoint(x: 479, y: narrow.band.midY)), .bar, "no volume slider to hit")
    }

    func testVolumeMappingIsClampedAndRoundTrips() throws {
        let layout = OverlayLayout(windowSize: sizes[1])
        let track = try XCTUnwrap(layout.volumeTrack)
        XCTAssertEqual(layout.volumeFraction(atX: track.minX - 10), 0)
        XCTAssertEqual(layout.volumeFraction(atX: track.maxX + 10), 1)
        for fraction in [0.0, 0.25, 0.77, 1] {
            XCTAssertEqual(layout.volumeFraction(atX: try XCTUnwrap(layout.volumeThumbX(for: fraction))), fraction,
                           accuracy: 1e-12)
        }
    }

    func testLoopMarkCrossesTheTrack() {
        for size in sizes {
            let layout = OverlayLayout(windowSize: size)
            let mark = layout.loopMark(atX: layout.track.midX)
            XCTAssertEqual(mark.midX, layout.track.midX, accuracy: 1e-9)
            XCTAssertEqual(mark.midY, layout.track.midY, accuracy: 1e-9)
            XCTAssertGreaterThan(mark.height, layout.track.height * 2, "\(size): stands out from the track")
            XCTAssertLessThan(mark.height, layout.thumbRadius * 3, "\(size): smaller than the thumb's swing")
            XCTAssertGreaterThanOrEqual(mark.width, 2, "\(size): visible")
        }
    }

    func testMessagePlateIsTopLeftReadableAndInsideTheWindow() {
        for size in sizes {
            let layout = MessageLayout(windowSize: size)
            XCTAssertGreaterThanOrEqual(layout.fontSize, 15, "\(size): message unreadable")
            let widest = layout.plate(contentSize: OverlaySize(width: layout.maxTextWidth, height: layout.fontSize * 1.2))
            XCTAssertEqual(widest.minX, layout.margin)
            XCTAssertEqual(widest.minY, layout.margin)
            XCTAssertEqual(widest.maxX, size.width - layout.margin, accuracy: 1e-9, "\(size): wrapped text fits")
            XCTAssertLessThan(widest.maxY, size.height / 4, "\(size): a small plate")
        }
        XCTAssertGreaterThan(MessageLayout(windowSize: sizes[2]).fontSize, 45, "4K needs a large message")
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
