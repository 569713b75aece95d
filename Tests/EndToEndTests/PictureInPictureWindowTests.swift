import Foundation
import TestSupport
import VPlayView
import XCTest

/// The bar's picture-in-picture button and the reduced bar of the picture-in-picture window,
/// clicked with the mouse on the real binary. The clip is 640×360, grey with a white square
/// in the middle.
final class PictureInPictureWindowTests: XCTestCase {
    /// The window's `_MOTIF_WM_HINTS` decorations field (1: bordered, 0: borderless); nil
    /// when the window has no such hints.
    private func decorations(_ window: String) throws -> Int? {
        let text = try ChildProcess.run("xprop", ["-id", window, "_MOTIF_WM_HINTS"], timeout: .seconds(10)).outputText
        // "_MOTIF_WM_HINTS(_MOTIF_WM_HINTS) = 0x2, 0x0, 0x1, 0x0, 0x0": flags, functions, decorations, …
        guard let values = text.split(separator: "=", maxSplits: 1).last?.split(separator: ","), values.count >= 3 else {
            return nil
        }
        return Int(values[2].trimmingCharacters(in: .whitespaces).dropFirst(2), radix: 16)
    }

    func testTheBarButtonMakesTheWindowSmallAndBorderlessAndCloseBringsItBack() throws {
        try skipWithoutDisplay()
        // SDL writes the window's border hints only where the atom exists, which a window
        // manager would have made; bare Xvfb has none.
        try ChildProcess.run("xprop", ["-root", "-f", "_MOTIF_WM_HINTS", "32c", "-set", "_MOTIF_WM_HINTS", "0"],
                             timeout: .seconds(10)).requireSuccess()
        try ChildProcess.run("xprop", ["-root", "-remove", "_MOTIF_WM_HINTS"], timeout: .seconds(10)).requireSuccess()
        let title = "pip-button"
        let player = try PlayerSession(clip: try MediaFactory.clip(.squareOnGrey()), arguments: ["--pause", "--title=\(title)"],
                                       displayAspect: 16.0 / 9.0, title: title)
        let ipc = try XCTUnwrap(player.ipc)
        let normal = try Screen.windowGeometry(player.window)
        XCTAssertEqual(try decorations(player.window), 1, "the normal window has borders")

        // Paused, the bar stays shown.
        let layout = player.layout
        let button = try layout.target(try XCTUnwrap(layout.pictureInPictureButton), hitting: .pictureInPicture)
        try player.click(x: button.x, y: button.y)
        var small = normal
        XCTAssertTrue(try poll(timeout: .seconds(5)) {
            small = try Screen.windowGeometry(player.window)
            return small.width < normal.width && small.height < normal.height
        }, "the button did not make the window small")
        XCTAssertEqual(try ipc.property("picture-in-picture") as? Bool, true)
        XCTAssertTrue(try poll(timeout: .seconds(3)) { try self.decorations(player.window) == 0 },
                      "the picture-in-picture window has borders")

        // The reduced bar: only play/pause and close are drawn on the band.
        let reduced = OverlayLayout(windowSize: OverlaySize(width: Double(small.width), height: Double(small.height)),
                                    isPictureInPicture: true)
        let close = try XCTUnwrap(reduced.closeButton)
        var image: RGBImage?
        XCTAssertTrue(try poll(timeout: .seconds(5)) {
            let shot = try Screen.capture(window: player.window)
            image = shot
            return shot.width == small.width && Self.brightest(in: close, of: shot) > 200
        }, "no close button drawn at \(close)")
        let shot = try XCTUnwrap(image)
        XCTAssertGreaterThan(Self.brightest(in: reduced.playPauseButton, of: shot), 200, "no play button drawn")
        let band = reduced.band
        let left = OverlayRect(x: 0, y: band.y, width: reduced.playPauseButton.minX, height: band.height)
        let middle = OverlayRect(x: reduced.playPauseButton.maxX, y: band.y,
                                 width: close.minX - reduced.playPauseButton.maxX, height: band.height)
        // The normal bar's time label, skip buttons, seek thumb, speed and volume would be white here.
        XCTAssertLessThan(Self.brightest(in: left, of: shot), 150, "the reduced bar shows more than two buttons")
        XCTAssertLessThan(Self.brightest(in: middle, of: shot), 150, "the reduced bar shows more than two buttons")

        let target = try reduced.target(close, hitting: .closePictureInPicture)
        try player.click(x: target.x, y: target.y)
        XCTAssertTrue(try poll(timeout: .seconds(5)) {
            let frame = try Screen.windowGeometry(player.window)
            return frame.width == normal.width && frame.height == normal.height
        }, "close did not bring the window back to \(normal.width)×\(normal.height)")
        XCTAssertEqual(try ipc.property("picture-in-picture") as? Bool, false)
        XCTAssertEqual(try decorations(player.window), 1, "the window did not get its borders back")
        XCTAssertTrue(try ipc.bool("pause"), "close also toggled pause")
    }

    /// The highest brightness (mean of the channels) among the pixels of `rect`; window points
    /// are pixels under Xvfb.
    private static func brightest(in rect: OverlayRect, of image: RGBImage) -> Double {
        var best = 0.0
        for y in max(0, Int(rect.minY))..<min(image.height, Int(rect.maxY)) {
            for x in max(0, Int(rect.minX))..<min(image.width, Int(rect.maxX)) {
                best = max(best, image.brightness(x: x, y: y))
            }
        }
        return best
    }
}
