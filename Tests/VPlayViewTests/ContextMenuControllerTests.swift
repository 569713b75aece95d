import VPlayCore
import XCTest
@testable import VPlayView

/// The context menu driven through `OverlayController` as the SDL overlay drives it: a right
/// click opens it, the pointer opens submenus, a click sends the entry's command and closes it,
/// the keys move through it, a click outside or Esc closes it without doing anything else.
final class ContextMenuControllerTests: XCTestCase {
    private let size = OverlaySize(width: 800, height: 450)
    private let state = TrackMenuFixtures.state()

    private func center(_ rect: OverlayRect) -> OverlayPoint { OverlayPoint(x: rect.midX, y: rect.midY) }

    private func opened(at point: OverlayPoint = OverlayPoint(x: 120, y: 40)) throws -> OverlayController {
        var controller = OverlayController(windowSize: size, now: 0)
        XCTAssertNil(controller.look(state: state, now: 0.5)?.contextMenu, "closed to begin with")
        controller.openContextMenu(at: point, state: state, now: 1)
        XCTAssertNotNil(controller.look(state: state, now: 1.1)?.contextMenu, "the right click opens it")
        return controller
    }

    private func look(_ controller: OverlayController, now: Double = 2) throws -> ContextMenuLook {
        try XCTUnwrap(controller.look(state: state, now: now)?.contextMenu)
    }

    /// The centre of the row of plate `plate` whose text starts with `text`.
    private func point(of text: String, plate: Int, in controller: OverlayController) throws -> OverlayPoint {
        let look = try look(controller)
        let row = try XCTUnwrap(look.plates[plate].firstIndex { $0.text.hasPrefix(text) }, "no row \(text)")
        return center(look.layout.plates[plate].rowFrame(row))
    }

    private func click(_ point: OverlayPoint, _ controller: inout OverlayController, now: Double = 2) -> OverlayController.Response {
        _ = controller.handle(.move(point), state: state, now: now)
        let down = controller.handle(.down(point, clicks: 1), state: state, now: now)
        var up = controller.handle(.up(point), state: state, now: now + 0.05)
        up.commands = down.commands + up.commands
        up.consumed = up.consumed && down.consumed
        return up
    }

    private func key(_ key: Key, _ controller: inout OverlayController) -> OverlayController.Response {
        controller.handleKey(OverlayKeyPress(KeyPress(key)), state: state, now: 2)
    }

    func testAClickOnAnEntryInASubmenuSendsItsCommandAndCloses() throws {
        var controller = try opened()
        _ = controller.handle(.move(try point(of: "Window", plate: 0, in: controller)), state: state, now: 2)
        XCTAssertEqual(try look(controller).plates.count, 2, "hovering a row with a submenu opens it")
        let response = click(try point(of: "Fullscreen", plate: 1, in: controller), &controller)
        XCTAssertEqual(response.commands, [.toggleFullscreen])
        XCTAssertTrue(response.consumed)
        XCTAssertNil(controller.look(state: state, now: 2.2)?.contextMenu, "the menu closes")
    }

    func testTheSameEntryFromEachSubmenuSendsWhatItsKeySends() throws {
        for (parent, entry, command) in [("Speed", "Faster", PlayerCommand.multiplySpeed(KeyBindings.speedStep)),
                                         ("Screenshot", "Video only", .screenshotVideo),
                                         ("A-B repeat", "Set A", .cycleABLoop),
                                         ("Audio track", "2: French", .selectTrack(.audio, .id(2)))] {
            var controller = try opened()
            _ = controller.handle(.move(try point(of: parent, plate: 0, in: controller)), state: state, now: 2)
            XCTAssertEqual(click(try point(of: entry, plate: 1, in: controller), &controller).commands, [command], entry)
        }
    }

    func testClickingARowWithASubmenuOnlyKeepsItOpen() throws {
        var controller = try opened()
        let response = click(try point(of: "Speed", plate: 0, in: controller), &controller)
        XCTAssertEqual(response.commands, [])
        XCTAssertEqual(try look(controller).plates.count, 2)
    }

    func testMovingToAnotherRowClosesTheSubmenuOrOpensAnother() throws {
        var controller = try opened()
        _ = controller.handle(.move(try point(of: "Speed", plate: 0, in: controller)), state: state, now: 2)
        let speed = try look(controller).plates[1]
        _ = controller.handle(.move(try point(of: "Picture", plate: 0, in: controller)), state: state, now: 2)
        XCTAssertNotEqual(try look(controller).plates[1], speed, "Picture's submenu replaces Speed's")
        XCTAssertTrue(try look(controller).plates[1].contains { $0.text.hasPrefix("Deinterlace") })
        _ = controller.handle(.move(try point(of: "Playlist", plate: 0, in: controller)), state: state, now: 2)
        XCTAssertEqual(try look(controller).plates.count, 1, "an entry without a submenu closes it")
        let lit = try look(controller).highlighted[0]
        XCTAssertEqual(lit.map { try? look(controller).plates[0][$0].text }, "Playlist")
    }

    func testAPressOutsideClosesTheMenuAndGoesNoFurther() throws {
        var controller = try opened()
        let outside = OverlayPoint(x: 700, y: 300)
        let down = controller.handle(.down(outside, clicks: 2), state: state, now: 2)
        XCTAssertEqual(down.commands, [], "no fullscreen from a double click that closes the menu")
        XCTAssertTrue(down.consumed)
        XCTAssertTrue(controller.handle(.up(outside), state: state, now: 2.05).consumed, "its release too")
        XCTAssertNil(controller.look(state: state, now: 2.2)?.contextMenu)
    }

    func testOpenFileAndPlaylistAreTheOverlaysOwn() throws {
        var controller = try opened()
        let open = click(try point(of: "Open file", plate: 0, in: controller), &controller)
        XCTAssertTrue(open.opensFileChooser)
        XCTAssertEqual(open.commands, [])
        controller = try opened()
        var playlist = state
        playlist.playlist = [PlaylistItem(path: "/a.mkv", id: 1), PlaylistItem(path: "/b.mkv", id: 2)]
        let point = try point(of: "Playlist", plate: 0, in: controller)
        _ = controller.handle(.down(point, clicks: 1), state: playlist, now: 2)
        _ = controller.handle(.up(point), state: playlist, now: 2.05)
        XCTAssertTrue(controller.playlistPanel.isOpen, "the playlist panel opens")
        XCTAssertFalse(controller.contextMenu.isOpen)
    }

    func testKeysMoveThroughTheMenu() throws {
        var controller = try opened()
        XCTAssertTrue(key(.down, &controller).consumed)
        XCTAssertEqual(try look(controller).highlighted, [0], "Down lights the first entry")
        XCTAssertTrue(key(.up, &controller).consumed)
        XCTAssertEqual(try look(controller).highlighted, [12], "Up from the first goes to the last")
        _ = key(.home, &controller)
        XCTAssertEqual(try look(controller).highlighted, [0])
        for _ in 0..<5 { _ = key(.down, &controller) }
        XCTAssertEqual(try look(controller).plates[0][5].text.prefix(5), "Speed")
        _ = key(.right, &controller)
        XCTAssertEqual(try look(controller).plates.count, 2, "Right opens Speed's submenu")
        XCTAssertEqual(try look(controller).highlighted, [5, 0], "on its first entry")
        _ = key(.left, &controller)
        XCTAssertEqual(try look(controller).plates.count, 1, "Left closes it")
        _ = key(.enter, &controller)
        XCTAssertEqual(try look(controller).highlighted, [5, 0], "Enter opens it too")
        _ = key(.down, &controller)
        XCTAssertEqual(key(.enter, &controller).commands, [.multiplySpeed(1 / KeyBindings.speedStep)], "Enter on Slower")
        XCTAssertFalse(controller.contextMenu.isOpen)
    }

    func testEscClosesTheSubmenuThenTheMenu() throws {
        var controller = try opened()
        _ = controller.handle(.move(try point(of: "Speed", plate: 0, in: controller)), state: state, now: 2)
        XCTAssertTrue(key(.escape, &controller).consumed)
        XCTAssertEqual(try look(controller).plates.count, 1)
        XCTAssertTrue(key(.escape, &controller).consumed)
        XCTAssertFalse(controller.contextMenu.isOpen)
        XCTAssertFalse(key(.escape, &controller).consumed, "closed, Esc is the player's again")
    }

    func testOtherKeysGoToTheBindings() throws {
        var controller = try opened()
        XCTAssertFalse(key(.character("m"), &controller).consumed)
        XCTAssertTrue(controller.contextMenu.isOpen)
    }

    func testTheMenuHoldsTheBarAndReplacesTheTrackMenu() throws {
        var controller = OverlayController(windowSize: size, now: 0)
        let button = try XCTUnwrap(controller.layout(for: state).trackButton)
        _ = click(center(button), &controller, now: 0.1)
        XCTAssertNotNil(controller.look(state: state, now: 0.2)?.trackMenu)
        controller.openContextMenu(at: OverlayPoint(x: 100, y: 100), state: state, now: 0.3)
        XCTAssertNil(controller.look(state: state, now: 0.4)?.trackMenu, "one menu at a time")
        XCTAssertNotNil(controller.look(state: state, now: 60)?.contextMenu, "the bar stays while the menu is open")
    }

    func testARightClickElsewhereMovesTheMenu() throws {
        var controller = try opened()
        let first = try look(controller).layout.plates[0].frame
        controller.openContextMenu(at: OverlayPoint(x: 300, y: 200), state: state, now: 3)
        let second = try look(controller, now: 3.1).layout.plates[0].frame
        XCTAssertEqual(second.minX, 300)
        XCTAssertNotEqual(first, second)
    }
}
