import XCTest
@testable import VPlayView

final class LetterboxTests: XCTestCase {
    func testWidePictureInATallWindowGetsBarsAboveAndBelow() {
        let box = Letterbox.fit(displayAspect: 16.0 / 9.0, inWidth: 640, height: 480)
        XCTAssertEqual(box, Letterbox(x: 0, y: 60, width: 640, height: 360))
        XCTAssertEqual(box.bars(inWidth: 640, height: 480), [
            Letterbox(x: 0, y: 0, width: 640, height: 60),
            Letterbox(x: 0, y: 420, width: 640, height: 60),
        ])
    }

    func testTallPictureGetsBarsLeftAndRight() {
        let box = Letterbox.fit(displayAspect: 9.0 / 16.0, inWidth: 1280, height: 720)
        XCTAssertEqual(box.bars(inWidth: 1280, height: 720), [
            Letterbox(x: 0, y: 0, width: box.x, height: 720),
            Letterbox(x: box.x + box.width, y: 0, width: 1280 - box.x - box.width, height: 720),
        ])
    }

    func testAPictureFillingTheWindowLeavesNothingToPaint() {
        let box = Letterbox.fit(displayAspect: 16.0 / 9.0, inWidth: 1280, height: 720)
        XCTAssertEqual(box.bars(inWidth: 1280, height: 720), [])
    }

    /// Every pixel of the window is in exactly one of: the picture, a bar.
    func testBarsAndPictureTileTheWindowExactly() {
        for (aspect, width, height) in [(1.0, 301, 177), (2.39, 640, 480), (0.5, 333, 999), (4.0 / 3.0, 1920, 1080)] {
            let box = Letterbox.fit(displayAspect: aspect, inWidth: width, height: height)
            var covered = [Int](repeating: 0, count: width * height)
            for rect in [box] + box.bars(inWidth: width, height: height) {
                for y in rect.y..<(rect.y + rect.height) {
                    for x in rect.x..<(rect.x + rect.width) { covered[y * width + x] += 1 }
                }
            }
            XCTAssertEqual(Set(covered), [1], "aspect \(aspect) in \(width)x\(height)")
        }
    }
}
