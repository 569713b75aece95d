import XCTest
@testable import VPlayCore

/// Which track plays, decided without a file: languages, flags, ids, cycling.
final class TrackChoiceTests: XCTestCase {
    private func track(_ kind: Track.Kind, _ id: Int, _ language: String?, isDefault: Bool = false,
                       isForced: Bool = false) -> Track {
        var track = Track(id: id, kind: kind, codec: "x", streamIndex: id)
        track.language = language
        track.isDefault = isDefault
        track.isForced = isForced
        return track
    }

    func testLanguageCodesOfBothLengthsMatch() {
        XCTAssertTrue(LanguageCode.matches("en", "eng"))
        XCTAssertTrue(LanguageCode.matches("fre", "fra"))
        XCTAssertTrue(LanguageCode.matches("FR", "fre"))
        XCTAssertTrue(LanguageCode.matches("pt-BR", "por"))
        XCTAssertTrue(LanguageCode.matches("xyz", "xyz"))
        XCTAssertFalse(LanguageCode.matches("en", "fre"))
        XCTAssertFalse(LanguageCode.matches("xyz", "eng"))
        XCTAssertEqual(LanguageCode.name(of: "ger"), "German")
        XCTAssertNil(LanguageCode.name(of: "xyz"))
    }

    func testAudioPrefersTheFirstListedLanguageThenTheDefaultThenTheFirst() {
        let tracks = [track(.audio, 1, "eng", isDefault: true), track(.audio, 2, "fre"), track(.audio, 3, "jpn")]
        XCTAssertEqual(TrackChooser.choose(.auto, among: tracks, kind: .audio, languages: ["ja", "fr"]), 3)
        XCTAssertEqual(TrackChooser.choose(.auto, among: tracks, kind: .audio, languages: ["de", "fr"]), 2)
        XCTAssertEqual(TrackChooser.choose(.auto, among: tracks, kind: .audio, languages: ["de"]), 1)
        XCTAssertEqual(TrackChooser.choose(.auto, among: tracks, kind: .audio), 1)
        let untagged = [track(.audio, 1, nil), track(.audio, 2, nil)]
        XCTAssertEqual(TrackChooser.choose(.auto, among: untagged, kind: .audio), 1)
    }

    func testAmongTracksOfOneLanguageTheDefaultWins() {
        let tracks = [track(.audio, 1, "eng"), track(.audio, 2, "eng", isDefault: true)]
        XCTAssertEqual(TrackChooser.choose(.auto, among: tracks, kind: .audio, languages: ["en"]), 2)
    }

    func testSubtitlesShowOnlyWhenALanguageOrAFlagAsks() {
        let plain = [track(.sub, 1, "eng"), track(.sub, 2, "ger")]
        XCTAssertNil(TrackChooser.choose(.auto, among: plain, kind: .sub))
        XCTAssertEqual(TrackChooser.choose(.auto, among: plain, kind: .sub, languages: ["de"]), 2)
        let forced = [track(.sub, 1, "eng"), track(.sub, 2, "eng", isForced: true)]
        XCTAssertEqual(TrackChooser.choose(.auto, among: forced, kind: .sub), 2)
        let flagged = [track(.sub, 1, "eng"), track(.sub, 2, "ger", isDefault: true)]
        XCTAssertEqual(TrackChooser.choose(.auto, among: flagged, kind: .sub), 2)
    }

    func testAnExplicitIdOrNoneWinsAndAnUnknownIdSelectsNothing() {
        let tracks = [track(.audio, 1, "eng", isDefault: true), track(.audio, 2, "fre")]
        XCTAssertEqual(TrackChooser.choose(.id(2), among: tracks, kind: .audio, languages: ["en"]), 2)
        XCTAssertNil(TrackChooser.choose(.none, among: tracks, kind: .audio))
        XCTAssertNil(TrackChooser.choose(.id(9), among: tracks, kind: .audio))
    }

    func testAMissingIdIsOneLineNamingTheKind() {
        XCTAssertEqual(TrackChooser.missingTrackLine(.id(5), chosen: nil, kind: .audio), "no audio track 5; playing without sound")
        XCTAssertEqual(TrackChooser.missingTrackLine(.id(9), chosen: nil, kind: .sub), "no subtitle track 9; playing without subtitles")
        XCTAssertEqual(TrackChooser.missingTrackLine(.id(2), chosen: nil, kind: .video), "no video track 2; playing without video")
        XCTAssertNil(TrackChooser.missingTrackLine(.id(1), chosen: 1, kind: .audio))
        XCTAssertNil(TrackChooser.missingTrackLine(.auto, chosen: nil, kind: .sub), "auto finding no subtitles is no mistake")
        XCTAssertNil(TrackChooser.missingTrackLine(.none, chosen: nil, kind: .audio))
    }

    func testCyclingRunsThroughTheIdsThenNoneBothWays() {
        let tracks = [track(.audio, 1, nil), track(.audio, 2, nil), track(.sub, 1, nil)]
        XCTAssertEqual(TrackChooser.cycle(from: 1, among: tracks, kind: .audio), .id(2))
        XCTAssertEqual(TrackChooser.cycle(from: 2, among: tracks, kind: .audio), .none)
        XCTAssertEqual(TrackChooser.cycle(from: nil, among: tracks, kind: .audio), .id(1))
        XCTAssertEqual(TrackChooser.cycle(from: 1, among: tracks, kind: .audio, down: true), .none)
        XCTAssertEqual(TrackChooser.cycle(from: nil, among: tracks, kind: .sub, down: true), .id(1))
        XCTAssertEqual(TrackChooser.cycle(from: nil, among: [], kind: .sub), .none)
    }

    func testTrackChoicesParseMpvSpellings() {
        XCTAssertEqual(TrackChoice("auto"), .auto)
        XCTAssertEqual(TrackChoice("no"), TrackChoice.none)
        XCTAssertEqual(TrackChoice("2"), .id(2))
        XCTAssertNil(TrackChoice("0"))
        XCTAssertNil(TrackChoice("two"))
        XCTAssertEqual(TrackChoice.id(3).description, "3")
    }

    func testASSEventTextLosesItsFieldsAndStyling() {
        XCTAssertEqual(SubtitleEvent.plainText(ofASSEvent: "0,0,Default,,0,0,0,,{\\b1}Hello,\\Nworld{\\i0}"),
                       "Hello,\nworld")
        var timeline = SubtitleTimeline()
        timeline.insert(SubtitleEvent(start: 1, end: 3, text: "a"))
        timeline.insert(SubtitleEvent(start: 2, end: 4, text: "b"))
        timeline.insert(SubtitleEvent(start: 1, end: 3, text: "a"))
        XCTAssertEqual(timeline.events.count, 2)
        XCTAssertEqual(timeline.text(at: 2.5), "a\nb")
        XCTAssertEqual(timeline.text(at: 3.5), "b")
        XCTAssertNil(timeline.text(at: 0.5))
        XCTAssertNil(timeline.text(at: 4))
    }
}
