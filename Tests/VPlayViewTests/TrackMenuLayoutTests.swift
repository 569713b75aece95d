import VPlayCore
import XCTest
@testable import VPlayView

/// The track menu's rows, its place above the bar and its hit-testing, without a window.
final class TrackMenuLayoutTests: XCTestCase {
    private let sizes = [OverlaySize(width: 640, height: 360), OverlaySize(width: 1280, height: 720),
                         OverlaySize(width: 3840, height: 2160)]

    private func bar(_ size: OverlaySize) -> OverlayLayout {
        OverlayLayout(windowSize: size, showsTrackButton: true)
    }

    func testButtonIsHiddenWhenThereIsNothingToChoose() {
        let cases: [(tracks: [Track], offers: Bool, why: String)] = [
            ([], false, "no file"),
            (TrackMenuFixtures.tracks(audio: 1, subtitles: 0), false, "one audio track, no subtitles"),
            (TrackMenuFixtures.tracks(audio: 0, subtitles: 0), false, "picture only"),
            (TrackMenuFixtures.tracks(audio: 2, subtitles: 0), true, "two audio tracks"),
            (TrackMenuFixtures.tracks(audio: 1, subtitles: 1), true, "subtitles to turn on"),
            (TrackMenuFixtures.tracks(audio: 0, subtitles: 1), true, "subtitles without sound"),
        ]
        for (tracks, offers, why) in cases {
            XCTAssertEqual(TrackMenu.offersChoice(tracks), offers, why)
            XCTAssertEqual(TrackMenu(tracks: tracks) != nil, offers, why)
            let controller = OverlayController(windowSize: sizes[0], now: 0)
            let layout = controller.layout(for: TrackMenuFixtures.state(tracks))
            XCTAssertEqual(layout.trackButton != nil, offers, why)
            let hits = layout.trackButton.map { layout.hitTest(OverlayPoint(x: $0.midX, y: $0.midY)) }
            XCTAssertEqual(hits ?? .tracks, .tracks, why)
        }
    }

    func testButtonSitsBesideTheSpeedLabelAndTheSliderMakesRoom() throws {
        for size in sizes {
            let without = OverlayLayout(windowSize: size)
            let with = bar(size)
            let button = try XCTUnwrap(with.trackButton)
            XCTAssertEqual(button.maxX, with.speedButton.minX, accuracy: 1e-9, "\(size): right before the speed label")
            XCTAssertLessThanOrEqual(with.slider.maxX, button.minX, "\(size)")
            XCTAssertEqual(button.width, with.playPauseButton.width, accuracy: 1e-9, "\(size): a button like the others")
            XCTAssertEqual(with.band, without.band)
            XCTAssertEqual(with.speedButton, without.speedButton, "\(size): the right-hand group stays put")
            XCTAssertEqual(without.slider.width - with.slider.width, button.width, accuracy: 1e-9, "\(size)")
        }
    }

    func testRowsListAudioThenSubtitlesWithOff() throws {
        let menu = try XCTUnwrap(TrackMenu(tracks: TrackMenuFixtures.tracks()))
        XCTAssertEqual(menu.rows, [
            .heading(.audio),
            .choice(.audio, .id(1), text: "1: English"),
            .choice(.audio, .id(2), text: "2: French (Commentary)"),
            .heading(.sub),
            .choice(.sub, .id(1), text: "1: English"),
            .choice(.sub, .id(2), text: "2: German"),
            .choice(.sub, .none, text: "Off"),
        ])
        XCTAssertEqual(menu.rows.map(TrackMenu.text(of:)),
                       ["Audio", "1: English", "2: French (Commentary)", "Subtitles", "1: English", "2: German", "Off"])
        XCTAssertEqual(menu.longestText, 22)
        let audioOnly = try XCTUnwrap(TrackMenu(tracks: TrackMenuFixtures.tracks(audio: 2, subtitles: 0)))
        XCTAssertEqual(audioOnly.rows.count, 3, "no subtitle heading, no Off, without subtitle tracks")
    }

    func testPlateStandsAboveTheBarInsideTheWindowNearTheButton() throws {
        let menu = try XCTUnwrap(TrackMenu(tracks: TrackMenuFixtures.tracks()))
        for size in sizes {
            let bar = bar(size), layout = TrackMenuLayout(menu: menu, bar: bar)
            let button = try XCTUnwrap(bar.trackButton)
            XCTAssertLessThan(layout.frame.maxY, bar.band.minY, "\(size): above the bar")
            XCTAssertGreaterThan(layout.frame.minY, 0, "\(size)")
            XCTAssertGreaterThan(layout.frame.minX, 0, "\(size)")
            XCTAssertLessThan(layout.frame.maxX, size.width, "\(size)")
            XCTAssertTrue(layout.frame.minX <= button.midX && button.midX <= layout.frame.maxX, "\(size): over the button")
            XCTAssertGreaterThanOrEqual(layout.fontSize, 12, "\(size): readable")
            XCTAssertGreaterThan(layout.textArea.width,
                                 Double(menu.longestText) * TrackMenuLayout.averageCharacterWidth * layout.fontSize - 1e-9,
                                 "\(size): room for the longest label")
            for index in menu.rows.indices {
                let row = layout.rowFrame(index)
                XCTAssertGreaterThanOrEqual(row.minY, layout.frame.minY)
                XCTAssertLessThanOrEqual(row.maxY, layout.frame.maxY + 1e-9)
                XCTAssertGreaterThanOrEqual(row.height, 20, "\(size): a row big enough to hit")
            }
        }
    }

    func testPointHitsTheRowItIsIn() throws {
        let menu = try XCTUnwrap(TrackMenu(tracks: TrackMenuFixtures.tracks()))
        for size in sizes {
            let layout = TrackMenuLayout(menu: menu, bar: bar(size))
            for index in menu.rows.indices {
                let row = layout.rowFrame(index)
                XCTAssertEqual(layout.row(at: OverlayPoint(x: row.midX, y: row.midY)), index, "\(size)")
                XCTAssertEqual(layout.row(at: OverlayPoint(x: row.minX + 1, y: row.minY)), index, "\(size): top edge")
                XCTAssertEqual(layout.row(at: OverlayPoint(x: row.maxX - 1, y: row.maxY - 0.01)), index,
                               "\(size): bottom edge")
            }
            let frame = layout.frame
            XCTAssertNil(layout.row(at: OverlayPoint(x: frame.midX, y: frame.minY + 1)), "\(size): top padding")
            XCTAssertNil(layout.row(at: OverlayPoint(x: frame.midX, y: frame.maxY - 1)), "\(size): bottom padding")
            XCTAssertNil(layout.row(at: OverlayPoint(x: frame.minX - 1, y: layout.rowFrame(1).midY)), "\(size): left of it")
            XCTAssertNil(layout.row(at: OverlayPoint(x: frame.maxX, y: layout.rowFrame(1).midY)), "\(size): right of it")
            XCTAssertNil(layout.row(at: OverlayPoint(x: frame.midX, y: frame.maxY + 5)), "\(size): below it")
        }
    }

    func testManyTracksShrinkToFitAboveTheBar() {
        let size = sizes[0], bar = bar(size)
        let layout = TrackMenuLayout(rowCount: 40, longestText: 12, bar: bar)
        XCTAssertGreaterThanOrEqual(layout.frame.minY, 0)
        XCTAssertLessThan(layout.frame.maxY, bar.band.minY)
        XCTAssertEqual(layout.row(at: OverlayPoint(x: layout.frame.midX, y: layout.rowFrame(39).midY)), 39)
        let long = TrackMenuLayout(rowCount: 3, longestText: 400, bar: bar)
        XCTAssertGreaterThanOrEqual(long.frame.minX, 0, "a long title stays inside the window")
        XCTAssertLessThanOrEqual(long.frame.maxX, size.width)
    }

    func testSelectedMarkFollowsTheTracksSelection() throws {
        let menu = try XCTUnwrap(TrackMenu(tracks: TrackMenuFixtures.tracks()))
        func marked(_ tracks: [Track]) -> [String] {
            var state = PlayerState()
            state.tracks = tracks
            return menu.rows.filter { TrackMenu.isSelected($0, selection: TrackMenu.Selection(state)) }
                .map(TrackMenu.text(of:))
        }
        XCTAssertEqual(marked(TrackMenuFixtures.tracks(selectedAudio: 1, selectedSub: nil)), ["1: English", "Off"])
        XCTAssertEqual(marked(TrackMenuFixtures.tracks(selectedAudio: 2, selectedSub: 2)),
                       ["2: French (Commentary)", "2: German"])
        XCTAssertEqual(marked(TrackMenuFixtures.tracks(selectedAudio: nil, selectedSub: 1)), ["1: English"],
                       "no audio: no audio entry marked; subtitle 1 (listed under Subtitles)")
        XCTAssertTrue(menu.describes(TrackMenuFixtures.tracks(selectedAudio: 2, selectedSub: 1)),
                      "a new selection is still the same menu")
        XCTAssertFalse(menu.describes(TrackMenuFixtures.tracks(audio: 3)), "another file's tracks are not")
    }
}
