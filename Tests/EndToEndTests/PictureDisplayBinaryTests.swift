import Foundation
import TestSupport
import XCTest

/// The picture's placement and colours in the built player, paused, read back from the window:
/// a white 80×80 square on grey in a 640×360 window of the picture's size.
final class PictureDisplayBinaryTests: XCTestCase {
    private func pausedPlayer(_ arguments: [String] = []) throws -> (PlayerSession, IPCClient) {
        try skipWithoutDisplay()
        let player = try PlayerSession(clip: try MediaFactory.clip(.squareOnGrey()), arguments: ["--pause"] + arguments,
                                       displayAspect: 16.0 / 9.0)
        let ipc = try XCTUnwrap(player.ipc)
        XCTAssertNotNil(try player.waitForCapture(timeout: .seconds(10)) { Self.run(in: $0, row: $0.height / 2, above: 200) > 0 },
                        "the square never showed")
        return (player, ipc)
    }

    /// Pixels brighter than `above` along row `row` (the square: > 200; the picture: > 40).
    private static func run(in image: RGBImage, row: Int, above: Double) -> Int {
        (0..<image.width).filter { image.brightness(x: $0, y: row) > above }.count
    }

    /// Pixels brighter than `above` down column `x`, above the bar (which darkens the bottom).
    private static func column(in image: RGBImage, x: Int, above: Double) -> Int {
        (0..<(image.height - barClearance)).filter { image.brightness(x: x, y: $0) > above }.count
    }

    private static let barClearance = 60

    func testZoomOneDoublesTheSquareAndAltBackspaceUndoesIt() throws {
        let (player, ipc) = try pausedPlayer()
        let before = Self.run(in: try player.capture(), row: player.height / 2, above: 200)
        XCTAssertEqual(Double(before), 80, accuracy: 3)
        _ = try ipc.command(["set_property", "video-zoom", 1])
        let doubled = try player.waitForCapture { abs(Self.run(in: $0, row: player.height / 2, above: 200) - 160) <= 4 }
        XCTAssertNotNil(doubled, "video-zoom=1 did not double the square")
        XCTAssertEqual(Double(Self.column(in: try XCTUnwrap(doubled), x: player.width / 2, above: 200)), 160, accuracy: 4)
        try Screen.key(window: player.window, "alt+BackSpace")
        XCTAssertNotNil(try player.waitForCapture { abs(Self.run(in: $0, row: player.height / 2, above: 200) - 80) <= 3 },
                        "Alt+BS did not bring the square back to its size")
        XCTAssertEqual(try ipc.property("video-zoom") as? Double, 0)
    }

    func testRotate90TurnsThePicturePortrait() throws {
        let (player, ipc) = try pausedPlayer()
        _ = try ipc.command(["set_property", "video-rotate", 90])
        // 360×640 upright, fitted into 640×360: about 203 wide, all 360 high.
        let turned = try player.waitForCapture { abs(Self.run(in: $0, row: player.height / 2, above: 40) - 203) <= 4 }
        XCTAssertNotNil(turned, "video-rotate=90 did not turn the picture portrait")
        XCTAssertGreaterThanOrEqual(Self.column(in: try XCTUnwrap(turned), x: player.width / 2, above: 40), player.height - Self.barClearance - 2)
        XCTAssertThrowsError(try ipc.command(["set_property", "video-rotate", 45]), "rotate 45 was taken")
        XCTAssertEqual(try ipc.property("video-rotate") as? Int, 90)
    }

    func testAspectOneToOneMakesThePictureSquare() throws {
        let (player, ipc) = try pausedPlayer()
        _ = try ipc.command(["set_property", "video-aspect-override", "1:1"])
        let square = try player.waitForCapture { abs(Self.run(in: $0, row: player.height / 2, above: 40) - 360) <= 3 }
        XCTAssertNotNil(square, "video-aspect-override=1:1 did not make the picture square")
        XCTAssertGreaterThanOrEqual(Self.column(in: try XCTUnwrap(square), x: player.width / 2, above: 40), player.height - Self.barClearance - 2)
        XCTAssertThrowsError(try ipc.command(["set_property", "video-aspect-override", "0:0"]), "aspect 0:0 was taken")
        XCTAssertThrowsError(try ipc.command(["set_property", "video-zoom", 1000]), "zoom 1000 was taken")
        XCTAssertThrowsError(try ipc.command(["set_property", "video-crop", "100x100+5000+5000"]), "a crop outside was taken")
    }

    func testCropShowsItsPartOverTheWholeWindow() throws {
        let (player, ipc) = try pausedPlayer()
        // The square's middle 40×40 (and a rim of grey) filling the window's height.
        _ = try ipc.command(["set_property", "video-crop", "160x90+240+135"])
        let cropped = try player.waitForCapture { abs(Self.run(in: $0, row: player.height / 2, above: 200) - 320) <= 6 }
        XCTAssertNotNil(cropped, "video-crop did not fill the window with its part")
    }

    func testBrightnessLightensTheGreyAndTheKeysStepIt() throws {
        let (player, ipc) = try pausedPlayer()
        let spot = PixelRect(x: 40, y: player.height / 2 - 20, width: 60, height: 40)
        let grey = try player.capture().meanBrightness(spot)
        _ = try ipc.command(["set_property", "brightness", 30])
        let lighter = try player.waitForCapture { $0.meanBrightness(spot) > grey + 60 }
        XCTAssertNotNil(lighter, "brightness=30 did not lighten the grey (\(grey))")
        try Screen.key(window: player.window, "3", "3")
        XCTAssertNotNil(try poll(timeout: .seconds(3), until: { $0 == 28 }) { try ipc.property("brightness") as? Int })
    }
}
