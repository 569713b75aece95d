import XCTest
@testable import VPlayCore

/// Where the picture goes in the window and which part of it shows, after crop, aspect,
/// rotation, panscan, zoom and pan.
final class PictureLayoutTests: XCTestCase {
    private let hd = VideoGeometry(width: 1280, height: 720)

    private func layout(_ display: DisplaySettings, geometry: VideoGeometry? = nil, window: (Int, Int) = (1280, 720))
        -> PictureLayout? {
        let geometry = geometry ?? hd
        return PictureLayout.make(width: geometry.width, height: geometry.height, geometry: geometry, display: display,
                                  windowWidth: window.0, windowHeight: window.1)
    }

    private func settings(_ change: (inout DisplaySettings) -> Void) -> DisplaySettings {
        var display = DisplaySettings()
        change(&display)
        return display
    }

    func testPlainPictureFillsAWindowOfItsShapeAndLetterboxesAnother() throws {
        let same = try XCTUnwrap(layout(DisplaySettings()))
        XCTAssertEqual(same.destination, PixelBox(x: 0, y: 0, width: 1280, height: 720))
        XCTAssertEqual(same.source, PixelBox(x: 0, y: 0, width: 1280, height: 720))
        XCTAssertEqual(same.rotation, 0)
        let square = try XCTUnwrap(layout(DisplaySettings(), window: (800, 800)))
        XCTAssertEqual(square.destination, PixelBox(x: 0, y: 175, width: 800, height: 450))
    }

    func testZoomOneDoublesThePictureAndShowsItsMiddleHalf() throws {
        let zoomed = try XCTUnwrap(layout(settings { $0.zoom = 1 }))
        XCTAssertEqual(zoomed.picture, PixelBox(x: -640, y: -360, width: 2560, height: 1440))
        XCTAssertEqual(zoomed.destination, PixelBox(x: 0, y: 0, width: 1280, height: 720))
        XCTAssertEqual(zoomed.source, PixelBox(x: 320, y: 180, width: 640, height: 360))
        let halved = try XCTUnwrap(layout(settings { $0.zoom = -1 }))
        XCTAssertEqual(halved.destination, PixelBox(x: 320, y: 180, width: 640, height: 360))
        XCTAssertEqual(halved.source, PixelBox(x: 0, y: 0, width: 1280, height: 720))
    }

    func testPanMovesByThePicturesOwnSizeAndCutsWhatLeavesTheWindow() throws {
        let moved = try XCTUnwrap(layout(settings { $0.panX = 0.25; $0.panY = -0.5 }))
        XCTAssertEqual(moved.picture, PixelBox(x: 320, y: -360, width: 1280, height: 720))
        XCTAssertEqual(moved.destination, PixelBox(x: 320, y: 0, width: 960, height: 360))
        // The left three quarters of the picture's lower half.
        XCTAssertEqual(moved.source, PixelBox(x: 0, y: 360, width: 960, height: 360))
        XCTAssertNil(layout(settings { $0.panX = 1 }), "a picture moved out of the window leaves nothing to draw")
    }

    func testRotationIsAddedToTheStreamsAndTurnsThePicturePortrait() throws {
        let turned = try XCTUnwrap(layout(settings { $0.rotate = 90 }))
        XCTAssertEqual(turned.rotation, 90)
        XCTAssertEqual(turned.destination, PixelBox(x: 438, y: 0, width: 405, height: 720))
        XCTAssertEqual(turned.unturnedSize.width, 720)
        XCTAssertEqual(turned.unturnedSize.height, 405)
        let stream = VideoGeometry(width: 1280, height: 720, rotation: 270)
        XCTAssertEqual(try XCTUnwrap(layout(settings { $0.rotate = 90 }, geometry: stream)).rotation, 0)
        XCTAssertEqual(try XCTUnwrap(layout(settings { $0.rotate = 180 }, geometry: stream)).rotation, 90)
    }

    /// Zoomed and turned: the part that shows is found in the unturned picture.
    func testZoomedQuarterTurnShowsTheRightPartOfTheSource() throws {
        // A square picture in a square window, turned clockwise, doubled, moved so that its
        // upper-left quarter shows: that quarter was the source's lower-left.
        let geometry = VideoGeometry(width: 400, height: 400)
        let shown = try XCTUnwrap(layout(settings { $0.rotate = 90; $0.zoom = 1; $0.panX = 0.25; $0.panY = 0.25 },
                                         geometry: geometry, window: (400, 400)))
        XCTAssertEqual(shown.destination, PixelBox(x: 0, y: 0, width: 400, height: 400))
        XCTAssertEqual(shown.source, PixelBox(x: 0, y: 200, width: 200, height: 200))
    }

    func testAspectOverrideReshapesTheWholePicture() throws {
        let square = try XCTUnwrap(layout(settings { $0.aspectOverride = 1 }))
        XCTAssertEqual(square.destination, PixelBox(x: 280, y: 0, width: 720, height: 720))
        let anamorphic = VideoGeometry(width: 720, height: 576, sampleAspect: 64.0 / 45)
        let stream = try XCTUnwrap(layout(DisplaySettings(), geometry: anamorphic, window: (1024, 576)))
        XCTAssertEqual(stream.destination.width, 1024)
        let overridden = try XCTUnwrap(layout(settings { $0.aspectOverride = 4.0 / 3 }, geometry: anamorphic, window: (1024, 576)))
        XCTAssertEqual(overridden.destination, PixelBox(x: 128, y: 0, width: 768, height: 576))
    }

    func testCropShowsItsPartFittedToTheWindowKeepingThePixelShape() throws {
        let crop = try XCTUnwrap(VideoCrop("640x360+100+50"))
        let cropped = try XCTUnwrap(layout(settings { $0.crop = crop }))
        XCTAssertEqual(cropped.source, PixelBox(x: 100, y: 50, width: 640, height: 360))
        XCTAssertEqual(cropped.destination, PixelBox(x: 0, y: 0, width: 1280, height: 720))
        let centred = try XCTUnwrap(layout(settings { $0.crop = VideoCrop("320x720") }))
        XCTAssertEqual(centred.source, PixelBox(x: 480, y: 0, width: 320, height: 720))
        XCTAssertEqual(centred.destination, PixelBox(x: 480, y: 0, width: 320, height: 720))
        // Partly outside: cut to the picture; wholly outside: the whole picture shows.
        let partly = try XCTUnwrap(layout(settings { $0.crop = VideoCrop("1000x1000+1000+500") }))
        XCTAssertEqual(partly.source, PixelBox(x: 1000, y: 500, width: 280, height: 220))
        let outside = try XCTUnwrap(layout(settings { $0.crop = VideoCrop("100x100+5000+5000") }))
        XCTAssertEqual(outside.source, PixelBox(x: 0, y: 0, width: 1280, height: 720))
    }

    func testPanscanGrowsIntoTheBars() throws {
        let full = try XCTUnwrap(layout(settings { $0.panscan = 1 }, window: (1280, 1280)))
        XCTAssertEqual(full.picture.height, 1280)
        XCTAssertEqual(full.destination, PixelBox(x: 0, y: 0, width: 1280, height: 1280))
        XCTAssertEqual(full.source.height, 720)
        XCTAssertLessThan(full.source.width, 740)
        let half = try XCTUnwrap(layout(settings { $0.panscan = 0.5 }, window: (1280, 1280)))
        XCTAssertEqual(half.picture.height, 1000)
    }

    func testExtremeZoomStillShowsAtLeastTwoSourcePixels() throws {
        let deep = try XCTUnwrap(layout(settings { $0.zoom = 20 }))
        XCTAssertGreaterThanOrEqual(deep.source.width, 2)
        XCTAssertGreaterThanOrEqual(deep.source.height, 2)
        XCTAssertEqual(deep.destination, PixelBox(x: 0, y: 0, width: 1280, height: 720))
        let tiny = try XCTUnwrap(layout(settings { $0.zoom = -20 }))
        XCTAssertEqual(tiny.destination.width, 1)
    }

    func testSourcePartsStartOnEvenPixels() throws {
        for pan in stride(from: -0.45, through: 0.45, by: 0.05) {
            let shown = try XCTUnwrap(layout(settings { $0.zoom = 0.7; $0.panX = pan; $0.panY = -pan }))
            XCTAssertEqual(shown.source.x % 2, 0)
            XCTAssertEqual(shown.source.y % 2, 0)
            XCTAssertLessThanOrEqual(shown.source.x + shown.source.width, 1280)
            XCTAssertLessThanOrEqual(shown.source.y + shown.source.height, 720)
        }
    }
}
