import Foundation
import XCTest
@testable import VPlayCore

/// Which files beside a video are its subtitles, and what encoding a subtitle file is in.
final class SubtitleFileNameTests: XCTestCase {
    private let names = ["clip.mkv", "clip.srt", "clip.en.srt", "clip.fr.forced.srt", "clip.commentary.ass",
                         "clip.vtt", "clip.idx", "clip.sub", "clip extra.srt", "My clip cut.srt", "notes.txt", "other.srt",
                         "clip.sup", "lonely.idx"]

    func testExactTakesTheVideosNameWithTagsAndKnowsTheLanguages() {
        let found = SidecarFinder.sidecars(for: "clip.mkv", among: names, mode: .exact)
        XCTAssertEqual(found.map(\.name), ["clip.commentary.ass", "clip.idx", "clip.srt", "clip.sup", "clip.vtt",
                                           "clip.en.srt", "clip.fr.forced.srt"])
        XCTAssertEqual(found.first { $0.name == "clip.en.srt" }?.language, "en")
        XCTAssertEqual(found.first { $0.name == "clip.fr.forced.srt" }, Sidecar(name: "clip.fr.forced.srt", language: "fr", isForced: true))
        XCTAssertNil(found.first { $0.name == "clip.commentary.ass" }?.language, "not a language")
    }

    func testFuzzyAlsoTakesNamesContainingTheVideosAndNoTakesNone() {
        let found = SidecarFinder.sidecars(for: "clip.mkv", among: names, mode: .fuzzy).map(\.name)
        XCTAssertTrue(found.contains("clip extra.srt"))
        XCTAssertTrue(found.contains("My clip cut.srt"))
        XCTAssertFalse(found.contains("other.srt"))
        XCTAssertEqual(SidecarFinder.sidecars(for: "clip.mkv", among: names, mode: .no), [])
        XCTAssertFalse(SidecarFinder.sidecars(for: "lonely.mkv", among: names, mode: .exact).contains { $0.name == "lonely.idx" },
                       "an .idx without its .sub")
    }

    func testSubtitleFilesAreToldByName() {
        XCTAssertTrue(SidecarFinder.isSubtitleFile("/x/a b.SRT"))
        XCTAssertTrue(SidecarFinder.isSubtitleFile("film.ass"))
        XCTAssertFalse(SidecarFinder.isSubtitleFile("film.mkv"))
    }

    func testEncodingIsToldByMarkThenValidityThenLetters() {
        XCTAssertNil(SubtitleEncoding.detect(Array("plain ascii".utf8)))
        XCTAssertNil(SubtitleEncoding.detect(Array("Café".utf8)), "valid UTF-8")
        XCTAssertNil(SubtitleEncoding.detect([0xFF, 0xFE, 0x41, 0x00]), "UTF-16 with its mark is read as is")
        XCTAssertEqual(SubtitleEncoding.detect(Array("Caf".utf8) + [0xE9, 0x20] + Array("cr".utf8) + [0xE8] + Array("me".utf8)), "CP1252")
        // "Привет мир" in CP1251.
        let russian: [UInt8] = [0xCF, 0xF0, 0xE8, 0xE2, 0xE5, 0xF2, 0x20, 0xEC, 0xE8, 0xF0]
        XCTAssertEqual(SubtitleEncoding.detect(russian), "CP1251")
        XCTAssertEqual(SubtitleEncoding.detect([0xE9], preferred: "ISO-8859-15"), "ISO-8859-15")
        XCTAssertNil(SubtitleEncoding.detect([0xEF, 0xBB, 0xBF, 0xE9], preferred: "CP1251"), "the mark wins")
    }

    func testSubtitleFileTracksAreExternalWithTheirLanguage() {
        var tracks = [Track(id: 1, kind: .video, codec: "h264", streamIndex: 0), Track(id: 1, kind: .sub, codec: "ass", streamIndex: 1)]
        let track = Player.externalTrack(path: "/m/clip.en.srt", sidecar: Sidecar(name: "clip.en.srt", language: "en", isForced: false),
                                         after: tracks)
        XCTAssertEqual(track.id, 2)
        XCTAssertTrue(track.isExternal)
        XCTAssertEqual(track.codec, "subrip")
        XCTAssertEqual(track.language, "en")
        tracks.append(track)
        XCTAssertEqual(TrackChooser.choose(.auto, among: tracks, kind: .sub), 2, "a subtitle file shows by itself")
        tracks[1].isDefault = true
        XCTAssertEqual(TrackChooser.choose(.auto, among: tracks, kind: .sub), 2, "even over a default track")
    }
}

/// What a script may ask of libass.
final class ASSLimitsTests: XCTestCase {
    func testOverrideSizesAreBoundedInsideBlocksOnly() {
        let limits = ASSLimits(playResY: 1080)
        XCTAssertEqual(limits.fontSize, 2160)
        XCTAssertEqual(limits.clamp("0,0,Default,,0,0,0,,{\\fs100000\\fscx5000\\bord-900}Big \\fs99 {\\blur3}x"),
                       "0,0,Default,,0,0,0,,{\\fs2160\\fscx1000\\bord-540}Big \\fs99 {\\blur3}x")
        XCTAssertEqual(limits.clamp("{\\t(0,100,\\fs99999)\\fsp1e9}a"), "{\\t(0,100,\\fs2160)\\fsp1e9}a",
                       "an exponent is no number here: left for libass to refuse")
        XCTAssertEqual(limits.clamp("{\\fs40\\pos(10,20)}fine"), "{\\fs40\\pos(10,20)}fine")
        XCTAssertEqual(limits.clamp("{\\fs999999"), "{\\fs2160", "an unclosed block too")
        XCTAssertEqual(limits.clamp("no blocks"), "no blocks")
    }

    func testDrawingsAndVectorClipsStayWithinReach() {
        let limits = ASSLimits(playResY: 1080)   // a reach of 2160 units
        XCTAssertEqual(limits.clamp("{\\p1}m 0 0 l 5000 0 5000 -1e9 0 20.5{\\p0} words 99999"),
                       "{\\p1}m 0 0 l 2160 0 2160 -2160 0 20.5{\\p0} words 99999")
        XCTAssertEqual(limits.clamp("{\\p3}m 0 0 l 9000 0{\\pos(1,2)}b 9 9 9{\\p0}"), "{\\p3}m 0 0 l 8640 0{\\pos(1,2)}b 9 9 9{\\p0}",
                       "at \\p3 units are four times finer")
        XCTAssertEqual(limits.clamp("{\\fscx1000\\p1}m 0 0 l 300 0"), "{\\fscx1000\\p1}m 0 0 l 216 0", "stretched ten times")
        XCTAssertEqual(limits.clamp("{\\iclip(m 0 0 l 90000 0 90000 90000)}x"), "{\\iclip(m 0 0 l 2160 0 2160 2160)}x")
        XCTAssertEqual(limits.clamp("{\\clip(2,m 0 0 l 9000 0)}x"), "{\\clip(2,m 0 0 l 4320 0)}x")
        XCTAssertEqual(limits.clamp("{\\clip(0,0,99999,99999)\\pos(10,20)}x"), "{\\clip(0,0,99999,99999)\\pos(10,20)}x",
                       "a rectangle is no drawing")
    }

    func testTheScriptHeightComesFromTheHeader() {
        XCTAssertEqual(ASSLimits.playResY(ofHeader: Array("[Script Info]\nPlayResX: 640\nPlayResY: 360\n".utf8)), 360)
        XCTAssertEqual(ASSLimits.playResY(ofHeader: Array("[Script Info]\n".utf8)), 288)
        XCTAssertEqual(ASSLimits(playResY: 100).fontSize, 576, "small scripts are measured as 288 lines")
    }
}
