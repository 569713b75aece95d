import XCTest
@testable import VPlayCore

/// `--autofit`: the window as large as fits in the box, the picture's shape kept.
final class WindowFitTests: XCTestCase {
    func testFitsThePictureIntoTheBoxBothWays() throws {
        let box = try XCTUnwrap(WindowFit("1280x720"))
        XCTAssertTrue(box.size(for: (640, 360), screen: (1920, 1080)) == (1280, 720), "grows")
        XCTAssertTrue(box.size(for: (3840, 1600), screen: (1920, 1080)) == (1280, 533), "shrinks")
        XCTAssertTrue(box.size(for: (480, 640), screen: (1920, 1080)) == (540, 720), "portrait")
    }

    func testPercentOfTheScreenAndWidthAlone() throws {
        let half = try XCTUnwrap(WindowFit("50%"))
        XCTAssertTrue(half.size(for: (640, 360), screen: (1920, 1080)) == (960, 540))
        let mixed = try XCTUnwrap(WindowFit("100%x25%"))
        XCTAssertTrue(mixed.size(for: (640, 360), screen: (1920, 1080)) == (480, 270))
    }

    func testBadTextIsRefused() {
        for bad in ["", "x", "0x0", "-5", "50%%", "101%", "axb", "1x2x3"] {
            XCTAssertNil(WindowFit(bad), bad)
        }
    }
}
