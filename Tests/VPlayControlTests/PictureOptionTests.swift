import XCTest
@testable import VPlayControl
@testable import VPlayCore

/// The picture's and the window's options seed the settings of the same names; absurd values
/// stop the start with one line naming the option.
final class PictureOptionTests: XCTestCase {
    func testOptionsSeedTheSettings() throws {
        let options = try OptionParser.parse(["--video-zoom=1", "--video-rotate=270", "--video-aspect-override=4:3",
                                              "--video-crop=320x240+8+8", "--contrast=-20", "--hue=10", "--ontop",
                                              "--window-scale=2", "--autofit=50%", "a.mp4"])
        let display = options.player.display
        XCTAssertEqual(display.zoom, 1)
        XCTAssertEqual(display.rotate, 270)
        XCTAssertEqual(try XCTUnwrap(display.aspectOverride), 4.0 / 3, accuracy: 1e-9)
        XCTAssertEqual(display.crop, VideoCrop(width: 320, height: 240, x: 8, y: 8))
        XCTAssertEqual(display.equalizer.contrast, -20)
        XCTAssertEqual(display.equalizer.hue, 10)
        XCTAssertTrue(options.player.windowSettings.isOnTop)
        XCTAssertEqual(options.player.windowSettings.scale, 2)
        XCTAssertEqual(options.autofit, WindowFit("50%"))
    }

    func testAbsurdValuesStopTheStartNamingTheOption() {
        for bad in ["--video-zoom=1000", "--video-rotate=45", "--video-aspect-override=0:0", "--video-crop=0x0",
                    "--brightness=500", "--window-scale=0", "--autofit=0x0", "--panscan=-1"] {
            XCTAssertThrowsError(try OptionParser.parse([bad, "a.mp4"]), bad) { error in
                let name = String(bad.prefix { $0 != "=" })
                XCTAssertTrue("\(error)".contains(name), "\(error)")
            }
        }
    }
}
