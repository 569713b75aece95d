import CSDL2
import VPlayCore
import XCTest
@testable import VPlayView

/// The playlist panel driven through `OverlayController` as the SDL overlay drives it: the
/// button or F8 opens it; clicks, drags, keys and the wheel turn into playlist commands.
final class PlaylistPanelControllerTests: XCTestCase {
    private let size = OverlaySize(width: 1280, height: 720)

    private func center(_ rect: OverlayRect) -> OverlayPoint { OverlayPoint(x: rect.midX, y: rect.midY) }

    private func click(_ point: OverlayPoint, _ controller: inout OverlayController, state: PlayerState,
                       now: Double = 1) -> [PlayerCommand] {
        controller.handle(.down(point, clicks: 1), state: state, now: now).commands
            + controller.handle(.up(point), state: state, now: now + 0.1).commands
    }

    private func key(_ key: OverlayKey, _ controller: inout OverlayController, state: PlayerState,
                     modifiers: KeyModifiers = [], now: Double = 2) -> OverlayController.Response {
        controller.handleKey(OverlayKeyPress(key, modifiers: modifiers), state: state, now: now)
    }

    private func panel(_ controller: OverlayController, _ state: PlayerState, now: Double = 2) -> PlaylistPanelLook? {
        controller.look(state: state, now: now)?.playlistPanel
    }

    /// A controller with the panel opened by its button, and the panel as it opened.
    private func opened(_ state: PlayerState) throws -> (OverlayController, PlaylistPanelLook) {
        var controller = OverlayController(windowSize: size, now: 0)
        let button = try XCTUnwrap(controller.layout(for: state).playlistButton)
        XCTAssertNil(panel(controller, state, now: 0.5), "closed to begin with")
        XCTAssertEqual(click(center(button), &controller, state: state), [], "opening the panel is the overlay's business")
        let look = try XCTUnwrap(panel(controller, state, now: 1.2), "the button opens the panel")
        return (controller, look)
    }

    /// Presses on entry `from`'s row, drags in steps to `y` and releases there.
    private func drag(_ from: Int, toY y: Double, in look: PlaylistPanelLook, _ controller: inout OverlayController,
                      state: PlayerState, now: Double = 2) -> [PlayerCommand] {
        let row = look.layout.rowFrame(from)
        let start = OverlayPoint(x: row.midX, y: row.midY)
        var commands = controller.handle(.down(start, clicks: 1), state: state, now: now).commands
        for step in 1...4 {
            let point = OverlayPoint(x: row.midX, y: start.y + (y - start.y) * Double(step) / 4)
            commands += controller.handle(.move(point), state: state, now: now + 0.01 * Double(step)).commands
        }
        return commands + controller.handle(.up(OverlayPoint(x: row.midX, y: y)), state: state, now: now + 0.05).commands
    }

    func testOpensWithTheCurrentEntryInViewAndTheCursorOnIt() throws {
        for position in [0, 1, 5_000, 9_999] {
            let state = PlaylistPanelFixtures.state(count: 10_000, position: position)
            let (_, look) = try opened(state)
            XCTAssertTrue(look.layout.visibleRows.contains(position), "entry \(position) is in view")
            XCTAssertEqual(look.current, position)
            XCTAssertEqual(look.cursor, position)
            XCTAssertEqual(look.entries.startIndex, look.layout.firstRow)
            XCTAssertEqual(look.entries.count, look.layout.visibleCount, "the look carries the rows in view only")
            XCTAssertEqual(look.entries.first?.id, look.layout.firstRow + 1)
        }
        let (_, middle) = try opened(PlaylistPanelFixtures.state(count: 10_000, position: 5_000))
        XCTAssertEqual(middle.layout.firstRow, 5_000 - middle.layout.visibleCount / 2, "in the middle")
    }

    func testF8OpensAndClosesThePanelAndReplacesTheTrackMenu() throws {
        var state = PlaylistPanelFixtures.state(count: 3, position: 1)
        state.tracks = TrackMenuFixtures.tracks()
        var controller = OverlayController(windowSize: size, now: 0)
        XCTAssertFalse(key(.function(8), &controller, state: state, modifiers: [.control]).consumed,
                       "Ctrl+F8 is not the panel's")
        XCTAssertNil(panel(controller, state))
        let trackButton = try XCTUnwrap(controller.layout(for: state).trackButton)
        _ = click(center(trackButton), &controller, state: state)
        XCTAssertNotNil(controller.look(state: state, now: 1.2)?.trackMenu)

        XCTAssertEqual(key(.function(8), &controller, state: state), .init(commands: [], consumed: true))
        XCTAssertEqual(panel(controller, state)?.current, 1, "F8 opens the panel")
        XCTAssertNil(controller.look(state: state, now: 2)?.trackMenu, "one at a time: the track menu closes")
        XCTAssertEqual(controller.handleKey(OverlayKeyPress(.function(8), isRepeat: true), state: state, now: 2.1),
                       .init(commands: [], consumed: true), "a held key does not flicker it")
        XCTAssertNotNil(panel(controller, state, now: 2.1))
        _ = controller.handle(.move(OverlayPoint(x: 100, y: 100)), state: state, now: 2.5)
        XCTAssertTrue(key(.function(8), &controller, state: state, now: 3).consumed)
        XCTAssertNil(panel(controller, state, now: 3), "F8 again closes it")
        XCTAssertNotNil(controller.look(state: state, now: 3 + OverlayVisibility.hideDelay - 0.1),
                        "the bar hides after the usual delay, not at once")
        XCTAssertNil(controller.look(state: state, now: 3 + OverlayVisibility.hideDelay + 0.1))
        XCTAssertFalse(key(.function(7), &controller, state: state).consumed, "other function keys are not the overlay's")
    }

    func testSDLKeysReadAsTheOverlaysKeys() {
        func read(_ key: SDL_KeyCode, modifiers: SDL_Keymod = KMOD_NONE, type: SDL_EventType = SDL_KEYDOWN,
                  repeats: Bool = false) -> OverlayKeyPress? {
            var event = SDL_KeyboardEvent()
            event.type = type.rawValue
            event.keysym.sym = SDL_Keycode(bitPattern: key.rawValue)
            event.keysym.mod = UInt16(modifiers.rawValue)
            event.repeat = repeats ? 1 : 0
            return OverlayKeyPress(event)
        }
        XCTAssertEqual(read(SDLK_F8), OverlayKeyPress(.function(8)))
        XCTAssertEqual(read(SDLK_F1), OverlayKeyPress(.function(1)))
        XCTAssertEqual(read(SDLK_F12, modifiers: KMOD_LCTRL), OverlayKeyPress(.function(12), modifiers: [.control]))
        XCTAssertEqual(read(SDLK_DELETE, repeats: true), OverlayKeyPress(.delete, isRepeat: true))
        XCTAssertEqual(read(SDLK_UP), OverlayKeyPress(.key(.up)), "the player's keys as well")
        XCTAssertEqual(read(SDLK_RETURN), OverlayKeyPress(.key(.enter)))
        XCTAssertEqual(read(SDLK_a, modifiers: KMOD_LSHIFT), OverlayKeyPress(.key(.character("A")), modifiers: [.shift]))
        XCTAssertNil(read(SDLK_F8, type: SDL_KEYUP), "key-ups are nothing")
        XCTAssertNil(read(SDLK_F13), "keys beyond")
        XCTAssertNil(KeyPress({ var event = SDL_KeyboardEvent(); event.type = SDL_KEYDOWN.rawValue
            event.keysym.sym = SDL_Keycode(bitPattern: SDLK_DELETE.rawValue); return event }()),
                     "Delete is not one of the player's keys")
    }

    func testAnEmptyPlaylistOpensNoPanel() {
        let state = PlaylistPanelFixtures.state(count: 0)
        var controller = OverlayController(windowSize: size, now: 0)
        XCTAssertNil(controller.layout(for: state).playlistButton)
        XCTAssertTrue(key(.function(8), &controller, state: state).consumed, "F8 is still the overlay's")
        XCTAssertNil(panel(controller, state), "nothing to show")
        XCTAssertFalse(key(.key(.escape), &controller, state: state).consumed)
    }

    func testButtonClosesTheOpenPanel() throws {
        let state = PlaylistPanelFixtures.state(count: 3)
        var (controller, _) = try opened(state)
        let button = try XCTUnwrap(controller.layout(for: state).playlistButton)
        XCTAssertEqual(click(center(button), &controller, state: state, now: 2), [])
        XCTAssertNil(panel(controller, state, now: 2.2), "a second click on the button closes it")
    }

    func testClickOnARowPlaysItsEntryAndThePanelStays() throws {
        let state = PlaylistPanelFixtures.state(count: 10_000, position: 5_000)
        var (controller, look) = try opened(state)
        for index in [look.layout.firstRow, 5_000, look.layout.visibleRows.last!] {
            XCTAssertEqual(click(center(look.layout.rowFrame(index)), &controller, state: state, now: 2), [.playlistPlay(index)])
            look = try XCTUnwrap(panel(controller, state, now: 2.2), "still open")
            XCTAssertEqual(look.cursor, index, "the cursor goes to the clicked entry")
        }
        let frame = look.layout.frame
        XCTAssertEqual(click(OverlayPoint(x: frame.midX, y: frame.minY + 1), &controller, state: state, now: 3), [],
                       "the padding does nothing")
        let first = look.layout.rowFrame(5_001)
        _ = controller.handle(.down(center(first), clicks: 1), state: state, now: 4)
        // Sideways within the row, and up and down less than a third of a row: still a click.
        _ = controller.handle(.move(OverlayPoint(x: first.minX + 5, y: first.midY + first.height * 0.3)), state: state,
                              now: 4.05)
        XCTAssertEqual(controller.handle(.up(OverlayPoint(x: first.minX + 5, y: first.midY + first.height * 0.3)),
                                         state: state, now: 4.1).commands, [.playlistPlay(5_001)])
    }

    func testDoubleClickOnARowPlaysItOnce() throws {
        let state = PlaylistPanelFixtures.state(count: 6)
        var (controller, look) = try opened(state)
        let row = center(look.layout.rowFrame(3)), other = center(look.layout.rowFrame(4))
        func press(_ point: OverlayPoint, clicks: Int, now: Double) -> [PlayerCommand] {
            controller.handle(.down(point, clicks: clicks), state: state, now: now).commands
                + controller.handle(.up(point), state: state, now: now + 0.05).commands
        }
        XCTAssertEqual(press(row, clicks: 1, now: 2), [.playlistPlay(3)])
        XCTAssertEqual(press(row, clicks: 2, now: 2.1), [], "the second click of a double click does not start it again")
        XCTAssertEqual(press(other, clicks: 2, now: 2.2), [.playlistPlay(4)],
                       "a quick click on the next row is a click of its own")
        XCTAssertEqual(press(other, clicks: 1, now: 3), [.playlistPlay(4)], "a later click plays again")
        look = try XCTUnwrap(panel(controller, state, now: 3.1))
        XCTAssertEqual(look.cursor, 4)
    }

    func testDraggingARowMovesItsEntryToTheBoundaryNearestThePointer() throws {
        let state = PlaylistPanelFixtures.state(count: 6, position: 0)
        let cases: [(from: Int, toGap: Int, expected: [PlayerCommand], why: String)] = [
            (0, 6, [.playlistMove(from: 0, to: 6)], "the first to the end"),
            (5, 0, [.playlistMove(from: 5, to: 0)], "the last to the top"),
            (0, 3, [.playlistMove(from: 0, to: 3)], "the first down, before the entry now at 3"),
            (4, 1, [.playlistMove(from: 4, to: 1)], "up, before entry 1"),
            (2, 2, [], "dropped where it was: above itself"),
            (2, 3, [], "dropped where it was: below itself"),
        ]
        for (from, gap, expected, why) in cases {
            var (controller, look) = try opened(state)
            let commands = drag(from, toY: look.layout.gapY(gap) + (gap > from ? -1 : 1), in: look, &controller,
                                state: state)
            XCTAssertEqual(commands, expected, why)
            look = try XCTUnwrap(panel(controller, state, now: 3), "\(why): still open")
            if let move = expected.first, case .playlistMove(let from, let to) = move {
                XCTAssertEqual(look.cursor, to > from ? to - 1 : to, "\(why): the cursor goes with the entry")
            }
        }
        // Past the plate's ends, the drop goes to the ends of the rows in view.
        var (controller, look) = try opened(state)
        XCTAssertEqual(drag(3, toY: look.layout.frame.minY - 40, in: look, &controller, state: state),
                       [.playlistMove(from: 3, to: 0)])
        (controller, look) = try opened(state)
        XCTAssertEqual(drag(3, toY: look.layout.frame.maxY + 40, in: look, &controller, state: state),
                       [.playlistMove(from: 3, to: 6)])
    }

    func testDragShowsWhereTheEntryWouldDropAndNoHover() throws {
        let state = PlaylistPanelFixtures.state(count: 6)
        var (controller, look) = try opened(state)
        let row = look.layout.rowFrame(1)
        _ = controller.handle(.down(center(row), clicks: 1), state: state, now: 2)
        _ = controller.handle(.move(OverlayPoint(x: row.midX, y: look.layout.gapY(4) + 2)), state: state, now: 2.1)
        look = try XCTUnwrap(panel(controller, state, now: 2.1))
        XCTAssertEqual(look.draggedRow, 1)
        XCTAssertEqual(look.dropGap, 4)
        XCTAssertNil(look.hoveredRow)
        _ = controller.handle(.move(OverlayPoint(x: row.midX, y: look.layout.gapY(2))), state: state, now: 2.2)
        XCTAssertNil(panel(controller, state, now: 2.2)?.dropGap, "where it would not move, no mark")
    }

    func testDragHeldPastTheBottomScrollsByItselfAndDropsFarDown() throws {
        let state = PlaylistPanelFixtures.state(count: 10_000, position: 100)
        var (controller, look) = try opened(state)
        let top = look.layout.firstRow, area = look.layout.rowsArea
        XCTAssertNil(controller.nextDeadline(state: state, now: 2), "nothing moves by itself")
        let row = look.layout.rowFrame(100)
        _ = controller.handle(.down(center(row), clicks: 1), state: state, now: 2)
        _ = controller.handle(.move(OverlayPoint(x: row.midX, y: area.maxY + 1)), state: state, now: 2)
        let deadline = try XCTUnwrap(controller.nextDeadline(state: state, now: 2), "the loop must wake for the next row")
        XCTAssertGreaterThan(deadline, 2)
        XCTAssertLessThanOrEqual(deadline, 2 + 1.0 / 8 + 1e-9, "at least 8 rows a second")
        XCTAssertEqual(panel(controller, state, now: deadline - 1e-4)?.layout.firstRow, top, "not yet")
        XCTAssertEqual(panel(controller, state, now: deadline + 1e-4)?.layout.firstRow, top + 1, "one row at the deadline")
        XCTAssertGreaterThan(try XCTUnwrap(panel(controller, state, now: 3)?.layout.firstRow), top + 4, "on it goes")
        // Further out, faster.
        _ = controller.handle(.move(OverlayPoint(x: row.midX, y: area.maxY + 5 * look.layout.rowHeight)), state: state,
                              now: 3)
        let fast = try XCTUnwrap(panel(controller, state, now: 4)?.layout.firstRow)
        XCTAssertGreaterThan(fast, top + 100)
        XCTAssertEqual(panel(controller, state, now: 1_000)?.layout.firstRow, 10_000 - look.layout.visibleCount,
                       "stops at the end")
        XCTAssertNil(controller.nextDeadline(state: state, now: 1_000), "nothing left to scroll")
        let commands = controller.handle(.up(OverlayPoint(x: row.midX, y: area.maxY + 50)), state: state, now: 1_000).commands
        XCTAssertEqual(commands, [.playlistMove(from: 100, to: 10_000)], "to the very end")
        XCTAssertNil(controller.nextDeadline(state: state, now: 1_000), "released: it stops")
        XCTAssertEqual(panel(controller, state, now: 2_000)?.layout.firstRow, 10_000 - look.layout.visibleCount,
                       "and stays where it got to")

        // Upwards, from the bottom, back to the first entry.
        (controller, look) = try opened(PlaylistPanelFixtures.state(count: 10_000, position: 9_000))
        let low = look.layout.rowFrame(9_000)
        _ = controller.handle(.down(center(low), clicks: 1), state: state, now: 2)
        _ = controller.handle(.move(OverlayPoint(x: low.midX, y: look.layout.rowsArea.minY - 3 * look.layout.rowHeight)),
                              state: state, now: 2)
        let up = try XCTUnwrap(controller.nextDeadline(state: state, now: 2))
        XCTAssertEqual(panel(controller, state, now: up + 1e-4)?.layout.firstRow, look.layout.firstRow - 1)
        XCTAssertEqual(panel(controller, state, now: 100)?.layout.firstRow, 0)
        XCTAssertEqual(controller.handle(.up(OverlayPoint(x: low.midX, y: 0)), state: state, now: 100).commands,
                       [.playlistMove(from: 9_000, to: 0)])
    }

    func testKeysMoveTheCursorPlayAndRemoveItsEntry() throws {
        let state = PlaylistPanelFixtures.state(count: 10_000, position: 5_000)
        var (controller, look) = try opened(state)
        let visible = look.layout.visibleCount
        XCTAssertEqual(key(.key(.down), &controller, state: state), .init(commands: [], consumed: true))
        XCTAssertEqual(panel(controller, state)?.cursor, 5_001)
        XCTAssertEqual(key(.key(.enter), &controller, state: state).commands, [.playlistPlay(5_001)])
        XCTAssertEqual(key(.delete, &controller, state: state).commands, [.playlistRemove(5_001)])
        XCTAssertEqual(key(.key(.up), &controller, state: state).commands, [])
        XCTAssertEqual(key(.key(.up), &controller, state: state).commands, [])
        XCTAssertEqual(panel(controller, state)?.cursor, 4_999)
        XCTAssertEqual(key(.delete, &controller, state: state).commands, [.playlistRemove(4_999)])

        // Off the plate, the list follows the cursor.
        _ = key(.key(.pageDown), &controller, state: state)
        _ = key(.key(.pageDown), &controller, state: state)
        look = try XCTUnwrap(panel(controller, state))
        let cursor = try XCTUnwrap(look.cursor)
        XCTAssertEqual(cursor, 4_999 + 2 * (visible - 1))
        XCTAssertEqual(look.layout.visibleRows.last, cursor, "scrolled just enough")
        _ = key(.key(.end), &controller, state: state)
        look = try XCTUnwrap(panel(controller, state))
        XCTAssertEqual(look.cursor, 9_999)
        XCTAssertEqual(look.layout.visibleRows.last, 9_999)
        XCTAssertEqual(key(.key(.down), &controller, state: state).commands, [], "stops at the end")
        XCTAssertEqual(panel(controller, state)?.cursor, 9_999)
        _ = key(.key(.home), &controller, state: state)
        look = try XCTUnwrap(panel(controller, state))
        XCTAssertEqual(look.cursor, 0)
        XCTAssertEqual(look.layout.firstRow, 0)
        XCTAssertEqual(key(.key(.enter), &controller, state: state).commands, [.playlistPlay(0)])

        // The last entry removed: the cursor stays on the list.
        _ = key(.key(.end), &controller, state: state)
        var shorter = state
        shorter.playlist.removeLast()
        XCTAssertEqual(panel(controller, shorter)?.cursor, 9_998)
        XCTAssertEqual(key(.delete, &controller, state: shorter).commands, [.playlistRemove(9_998)])

        XCTAssertFalse(key(.key(.character(" ")), &controller, state: state).consumed, "space still pauses")
        XCTAssertFalse(key(.key(.left), &controller, state: state).consumed, "← still seeks")
        XCTAssertFalse(key(.key(.up), &controller, state: state, modifiers: [.control]).consumed)
    }

    func testPanelKeysAreTheBindingsOnceItIsClosed() throws {
        let state = PlaylistPanelFixtures.state(count: 5)
        var controller = OverlayController(windowSize: size, now: 0)
        for closedKey in [OverlayKey.key(.up), .key(.down), .key(.enter), .delete, .key(.escape), .key(.home)] {
            XCTAssertEqual(key(closedKey, &controller, state: state), .init(commands: [], consumed: false), "\(closedKey)")
        }
    }

    func testEscClosesThePanelBeforeAnythingElse() throws {
        let state = PlaylistPanelFixtures.state(count: 5)
        var (controller, _) = try opened(state)
        XCTAssertEqual(key(.key(.escape), &controller, state: state), .init(commands: [], consumed: true))
        XCTAssertNil(panel(controller, state))
        XCTAssertFalse(key(.key(.escape), &controller, state: state).consumed, "then Esc goes on to its usual job")

        (controller, _) = try opened(state)
        XCTAssertTrue(controller.dismissTrackMenu(state: state), "the loop's Esc hook closes the panel too")
        XCTAssertNil(panel(controller, state))
        XCTAssertFalse(controller.dismissTrackMenu(state: state))
    }

    func testWheelOverThePanelScrollsAndElsewhereKeepsItsJob() throws {
        let state = PlaylistPanelFixtures.state(count: 10_000, position: 5_000)
        var (controller, look) = try opened(state)
        let top = look.layout.firstRow, over = center(look.layout.frame)
        let response = controller.handle(.wheel(over, notches: -2), state: state, now: 2)
        XCTAssertEqual(response, .init(commands: [], consumed: true))
        XCTAssertEqual(panel(controller, state)?.layout.firstRow, top + 2 * PlaylistPanelState.wheelRows,
                       "towards the user: down the list")
        _ = controller.handle(.wheel(over, notches: 1), state: state, now: 2)
        XCTAssertEqual(panel(controller, state)?.layout.firstRow, top + PlaylistPanelState.wheelRows)
        _ = controller.handle(.wheel(over, notches: 10_000), state: state, now: 2)
        XCTAssertEqual(panel(controller, state)?.layout.firstRow, 0, "stops at the top")
        XCTAssertEqual(panel(controller, state)?.cursor, 5_000, "the cursor stays on its entry")
        XCTAssertEqual(controller.handle(.wheel(OverlayPoint(x: 100, y: 100), notches: 1), state: state, now: 2).commands,
                       [.addVolume(OverlayController.volumeWheelStep)], "over the video: the volume, as before")
        XCTAssertEqual(panel(controller, state)?.layout.firstRow, 0)
    }

    func testClickOutsideClosesWithoutActing() throws {
        let state = PlaylistPanelFixtures.state(count: 5)
        let layout = OverlayController(windowSize: size, now: 0).layout(for: state)
        for (point, what) in [(OverlayPoint(x: 100, y: 100), "the video"), (center(layout.playPauseButton), "pause"),
                              (center(layout.slider), "the slider")] {
            var (controller, _) = try opened(state)
            let down = controller.handle(.down(point, clicks: 1), state: state, now: 2)
            let up = controller.handle(.up(point), state: state, now: 2.1)
            XCTAssertEqual(down, .init(commands: [], consumed: true), what)
            XCTAssertEqual(up, .init(commands: [], consumed: true), "\(what): the release belongs to the closing click")
            XCTAssertNil(panel(controller, state, now: 2.2), what)
            XCTAssertEqual(click(center(layout.playPauseButton), &controller, state: state, now: 3), [.togglePause],
                           "\(what): the bar works again once the panel is closed")
        }
    }

    func testPanelAndBarStayWhileOpenAndTheRowUnderThePointerLights() throws {
        let state = PlaylistPanelFixtures.state(count: 5)
        var (controller, look) = try opened(state)
        _ = controller.handle(.move(center(look.layout.rowFrame(3))), state: state, now: 2)
        XCTAssertEqual(controller.look(state: state, now: 600)?.playlistPanel?.hoveredRow, 3, "shown, the entry lit")
        XCTAssertEqual(controller.look(state: state, now: 600)?.hovered, nil)
        XCTAssertNil(controller.nextDeadline(state: state, now: 600), "no hide pending")
        XCTAssertNil(controller.look(state: state, now: 600)?.tooltip)
        XCTAssertTrue(controller.dismissTrackMenu(state: state))
        XCTAssertNil(controller.look(state: state, now: 600), "closed, the bar hides again")
    }

    func testListChangingUnderTheOpenPanelIsFollowed() throws {
        var state = PlaylistPanelFixtures.state(count: 10_000, position: 9_990)
        let (controller, look) = try opened(state)
        XCTAssertEqual(look.cursor, 9_990)
        state.playlist.removeLast(9_995)
        state.playlistPosition = 2
        let after = try XCTUnwrap(panel(controller, state))
        XCTAssertEqual(after.layout.visibleRows, 0..<5, "scrolled back within the shorter list")
        XCTAssertEqual(after.cursor, 4, "the cursor kept on the list")
        XCTAssertEqual(after.current, 2)
        state.playlist[1].title = "Now Known"
        XCTAssertNotEqual(panel(controller, state), after, "a title coming in redraws")
    }

    /// Not an assertion: how long a frame's look (layout and hit-testing included) takes with
    /// 10,000 entries, against 10.
    func testPrintsTheLookCostPerFrameWithTenThousandEntries() throws {
        for count in [10, 10_000] {
            let state = PlaylistPanelFixtures.state(count: count, position: count / 2)
            var (controller, look) = try opened(state)
            _ = controller.handle(.move(center(look.layout.rowFrame(count / 2))), state: state, now: 2)
            let frames = 2_000
            let start = Player.monotonicNow()
            var lit = 0
            for frame in 0..<frames {
                look = try XCTUnwrap(controller.look(state: state, now: 2 + Double(frame) * 0.001)?.playlistPanel)
                lit += look.hoveredRow ?? 0
            }
            let perFrame = (Player.monotonicNow() - start) / Double(frames)
            print(String(format: "playlist panel, %d entries: look per frame %.1f µs", count, perFrame * 1e6))
            XCTAssertEqual(lit, frames * (count / 2))
        }
    }
}
