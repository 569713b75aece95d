import VPlayCore
import XCTest
@testable import VPlayView

/// The track menu driven through `OverlayController` as the SDL overlay drives it: the button
/// opens it, an entry sends its command and closes it, a click elsewhere or Esc closes it.
final class TrackMenuControllerTests: XCTestCase {
    private let size = OverlaySize(width: 640, height: 360)
    private let state = TrackMenuFixtures.state()

    private func center(_ rect: OverlayRect) -> OverlayPoint { OverlayPoint(x: rect.midX, y: rect.midY) }

    private func click(_ point: OverlayPoint, _ controller: inout OverlayController, now: Double = 1,
                       state: PlayerState? = nil) -> [PlayerCommand] {
        let state = state ?? self.state
        return controller.handle(.down(point, clicks: 1), state: state, now: now).commands
            + controller.handle(.up(point), state: state, now: now + 0.1).commands
    }

    /// A controller with the menu open, and the menu's layout.
    private func opened() throws -> (OverlayController, TrackMenuLook) {
        var controller = OverlayController(windowSize: size, now: 0)
        let button = try XCTUnwrap(controller.layout(for: state).trackButton)
        XCTAssertNil(controller.look(state: state, now: 0.5)?.trackMenu, "closed to begin with")
        XCTAssertEqual(click(center(button), &controller), [], "opening the menu is the overlay's own business")
        let look = try XCTUnwrap(controller.look(state: state, now: 1.2)?.trackMenu, "the button opens the menu")
        return (controller, look)
    }

    private func rowCenter(_ text: String, in look: TrackMenuLook, kind: Track.Kind) throws -> OverlayPoint {
        let index = try XCTUnwrap(look.menu.rows.firstIndex {
            if case .choice(kind, _, let rowText) = $0 { rowText == text } else { false }
        })
        return center(look.layout.rowFrame(index))
    }

    func testEntriesSendTheirChoiceAndCloseTheMenu() throws {
        let choices: [(String, Track.Kind, PlayerCommand)] = [
            ("2: French (Commentary)", .audio, .selectTrack(.audio, .id(2))),
            ("1: English", .audio, .selectTrack(.audio, .id(1))),
            ("2: German", .sub, .selectTrack(.sub, .id(2))),
            ("Off", .sub, .selectTrack(.sub, .none)),
        ]
        for (text, kind, command) in choices {
            var (controller, look) = try opened()
            XCTAssertEqual(click(try rowCenter(text, in: look, kind: kind), &controller, now: 2), [command], text)
            XCTAssertNil(controller.look(state: state, now: 2.2)?.trackMenu, "\(text): the menu closes")
        }
    }

    func testHeadingsAndPaddingDoNothing() throws {
        var (controller, look) = try opened()
        XCTAssertEqual(click(center(look.layout.rowFrame(0)), &controller, now: 2), [], "the Audio heading")
        XCTAssertEqual(click(OverlayPoint(x: look.layout.frame.midX, y: look.layout.frame.minY + 1), &controller, now: 3), [])
        XCTAssertNotNil(controller.look(state: state, now: 3.2)?.trackMenu, "still open")
    }

    func testPressOnOneEntryReleasedOnAnotherDoesNothing() throws {
        var (controller, look) = try opened()
        _ = controller.handle(.down(center(look.layout.rowFrame(1)), clicks: 1), state: state, now: 2)
        XCTAssertEqual(controller.handle(.up(center(look.layout.rowFrame(2))), state: state, now: 2.1).commands, [])
    }

    func testClickElsewhereClosesWithoutActing() throws {
        let layout = OverlayController(windowSize: size, now: 0).layout(for: state)
        for (point, what) in [(OverlayPoint(x: 100, y: 100), "the video"), (center(layout.playPauseButton), "pause"),
                              (center(layout.slider), "the slider")] {
            var (controller, _) = try opened()
            let down = controller.handle(.down(point, clicks: 1), state: state, now: 2)
            let up = controller.handle(.up(point), state: state, now: 2.1)
            XCTAssertEqual(down, .init(commands: [], consumed: true), what)
            XCTAssertEqual(up, .init(commands: [], consumed: true), "\(what): the release belongs to the closing click")
            XCTAssertNil(controller.look(state: state, now: 2.2)?.trackMenu, what)
            XCTAssertEqual(click(center(layout.playPauseButton), &controller, now: 3), [.togglePause],
                           "\(what): the bar works again once the menu is closed")
        }
    }

    func testButtonAndEscCloseTheMenu() throws {
        var (controller, _) = try opened()
        let button = try XCTUnwrap(controller.layout(for: state).trackButton)
        XCTAssertEqual(click(center(button), &controller, now: 2), [])
        XCTAssertNil(controller.look(state: state, now: 2.2)?.trackMenu, "a second click on the button closes it")

        (controller, _) = try opened()
        XCTAssertTrue(controller.dismissTrackMenu(state: state))
        XCTAssertNil(controller.look(state: state, now: 1.3)?.trackMenu)
        XCTAssertFalse(controller.dismissTrackMenu(state: state), "Esc then goes on to its usual job")
    }

    func testBarStaysShownWhileTheMenuIsOpen() throws {
        var (controller, look) = try opened()
        // The pointer rests on the menu, away from the bar, long past the bar's hide delay.
        _ = controller.handle(.move(center(look.layout.rowFrame(2))), state: state, now: 2)
        XCTAssertEqual(controller.look(state: state, now: 60)?.trackMenu?.hoveredRow, 2, "shown, the entry lit")
        XCTAssertNil(controller.nextDeadline(state: state, now: 60), "no hide pending")
        XCTAssertTrue(controller.dismissTrackMenu(state: state))
        XCTAssertNil(controller.look(state: state, now: 60), "closed, the bar hides again")
    }

    func testMarkFollowsTheSelectionWhileOpenAndANewFileClosesTheMenu() throws {
        let (controller, look) = try opened()
        XCTAssertEqual(look.selection, TrackMenu.Selection(audio: 1, sub: nil))
        var switched = TrackMenuFixtures.state(TrackMenuFixtures.tracks(selectedAudio: 2, selectedSub: 1))
        XCTAssertEqual(controller.look(state: switched, now: 1.5)?.trackMenu?.selection,
                       TrackMenu.Selection(audio: 2, sub: 1), "a key switched tracks: the marks move")
        switched.tracks = TrackMenuFixtures.tracks(audio: 3)
        XCTAssertNil(controller.look(state: switched, now: 1.5)?.trackMenu, "another file: the menu no longer applies")
    }

    func testHoverOverTheSliderShowsNoTimeTooltipWhileOpen() throws {
        var (controller, look) = try opened()
        let layout = controller.layout(for: state)
        _ = controller.handle(.move(center(layout.slider)), state: state, now: 2)
        XCTAssertNil(controller.look(state: state, now: 2)?.tooltip, "the open menu has the pointer")
        XCTAssertNil(controller.look(state: state, now: 2)?.trackMenu?.hoveredRow)
        XCTAssertTrue(controller.handle(.wheel(center(look.layout.rowFrame(1)), notches: 1), state: state, now: 2)
            .commands.isEmpty, "the wheel over the menu changes nothing")
        look = try XCTUnwrap(controller.look(state: state, now: 2)?.trackMenu, "hovering and the wheel leave it open")
        XCTAssertEqual(look.selection, TrackMenu.Selection(audio: 1, sub: nil))
    }
}
