import Foundation
import TestSupport
import XCTest
@testable import VPlayCore

final class SeriesChoicesTests: XCTestCase {
    private func track(_ id: Int, _ kind: Track.Kind, _ language: String?, _ title: String? = nil, selected: Bool = false) -> Track {
        var track = Track(id: id, kind: kind, codec: "aac", streamIndex: id)
        track.language = language
        track.title = title
        track.isSelected = selected
        return track
    }

    func testATrackIsFoundAgainByLanguageAndTitleWhateverItsNumber() {
        let episode2 = [track(1, .audio, "eng"), track(2, .audio, "jpn", "Commentary"), track(3, .audio, "ja")]
        XCTAssertEqual(SeriesChoices.TrackPreference(language: "jpn", title: nil).match(in: episode2, kind: .audio), 2,
                       "the first track of that language when no title says more")
        XCTAssertEqual(SeriesChoices.TrackPreference(language: "jpn", title: "Commentary").match(in: episode2, kind: .audio), 2)
        XCTAssertEqual(SeriesChoices.TrackPreference(language: "ja", title: "Main").match(in: [track(5, .audio, "eng"), track(7, .audio, "jpn")],
                                                                                           kind: .audio), 7,
                       "ISO 639-1 and -2 codes match; the language wins over a title no track has")
        XCTAssertEqual(SeriesChoices.TrackPreference(language: nil, title: "Commentary").match(in: episode2, kind: .audio), 2)
        XCTAssertNil(SeriesChoices.TrackPreference(language: "fre", title: nil).match(in: episode2, kind: .audio))
        XCTAssertNil(SeriesChoices.TrackPreference(language: "jpn", title: nil).match(in: episode2, kind: .sub), "only tracks of the kind")
    }

    func testChoicesReadFromOneEpisodeBecomeCommandsForAnother() {
        var episode1 = PlayerState()
        episode1.tracks = [track(1, .audio, "eng"), track(2, .audio, "jpn", selected: true),
                           track(1, .sub, "eng", selected: true), track(2, .sub, "jpn")]
        episode1.subtitles.delay = 0.3
        let choices = SeriesChoices(of: episode1)
        XCTAssertEqual(choices.audio, .init(language: "jpn", title: nil))
        XCTAssertEqual(choices.subtitle, .init(language: "eng", title: nil))
        XCTAssertNil(choices.speed, "normal speed is not a choice")

        var episode2 = PlayerState()
        episode2.tracks = [track(1, .audio, "jpn"), track(2, .audio, "eng", selected: true),
                           track(1, .sub, "jpn", selected: true), track(2, .sub, "eng")]
        XCTAssertEqual(choices.commands(for: episode2), [.selectTrack(.audio, .id(1)), .selectTrack(.sub, .id(2)),
                                                         .setSubtitle(.delay(0.3))])
        XCTAssertTrue(choices.summary.contains("Japanese"), choices.summary)
        XCTAssertTrue(choices.summary.contains("+300 ms"), choices.summary)

        var done = episode2
        done.tracks = [track(1, .audio, "jpn", selected: true), track(2, .sub, "eng", selected: true)]
        done.subtitles.delay = 0.3
        XCTAssertEqual(choices.commands(for: done), [], "nothing to do when the episode already has them")

        var off = episode1
        off.tracks = off.tracks.map { var track = $0; if track.kind == .sub { track.isSelected = false }; return track }
        XCTAssertTrue(SeriesChoices(of: off).subtitlesOff)
        XCTAssertEqual(SeriesChoices(of: off).commands(for: episode2).filter { if case .selectTrack(.sub, _) = $0 { true } else { false } },
                       [.selectTrack(.sub, .none)])
    }
}

final class SeriesMemoryTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("vplay-series-\(UUID().uuidString.prefix(8))")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    func testChoicesAreKeptPerFolderAndForgotten() throws {
        let memory = SeriesMemory(directory: directory)
        var choices = SeriesChoices()
        choices.audio = .init(language: "jpn", title: "Original")
        choices.speed = 1.25
        try memory.save(choices, forFolder: "/videos/Series A")
        XCTAssertEqual(SeriesMemory(directory: directory).choices(forFolder: "/videos/Series A"), choices, "kept across runs")
        XCTAssertNil(memory.choices(forFolder: "/videos/Series B"))
        memory.forget(folder: "/videos/Series A")
        XCTAssertNil(memory.choices(forFolder: "/videos/Series A"))
        XCTAssertEqual(SeriesMemory.folder(of: "/videos/Series A/../Series A/e1.mkv"), "/videos/Series A")
        XCTAssertNil(SeriesMemory.folder(of: "https://example.com/e1.mkv"))
    }

    func testADamagedEntryCountsAsNoChoices() throws {
        let memory = SeriesMemory(directory: directory)
        var choices = SeriesChoices()
        choices.subtitlesOff = true
        try memory.save(choices, forFolder: "/videos/S")
        let file = try XCTUnwrap(FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil).first)
        try Data("{not json".utf8).write(to: file)
        XCTAssertNil(memory.choices(forFolder: "/videos/S"))
        try Data(repeating: 0x20, count: SeriesMemory.sizeLimit + 1).write(to: file)
        XCTAssertNil(memory.choices(forFolder: "/videos/S"))
    }

    /// Episode 1 of a folder plays with the second audio track and the German subtitles: the
    /// next episode starts with them, and so does a later run that opens episode 2 alone.
    func testChoicesInOneEpisodeCarryToTheNextAndToALaterRun() throws {
        let folder = directory.appendingPathComponent("Show")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let clip = try MediaFactory.clip(try .multiTrack(seconds: 8))
        let episodes = try ["e1.mkv", "e2.mkv"].map { name in
            let path = folder.appendingPathComponent(name).path
            try FileManager.default.copyItem(atPath: clip.path, toPath: path)
            return path
        }
        let memory = SeriesMemory(directory: directory.appendingPathComponent("state"))
        let device = AudioDevice(sink: ManualAudioSink())
        func session(_ files: [String]) -> Session {
            var configuration = Session.Configuration()
            configuration.playlist.savesHistory = false
            return Session(files: files, settings: Settings(options: PlayerOptions()), configuration: configuration,
                           opener: { source, options, interrupt throws(PlayerError) in
                               try Player(source: source, options: options, audioDevice: device, wake: {}, interrupt: interrupt)
                           }, wake: {}, series: memory)
        }
        func waitForPlayer(_ session: Session, playing path: String) -> Bool {
            poll(timeout: .seconds(20)) {
                session.update()
                if case .playing(let item) = session.phase { return item.path == path }
                return false
            }
        }
        let run = session(episodes)
        run.start()
        XCTAssertTrue(waitForPlayer(run, playing: episodes[0]))
        run.apply(.selectTrack(.audio, .id(2)))
        run.apply(.selectTrack(.sub, .id(2)))
        run.apply(.playlistNext)
        XCTAssertTrue(waitForPlayer(run, playing: episodes[1]))
        let state = try XCTUnwrap(run.player?.state)
        XCTAssertEqual(state.selectedTrackID(.audio), 2)
        XCTAssertEqual(state.selectedTrackID(.sub), 2)
        XCTAssertTrue(state.message?.hasPrefix("As before in this folder: audio French (Commentary), subtitles German") == true,
                      state.message ?? "no message")
        run.flushHistory()

        let later = session([episodes[1]])
        later.start()
        XCTAssertTrue(waitForPlayer(later, playing: episodes[1]))
        XCTAssertEqual(later.player?.state.selectedTrackID(.audio), 2)
        later.apply(.forgetSeriesChoices)
        XCTAssertNil(memory.choices(forFolder: folder.path))
    }
}
