import VPlayCore
import VPlayView
import XCTest

/// Which scene the view loop shows for each phase of the session, and how long a turn sleeps.
final class SceneChoiceTests: XCTestCase {
    private let item = PlaylistItem(path: "/videos/a.mkv", id: 1)
    /// Two players' stand-ins, kept alive so their identities differ.
    private let players = [NSObject(), NSObject()]
    private var first: ObjectIdentifier { ObjectIdentifier(players[0]) }
    private var second: ObjectIdentifier { ObjectIdentifier(players[1]) }

    func testTheIdlePhaseShowsTheIdleScene() {
        XCTAssertEqual(SceneChoice(phase: .idle, player: nil, hasWindow: true), .idle)
    }

    func testAFileOpeningShowsNothingNewSoTheWindowKeepsItsPicture() {
        XCTAssertEqual(SceneChoice(phase: .opening(item), player: nil, hasWindow: true), .none)
    }

    func testEachPlayerHasAPlayingSceneOfItsOwn() {
        let shown = SceneChoice(phase: .playing(item), player: first, hasWindow: true)
        XCTAssertEqual(shown, .playing(first))
        XCTAssertNotEqual(SceneChoice(phase: .playing(item), player: second, hasWindow: true), shown,
                          "the next file's player would keep the file before's scene")
    }

    func testQuittingShowsNothing() {
        XCTAssertEqual(SceneChoice(phase: .quitting(code: 0), player: nil, hasWindow: true), .none)
    }

    func testWithoutAWindowNoPhaseHasAScene() {
        for phase: Session.Phase in [.idle, .opening(item), .playing(item), .quitting(code: 1)] {
            XCTAssertEqual(SceneChoice(phase: phase, player: first, hasWindow: false), .none, "\(phase)")
        }
    }

    func testATurnSleepsUntilThePlayersTickOrTheScenesDeadlineWhicheverIsFirst() {
        XCTAssertEqual(SceneChoice.waitDeadline(playerWakeAt: 10.02, sceneDeadline: 12), 10.02)
        XCTAssertEqual(SceneChoice.waitDeadline(playerWakeAt: 10.02, sceneDeadline: 10.01), 10.01)
        XCTAssertEqual(SceneChoice.waitDeadline(playerWakeAt: nil, sceneDeadline: 13.5), 13.5, "the idle window's message")
        XCTAssertEqual(SceneChoice.waitDeadline(playerWakeAt: 7, sceneDeadline: nil), 7, "no window")
        XCTAssertEqual(SceneChoice.waitDeadline(playerWakeAt: .infinity, sceneDeadline: .infinity), .infinity, "paused, nothing due")
        XCTAssertEqual(SceneChoice.waitDeadline(playerWakeAt: nil, sceneDeadline: nil), .infinity, "a file opening")
    }

    func testDrawingWaitsForTheFirstPictureAtMostTheLimit() {
        let wait = FirstPictureWait(startedAt: 100)
        XCTAssertTrue(wait.holdsDrawing(hasVideo: true, hasPicture: false, now: 100.5))
        XCTAssertFalse(wait.holdsDrawing(hasVideo: true, hasPicture: true, now: 100.5), "the picture is up")
        XCTAssertFalse(wait.holdsDrawing(hasVideo: true, hasPicture: false, now: 100 + FirstPictureWait.limit),
                       "waited long enough: the window is drawn without it")
        XCTAssertFalse(wait.holdsDrawing(hasVideo: false, hasPicture: false, now: 100.1), "sound only: nothing to wait for")
        XCTAssertEqual(wait.deadline, 100 + FirstPictureWait.limit)
    }
}
