import Foundation
import TestSupport
import XCTest
@testable import VPlayCore

/// Drives a real `Session` over real files the way the main loop does: each turn the player
/// ticks, the session takes what happened, the events go out. Opens run on their own threads
/// in real time; playback runs on a clock the test moves.
private final class SessionHarness {
    let clock = FakeClock()
    let session: Session
    private(set) var events: [PlayerEvent] = []
    /// The phase before and after each turn: an open that ends within the first turn is seen.
    private(set) var phases: [Session.Phase] = []
    let warnings = Locked([String]())

    init(_ files: [String], options: PlayerOptions = PlayerOptions(),
         configure: (inout Session.Configuration) -> Void = { _ in }) {
        var configuration = Session.Configuration()
        configuration.options = options
        configuration.playlist.savesHistory = false
        configure(&configuration)
        let clock = clock, warnings = warnings
        session = Session(files: files, settings: Settings(options: options), configuration: configuration,
                          opener: { source, options, interrupt throws(PlayerError) in
                              try Player(source: source, options: options, audioDevice: nil, wake: {},
                                         monotonic: { clock.time }, interrupt: interrupt)
                          },
                          wake: {}, warn: { line in warnings.withLock { $0.append(line) } }, monotonic: { clock.time })
    }

    /// Main-loop turns until `condition` holds; false after 20 s of real time.
    @discardableResult
    func run(until condition: (Session) -> Bool) -> Bool {
        let deadline = ContinuousClock.now + .seconds(20)
        while ContinuousClock.now < deadline {
            if phases.last != session.phase { phases.append(session.phase) }
            _ = session.player?.tick()
            session.update()
            events += session.takeEvents()
            if phases.last != session.phase { phases.append(session.phase) }
            if condition(session) { return true }
            if session.player != nil {
                clock.advance(to: clock.time + 0.01)
            } else {
                // An open runs in real time on its own thread.
                Thread.sleep(forTimeInterval: 0.002)
            }
        }
        return false
    }

    func apply(_ command: PlayerCommand) {
        session.apply(command)
        events += session.takeEvents()
    }

    func isPlaying(_ path: String) -> Bool {
        if case .playing(let item) = session.phase { return item.path == path }
        return false
    }

    var isOpening: Bool {
        if case .opening = session.phase { return true }
        return false
    }

    func count(_ event: PlayerEvent) -> Int { events.filter { $0 == event }.count }
}

final class SessionTests: XCTestCase {
    private func clip(_ seconds: Double = 1) throws -> String {
        try MediaFactory.clip(.av(seconds: seconds)).path
    }

    /// The window opens (`willStart`) while the first picture is being decoded, not before.
    func testTheFirstPictureIsDecodedWhileTheWindowOpens() throws {
        let harness = SessionHarness([try clip(2)])
        var decodedBeforeStart: Bool?
        harness.session.willStart = { player in
            // The window takes its time to open: the picture is decoded meanwhile.
            let deadline = ContinuousClock.now + .seconds(10)
            while ContinuousClock.now < deadline, player.video?.frames.remaining ?? 0 == 0 {
                Thread.sleep(forTimeInterval: 0.002)
            }
            decodedBeforeStart = (player.video?.frames.remaining ?? 0) > 0
            return true
        }
        harness.session.start()
        XCTAssertTrue(harness.run { $0.player?.hasPicture == true })
        XCTAssertEqual(decodedBeforeStart, true, "nothing was decoded before the window was up")
    }

    func testSettingsStayForTheNextFileAndPerFileStateDoesNot() throws {
        let first = try clip(4), second = try MediaFactory.clip(.videoOnly).path
        let harness = SessionHarness([first, second])
        harness.session.start()
        XCTAssertTrue(harness.run { _ in harness.isPlaying(first) })
        for command: PlayerCommand in [.setVolume(40), .toggleMute, .multiplySpeed(1.5), .setSubtitle(.delay(0.3)),
                                       .setABLoop(a: 0.5, b: 1.5), .adjust(property: "loop-playlist", .cycle(up: true))] {
            harness.apply(command)
        }
        XCTAssertEqual(harness.session.player?.state.abLoopA, 0.5)
        harness.apply(.playlistNext)
        XCTAssertTrue(harness.run { _ in harness.isPlaying(second) })
        let state = try XCTUnwrap(harness.session.player?.state)
        XCTAssertEqual(state.volume, 40)
        XCTAssertTrue(state.isMuted)
        XCTAssertEqual(state.speed, 1.5)
        XCTAssertEqual(state.subtitles.delay, 0.3)
        XCTAssertTrue(state.loopsPlaylist)
        XCTAssertNil(state.abLoopA, "A-B points belong to the file they were set in")
        XCTAssertEqual(harness.session.snapshot.volume, 40)
        XCTAssertEqual(harness.session.snapshot.playlistPosition, 1)
    }

    func testCommandsSentWhileAFileOpensAreAnsweredAtOnceAndAppliedWhenItLoads() throws {
        let file = try clip(4)
        let harness = SessionHarness([file])
        harness.session.start()
        // The open's outcome is taken only by `update`: until then the session is opening.
        XCTAssertTrue(harness.isOpening)
        harness.apply(.setVolume(30))
        harness.apply(.setPaused(true))
        harness.apply(.seek(.absolute(2), .exact))
        harness.apply(.adjust(property: "volume", .add(5)))
        // The settings are the store's at once: a client reading them back sees its change.
        XCTAssertEqual(harness.session.snapshot.volume, 35)
        XCTAssertTrue(harness.session.snapshot.isPaused)
        XCTAssertEqual(harness.session.snapshot.path, "", "nothing is loaded yet")
        XCTAssertTrue(harness.run { $0.player?.state.isSeeking == false && $0.player?.state.position ?? 0 >= 1.9 })
        let state = try XCTUnwrap(harness.session.player?.state)
        XCTAssertEqual(state.volume, 35)
        XCTAssertTrue(state.isPaused)
        XCTAssertEqual(state.position, 2, accuracy: 0.05, "the seek sent while opening was carried out")
    }

    func testARunPlaysEachEntryThenEnds() throws {
        let first = try clip(), second = try clip(1.5)
        let harness = SessionHarness([first, second]) { $0.quitsAtEnd = true }
        harness.session.start()
        XCTAssertTrue(harness.run { _ in harness.isPlaying(first) })
        XCTAssertTrue(harness.run { _ in harness.isPlaying(second) })
        XCTAssertTrue(harness.run { $0.exitCode != nil })
        XCTAssertEqual(harness.session.phase, .quitting(code: 0))
        XCTAssertEqual(harness.count(.startFile), 2)
        XCTAssertEqual(harness.count(.fileLoaded), 2)
        XCTAssertEqual(harness.count(.endFile(reason: .eof)), 2)
    }

    func testTheNextEntryOpenedAheadStartsInTheTurnTheFileBeforeEnds() throws {
        let first = try clip(2), second = try clip(1.5)
        let harness = SessionHarness([first, second]) { $0.playlist.prefetches = true }
        harness.session.start()
        XCTAssertTrue(harness.run { _ in harness.isPlaying(first) })
        // The first file is within its last seconds from the start: the next one opens at once.
        XCTAssertTrue(poll(timeout: .seconds(20)) { harness.session.update(); return harness.session.nextEntryIsOpened })
        XCTAssertTrue(harness.run { _ in harness.isPlaying(second) })
        let opened = harness.phases.filter { if case .opening = $0 { true } else { false } }
        XCTAssertEqual(opened.count, 1, "only the first file waited for its open: \(harness.phases)")
        XCTAssertEqual(harness.count(.startFile), 2)
        XCTAssertEqual(harness.count(.endFile(reason: .eof)), 1)

        let without = SessionHarness([first, second]) { $0.playlist.prefetches = false }
        without.session.start()
        XCTAssertTrue(without.run { _ in without.isPlaying(first) })
        XCTAssertFalse(without.session.nextEntryIsOpened)
        XCTAssertTrue(without.run { _ in without.isPlaying(second) })
    }

    /// A next entry that is not opened ahead (here a folder) is looked at once, not every turn
    /// of the last seconds; another entry moved in after it is looked at afresh.
    func testANextEntryNotOpenedAheadIsDecidedOnOnce() throws {
        let folder = try TemporaryFolder("vplay-prefetch", ["season/"])
        defer { folder.remove() }
        let first = folder["a.mp4"], other = try clip(1)
        try FileManager.default.copyItem(atPath: try clip(4), toPath: first)
        try FileManager.default.copyItem(atPath: other, toPath: folder["season/e1.mp4"])
        // The folder played lazily: its file, then its subfolder as one entry.
        let harness = SessionHarness([folder.path]) {
            $0.playlist.prefetches = true
            $0.playlist.directoryMode = .lazy
        }
        harness.session.start()
        XCTAssertTrue(harness.run { _ in harness.isPlaying(first) })
        XCTAssertTrue(harness.run { $0.declinedPrefetch?.path == folder["season"] }, "the folder was never looked at")

        // Were it looked at again, the file now in the folder's place would be opened ahead.
        try FileManager.default.removeItem(atPath: folder["season"])
        try FileManager.default.copyItem(atPath: other, toPath: folder["season"])
        var turns = 0
        XCTAssertTrue(harness.run { _ in turns += 1; return turns == 50 })
        XCTAssertNil(harness.session.prefetched, "the declined entry was looked at again")

        harness.apply(.appendFiles([other], play: false))
        harness.apply(.playlistMove(from: 2, to: 1))
        XCTAssertTrue(harness.run { $0.prefetched != nil }, "the entry moved in next was not opened ahead")
    }

    func testTheLastFileRewindsToWaitWhenNothingFollows() throws {
        let file = try clip()
        let harness = SessionHarness([file])
        harness.session.start()
        XCTAssertTrue(harness.run { $0.player?.state.eofReached == true })
        XCTAssertTrue(harness.isPlaying(file), "it waits at the start, paused, as the seed players do")
        XCTAssertEqual(harness.count(.endFile(reason: .eof)), 0)
    }

    func testWithIdleTheEndOfTheLastFileGoesToTheIdleWindow() throws {
        let harness = SessionHarness([try clip()]) { $0.idles = true }
        harness.session.start()
        XCTAssertTrue(harness.run { $0.phase == .idle })
        XCTAssertTrue(harness.session.snapshot.isIdle)
        XCTAssertEqual(harness.count(.endFile(reason: .eof)), 1)
    }

    func testAFileThatCannotOpenIsSkippedAndAloneEndsTheRunWithFailure() throws {
        let bad = try MediaFactory.badInput(.textFile).path, good = try clip()
        let skipping = SessionHarness([bad, good]) { $0.quitsAtEnd = true }
        skipping.session.start()
        XCTAssertTrue(skipping.run { _ in skipping.isPlaying(good) })
        XCTAssertEqual(skipping.warnings.withLock { $0 }, ["cannot open '\(bad)': Invalid data found when processing input"])
        XCTAssertTrue(skipping.run { $0.exitCode != nil })
        XCTAssertEqual(skipping.session.exitCode, 0, "the run played what it could")

        // After a file that played, one that cannot is the end: nothing goes round again.
        let last = SessionHarness([good, bad])
        last.session.start()
        XCTAssertTrue(last.run { $0.exitCode != nil })
        XCTAssertEqual(last.session.exitCode, 1)
        XCTAssertEqual(last.count(.fileLoaded), 1)

        let alone = SessionHarness([bad])
        alone.session.start()
        XCTAssertTrue(alone.run { $0.exitCode != nil })
        XCTAssertEqual(alone.session.exitCode, 1)

        let idle = SessionHarness([bad]) { $0.idles = true }
        idle.session.start()
        XCTAssertTrue(idle.run { $0.phase == .idle })
        XCTAssertEqual(idle.session.snapshot.message, "cannot open '\(bad)': Invalid data found when processing input")
    }

    func testLoadingAFileWhileAnotherOpensGivesThatOpenUp() throws {
        let first = try clip(), second = try clip(1.5)
        let harness = SessionHarness([first])
        harness.session.start()
        XCTAssertTrue(harness.isOpening)
        harness.apply(.loadFile(second))
        XCTAssertTrue(harness.run { _ in harness.isPlaying(second) })
        XCTAssertEqual(harness.count(.fileLoaded), 1, "the first file never loaded")
        XCTAssertEqual(harness.count(.endFile(reason: .stop)), 1)
        XCTAssertEqual(harness.session.playlist.entries, [first, second])
    }

    func testAFileLoadedWhilePlayingIsOpenedBesideIt() throws {
        let playing = try clip(4), bad = try MediaFactory.badInput(.textFile).path, good = try clip(1.5)
        let harness = SessionHarness([playing])
        harness.session.start()
        XCTAssertTrue(harness.run { _ in harness.isPlaying(playing) })
        let player = harness.session.player
        harness.apply(.loadFile(bad))
        XCTAssertTrue(harness.run { _ in harness.events.contains { if case .endFile(.error, _) = $0 { true } else { false } } })
        XCTAssertTrue(harness.session.player === player, "a file that cannot play does not stop the one playing")
        harness.apply(.loadFile(good))
        XCTAssertTrue(harness.run { _ in harness.isPlaying(good) })
        XCTAssertEqual(harness.session.playlist.entries, [playing, good])
        XCTAssertEqual(harness.count(.startFile), 3)
    }

    func testStopEmptiesThePlaylist() throws {
        let idle = SessionHarness([try clip(4)]) { $0.idles = true }
        idle.session.start()
        XCTAssertTrue(idle.run { $0.player != nil })
        idle.apply(.stop)
        XCTAssertEqual(idle.session.phase, .idle)
        XCTAssertTrue(idle.session.playlist.entries.isEmpty)
        XCTAssertEqual(idle.count(.endFile(reason: .stop)), 1)

        let quitting = SessionHarness([try clip(4)])
        quitting.session.start()
        XCTAssertTrue(quitting.run { $0.player != nil })
        quitting.apply(.stop)
        XCTAssertEqual(quitting.session.phase, .quitting(code: 0))
    }

    func testRemovingTheEntryPlayingPlaysTheOneAfterIt() throws {
        let first = try clip(4), second = try clip(1.5)
        let harness = SessionHarness([first, second])
        harness.session.start()
        XCTAssertTrue(harness.run { _ in harness.isPlaying(first) })
        harness.apply(.playlistRemove(nil))
        XCTAssertTrue(harness.run { _ in harness.isPlaying(second) })
        XCTAssertEqual(harness.session.playlist.entries, [second])
        harness.apply(.appendFiles([first], play: false))
        harness.apply(.playlistPlay(1))
        XCTAssertTrue(harness.run { _ in harness.isPlaying(first) })
    }

    /// Quit in the middle of a film with the second audio track and the German subtitles a
    /// quarter second late: the next run starts there with the same.
    func testAFileResumesWithTheTracksAndSubtitleDelayChosenThere() throws {
        let film = try MediaFactory.clip(try .multiTrack(seconds: 70)).path
        let store = WatchLaterStore(directory: FileManager.default.temporaryDirectory
            .appendingPathComponent("vplay-resume-\(UUID().uuidString.prefix(8))"))
        defer { try? FileManager.default.removeItem(at: store.directory) }
        let device = AudioDevice(sink: ManualAudioSink())
        func run() -> Session {
            var configuration = Session.Configuration()
            configuration.resumes = true
            configuration.savesPositionOnQuit = true
            configuration.playlist.savesHistory = false
            return Session(files: [film], settings: Settings(options: PlayerOptions()), configuration: configuration,
                           opener: { source, options, interrupt throws(PlayerError) in
                               try Player(source: source, options: options, audioDevice: device, wake: {}, interrupt: interrupt)
                           }, wake: {}, watchLater: store)
        }
        let first = run()
        first.start()
        XCTAssertTrue(poll(timeout: .seconds(20)) { first.update(); return first.player != nil })
        // Paused, the seek lands with its picture (no sound to wait for from this test's device).
        first.apply(.setPaused(true))
        first.apply(.seek(.absolute(30), .exact))
        first.apply(.selectTrack(.audio, .id(2)))
        first.apply(.selectTrack(.sub, .id(2)))
        first.apply(.setSubtitle(.delay(0.25)))
        XCTAssertTrue(poll(timeout: .seconds(20)) {
            _ = first.player?.tick()
            return first.player.map { !$0.state.isSeeking && abs($0.state.position - 30) < 0.05 } ?? false
        })
        first.apply(.quit(code: 0))

        let second = run()
        second.start()
        XCTAssertTrue(poll(timeout: .seconds(20)) { second.update(); return second.player != nil })
        let state = try XCTUnwrap(second.player?.state)
        XCTAssertEqual(state.selectedTrackID(.audio), 2)
        XCTAssertEqual(state.selectedTrackID(.sub), 2)
        XCTAssertEqual(state.subtitles.delay, 0.25)
        XCTAssertEqual(store.entry(for: film)?.position ?? 0, 30, accuracy: 0.05)
        XCTAssertEqual(second.settings.subtitles.delay, 0, "the delay was that file's, not the run's")
    }

    /// A file resumed with its loudness kept plays at the gain that figure gives from the start,
    /// without measuring it again, and keeps the figure for the next time; a kept figure that
    /// cannot be a loudness is said once and the file is measured.
    func testAResumedFileStartsAtTheGainOfItsKeptLoudness() throws {
        let film = try MediaFactory.clip(try .multiTrack(seconds: 70)).path
        let store = WatchLaterStore(directory: FileManager.default.temporaryDirectory
            .appendingPathComponent("vplay-resume-loudness-\(UUID().uuidString.prefix(8))"))
        defer { try? FileManager.default.removeItem(at: store.directory) }
        let device = AudioDevice(sink: ManualAudioSink())
        let lines = Locked<[String]>([])
        func run() -> Session {
            var configuration = Session.Configuration()
            configuration.resumes = true
            configuration.savesPositionOnQuit = true
            configuration.playlist.savesHistory = false
            configuration.options.verbose = true
            var options = PlayerOptions()
            options.audio.normalize = .track
            return Session(files: [film], settings: Settings(options: options), configuration: configuration,
                           opener: { source, options, interrupt throws(PlayerError) in
                               try Player(source: source, options: options, audioDevice: device, wake: {},
                                          warn: { line in lines.withLock { $0.append(line) } }, interrupt: interrupt)
                           }, wake: {}, watchLater: store)
        }
        func linesFound(_ prefix: String) -> [String] { lines.withLock { $0 }.filter { $0.hasPrefix(prefix) } }
        func playUntil(_ session: Session, _ condition: () -> Bool) -> Bool {
            poll(timeout: .seconds(60)) {
                session.update()
                _ = session.player?.tick()
                return condition()
            }
        }

        try store.save(WatchLaterEntry(position: 30, loudness: -26), for: film)
        let resumed = run()
        resumed.start()
        XCTAssertTrue(playUntil(resumed) { !linesFound("normalization gain for").isEmpty })
        XCTAssertEqual(linesFound("normalization gain for"), ["normalization gain for \(film): +10.00 dB (track)"],
                       "the kept figure's gain from the start, no estimate before it")
        XCTAssertTrue(playUntil(resumed) { resumed.player.map { !$0.state.isSeeking && abs($0.state.position - 30) < 0.05 } ?? false })
        XCTAssertEqual(linesFound("loudness of"), [], "measured again")
        resumed.apply(.quit(code: 0))
        XCTAssertEqual(store.entry(for: film)?.loudness, -26, "kept for the next time")

        lines.withLock { $0.removeAll() }
        try store.save(WatchLaterEntry(position: 30, loudness: 12), for: film)
        let measured = run()
        measured.start()
        XCTAssertTrue(playUntil(measured) { !linesFound("loudness of \(film)").isEmpty }, "\(lines.withLock { $0 })")
        XCTAssertEqual(linesFound("stored loudness of \(film) ignored").count, 1, "\(lines.withLock { $0 })")
        measured.apply(.quit(code: 0))
    }

    func testIdleCommandsChangeTheStoreAndWaitForNoFile() throws {
        let harness = SessionHarness([]) { $0.idles = true }
        harness.session.start()
        XCTAssertEqual(harness.session.phase, .idle)
        harness.apply(.addVolume(-20))
        harness.apply(.seek(.absolute(3), .exact))
        harness.apply(.showText("hello", seconds: 2))
        XCTAssertEqual(harness.session.snapshot.volume, 80)
        XCTAssertEqual(harness.session.snapshot.message, "hello")
        // Entries added and removed while idle wait there.
        harness.apply(.appendFiles([try clip(), try clip(1.5)], play: false))
        harness.apply(.playlistRemove(0))
        XCTAssertEqual(harness.session.phase, .idle)
        XCTAssertEqual(harness.session.playlist.items.count, 1)
        harness.apply(.playlistClear)
        harness.apply(.playlistRemove(0))
        XCTAssertEqual(harness.session.phase, .idle)
        harness.apply(.appendFiles([try clip()], play: true))
        XCTAssertTrue(harness.run { $0.player != nil })
        XCTAssertEqual(harness.session.player?.state.volume, 80)
        XCTAssertEqual(harness.session.player?.state.position ?? -1, 0, accuracy: 0.05, "a seek with no file is not kept")
    }
}
