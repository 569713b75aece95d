import VPlayView
import XCTest

/// The idle window's layout: centred, legible at any size, and the button hit where drawn.
final class IdleLayoutTests: XCTestCase {
    func testTheButtonIsCentredBetweenTheTitleAndTheHint() {
        for size in [OverlaySize(width: 640, height: 360), OverlaySize(width: 1920, height: 1080), OverlaySize(width: 200, height: 150)] {
            let layout = IdleLayout(windowSize: size)
            XCTAssertEqual(layout.openButton.midX, size.width / 2, accuracy: 0.001)
            XCTAssertLessThan(layout.titleCenter.y, layout.openButton.minY)
            XCTAssertGreaterThan(layout.hintCenter.y, layout.openButton.maxY)
            XCTAssertGreaterThan(layout.messageCenter.y, layout.hintCenter.y)
            XCTAssertGreaterThanOrEqual(layout.fontSize, 10, "\(size)")
        }
        XCTAssertGreaterThan(IdleLayout(windowSize: OverlaySize(width: 1920, height: 1080)).fontSize,
                             IdleLayout(windowSize: OverlaySize(width: 640, height: 360)).fontSize)
    }

    func testOnlyTheButtonOpensTheChooser() {
        let layout = IdleLayout(windowSize: OverlaySize(width: 640, height: 360))
        let button = layout.openButton
        XCTAssertTrue(layout.isOnOpenButton(OverlayPoint(x: button.midX, y: button.midY)))
        XCTAssertTrue(layout.isOnOpenButton(OverlayPoint(x: button.minX, y: button.maxY)))
        XCTAssertFalse(layout.isOnOpenButton(OverlayPoint(x: button.minX - 1, y: button.midY)))
        XCTAssertFalse(layout.isOnOpenButton(OverlayPoint(x: button.midX, y: button.maxY + 1)))
        XCTAssertFalse(layout.isOnOpenButton(layout.titleCenter))
    }

    func testCtrlOAloneOpensTheChooser() {
        XCTAssertTrue(KeyPress(.character("o"), modifiers: [.control]).isOpenDialogKey)
        XCTAssertFalse(KeyPress(.character("o")).isOpenDialogKey)
        XCTAssertFalse(KeyPress(.character("o"), modifiers: [.control, .alt]).isOpenDialogKey)
    }
}
