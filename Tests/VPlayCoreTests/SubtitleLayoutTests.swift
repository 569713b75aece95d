import XCTest
@testable import VPlayCore

/// Subtitle arithmetic without a window: boxes, the lift above the bar, settings and colours,
/// finding lines, bitmap pictures ending each other.
final class SubtitleLayoutTests: XCTestCase {
    private let canvas = SubtitleCanvas(width: 640, height: 480, video: PixelBox(x: 0, y: 60, width: 640, height: 360))

    func testBoxesJoinAndMeet() {
        let a = PixelBox(x: 10, y: 10, width: 20, height: 10)
        let b = PixelBox(x: 25, y: 0, width: 10, height: 15)
        XCTAssertEqual(a.union(b), PixelBox(x: 10, y: 0, width: 25, height: 20))
        XCTAssertEqual(a.union(nil), a)
        XCTAssertEqual(a.intersection(b), PixelBox(x: 25, y: 10, width: 5, height: 5))
        XCTAssertNil(a.intersection(PixelBox(x: 100, y: 100, width: 5, height: 5)))
    }

    func testLowerLinesSplitFromTopOnesOnlyWhenApart() {
        let top = PixelBox(x: 100, y: 40, width: 200, height: 30)
        let bottom = PixelBox(x: 150, y: 400, width: 300, height: 40)
        let split = SubtitleCanvas.split([top, bottom], height: 480)
        XCTAssertEqual(split.all, top.union(bottom))
        XCTAssertEqual(split.lower, bottom)
        // A tall upper line reaching down past the lower one's top: nothing can move alone.
        let tall = PixelBox(x: 0, y: 20, width: 50, height: 400)
        XCTAssertNil(SubtitleCanvas.split([tall, bottom], height: 480).lower)
        XCTAssertNil(SubtitleCanvas.split([top], height: 480).lower)
    }

    func testLiftClearsTheBarAndNeverGoesOffTheTop() {
        let bottom = PixelBox(x: 150, y: 420, width: 300, height: 40)
        // Bar of 50 px: its top is at 430, less a 4 px gap.
        XCTAssertEqual(canvas.lift(of: bottom, barHeight: 50), 460 - 426)
        XCTAssertEqual(canvas.lift(of: bottom, barHeight: 0), 0)
        XCTAssertEqual(canvas.lift(of: PixelBox(x: 0, y: 300, width: 10, height: 20), barHeight: 50), 0, "already clear")
        XCTAssertEqual(canvas.lift(of: PixelBox(x: 0, y: 10, width: 10, height: 460), barHeight: 50), 10)
    }

    func testSettingsStayInRangeAndSayWhatChanged() {
        var settings = SubtitleSettings()
        settings = settings.with(.delay(0.3))
        XCTAssertEqual(settings.message(for: .delay(0.3)), "Sub delay: 300 ms")
        XCTAssertEqual(settings.with(.scale(100)).scale, SubtitleSettings.scaleRange.upperBound)
        XCTAssertEqual(settings.with(.position(-5)).position, 0)
        XCTAssertEqual(settings.with(.visible(false)).message(for: .visible(false)), "Subtitles hidden")
    }

    func testColoursReadAndWriteMpvsForm() {
        XCTAssertEqual(SubtitleColor("#FF8000"), SubtitleColor(red: 255, green: 128, blue: 0))
        XCTAssertEqual(SubtitleColor("#80FFFFFF")?.alpha, 0x80)
        XCTAssertEqual(SubtitleColor("#80FFFFFF")?.description, "#80FFFFFF")
        XCTAssertEqual(SubtitleColor.white.description, "#FFFFFF")
        XCTAssertNil(SubtitleColor("red"))
        XCTAssertNil(SubtitleColor("#12345"))
    }

    func testTimelineFindsTheLineShownAndTheNeighbours() {
        var timeline = SubtitleTimeline()
        timeline.insert(SubtitleEvent(start: 1, end: 3, text: "one"))
        timeline.insert(SubtitleEvent(start: 4, end: 6, text: "two"))
        timeline.insert(SubtitleEvent(start: 5, end: 7, text: "three"))
        XCTAssertEqual(timeline.firstShown(at: 5.5)?.text, "two")
        XCTAssertNil(timeline.firstShown(at: 3.5))
        XCTAssertEqual(timeline.lineStart(from: 1, forward: true), 4)
        XCTAssertEqual(timeline.lineStart(from: 4, forward: false), 1, "a line just begun is not found again")
        XCTAssertEqual(timeline.lineStart(from: 4.5, forward: false), 4)
        XCTAssertNil(timeline.lineStart(from: 5, forward: true))
        XCTAssertEqual(timeline.nextChange(after: 0), 1)
        XCTAssertEqual(timeline.nextChange(after: 2), 3)
        XCTAssertEqual(timeline.nextChange(after: 4.5), 5)
        XCTAssertEqual(timeline.nextChange(after: 5.5), 6)
        XCTAssertNil(timeline.nextChange(after: 7))
    }

    func testBitmapPicturesEndWhereTheNextBegins() {
        var pictures = SubtitlePictures()
        let rect = SubtitlePicture.Rect(x: 0, y: 0, width: 1, height: 1, rgba: [255, 255, 255, 255])
        pictures.insert(SubtitlePicture(start: 1, end: 3600, rects: [rect], canvasWidth: 0, canvasHeight: 0))
        pictures.insert(SubtitlePicture(start: 2, end: 3600, rects: [], canvasWidth: 0, canvasHeight: 0))
        XCTAssertNotNil(pictures.picture(at: 1.5).picture)
        XCTAssertNil(pictures.picture(at: 2.5).picture, "the empty picture clears the screen")
        XCTAssertNil(pictures.picture(at: 0.5).picture)
        XCTAssertNotEqual(pictures.picture(at: 1.5).key, 0)
    }
}
