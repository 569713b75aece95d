import XCTest
import TestSupport
@testable import VPlayCore

/// Tracks through the whole engine on a real file: which ones play at open, and switching
/// while playing (the sound changes, the position and the picture run on).
final class TrackSwitchTests: XCTestCase {
    private func isFirstTone(_ frequency: Int?) -> Bool {
        frequency.map { abs($0 - ClipSpec.toneFrequency) < 100 } ?? false
    }

    private func isSecondTone(_ frequency: Int?) -> Bool {
        frequency.map { abs($0 - ClipSpec.secondToneFrequency) < 150 } ?? false
    }

    /// Runs until the position reaches `position`, checking it never goes back once started.
    private func play(_ harness: EngineHarness, to position: Double, file: StaticString = #filePath, line: UInt = #line) {
        var last = harness.player.state.position
        let checks = harness.count(.playbackRestart) > 0
        XCTAssertTrue(harness.run { h in
            let now = h.player.state.position
            if checks { XCTAssertGreaterThanOrEqual(now, last - 1e-6, "the position went back", file: file, line: line) }
            last = now
            return now >= position
        }, file: file, line: line)
    }

    func testTrackListDescribesEveryStreamAndMarksThePlayingOnes() throws {
        let harness = try EngineHarness(try MediaFactory.clip(try .multiTrack()))
        let tracks = harness.player.state.tracks
        XCTAssertEqual(tracks.map(\.kind), [.video, .audio, .audio, .sub, .sub])
        XCTAssertEqual(tracks.map(\.id), [1, 1, 2, 1, 2])
        XCTAssertEqual(tracks.map(\.language), [nil, "eng", "fre", "eng", "ger"])
        XCTAssertEqual(tracks.map(\.codec), ["h264", "aac", "aac", "ass", "subrip"])
        XCTAssertEqual(tracks.map(\.isSelected), [true, true, false, false, false])
        XCTAssertEqual(tracks[2].title, "Commentary")
        XCTAssertTrue(tracks[1].isDefault)
        XCTAssertFalse(tracks[2].isDefault)
        XCTAssertEqual(tracks[0].width, 320)
        XCTAssertEqual(tracks[0].fps ?? 0, 25, accuracy: 0.01)
        XCTAssertEqual(tracks[2].channelCount, 2)
        XCTAssertEqual(tracks[2].sampleRate, 48000)
        XCTAssertEqual(tracks.map(\.streamIndex), [0, 1, 2, 3, 4])
    }

    func testPreferredLanguagePicksTheSecondAudioTrack() throws {
        var options = PlayerOptions()
        options.audioLanguages = ["de", "fr"]
        let harness = try EngineHarness(try MediaFactory.clip(try .multiTrack()), options: options)
        XCTAssertEqual(harness.player.state.selectedTrackID(.audio), 2)
        play(harness, to: 1)
        let heard = harness.sink.tones().compactMap { $0 }
        XCTAssertFalse(heard.isEmpty)
        XCTAssertTrue(heard.allSatisfy(isSecondTone), "\(heard)")
    }

    func testSwitchingAudioChangesTheToneWhileThePositionAndPictureRunOn() throws {
        let harness = try EngineHarness(try MediaFactory.clip(try .multiTrack()))
        play(harness, to: 2)
        let switchedAt = harness.sink.samples.count
        let shownBefore = harness.shown.count
        harness.apply(.selectTrack(.audio, .id(2)))
        play(harness, to: 4)
        XCTAssertEqual(harness.player.state.selectedTrackID(.audio), 2)
        let after = harness.sink.tones(from: switchedAt)
        let firstNew = try XCTUnwrap(after.firstIndex(where: isSecondTone), "\(after)")
        // The old sound plays until the new one follows on: no silence between them, and the
        // new tone within the sound already queued for the device.
        XCTAssertTrue(after[..<firstNew].allSatisfy(isFirstTone), "\(after[..<firstNew])")
        XCTAssertLessThanOrEqual(Double(firstNew) * 0.02, 0.2, "switch latency")
        XCTAssertTrue(after[(firstNew + 1)...].allSatisfy(isSecondTone), "\(after)")
        // The picture went on frame after frame, none shown twice or skipped.
        let numbers = harness.shown[shownBefore...].compactMap(\.number)
        XCTAssertGreaterThan(numbers.count, 40)
        XCTAssertEqual(numbers, Array(numbers[0]..<(numbers[0] + numbers.count)))
        XCTAssertEqual(harness.player.stats.framesDropped, 0)
    }

    /// A device that can drop its queue (PulseAudio) is woken by the switch, looks for the new
    /// track's sound until it is ready and is then told to drop its queue: the new tone follows
    /// within a device buffer, and the clock does not jump.
    func testADeviceThatDropsItsQueueSwitchesAtOnce() throws {
        let harness = try EngineHarness(try MediaFactory.clip(try .multiTrack()))
        harness.sink.flushesForNewTracks = true
        harness.sink.reportedLatency = 0.04
        play(harness, to: 2)
        let switchedAt = harness.sink.samples.count
        let shownBefore = harness.shown.count
        let wakesBefore = harness.sink.wakes.withLock { $0 }
        let flushesBefore = harness.sink.flushes
        harness.apply(.selectTrack(.audio, .id(2)))
        XCTAssertEqual(harness.sink.wakes.withLock { $0 }, wakesBefore + 1, "the device's thread was not woken")
        let renderer = try XCTUnwrap(harness.sink.renderer)
        XCTAssertTrue(renderer.awaitsDeviceFlush)
        play(harness, to: 3.5)
        XCTAssertEqual(harness.sink.flushes, flushesBefore + 1)
        XCTAssertFalse(renderer.awaitsDeviceFlush, "still looking for the new sound after it played")
        let after = harness.sink.tones(from: switchedAt)
        let firstNew = try XCTUnwrap(after.firstIndex(where: isSecondTone), "\(after)")
        XCTAssertLessThanOrEqual(firstNew, 2, "the new tone came \(firstNew * 20) ms after the switch")
        XCTAssertTrue(after[(firstNew + 1)...].allSatisfy(isSecondTone), "\(after)")
        let offsets = harness.shown[shownBefore...].compactMap(\.avOffset)
        XCTAssertLessThan(offsets.map(\.magnitude).max() ?? 1, 0.045, "sound and picture apart after the switch")
    }

    func testNoAudioKeepsThePictureOnTheSystemClockAndSoundComesBackInPlace() throws {
        let harness = try EngineHarness(try MediaFactory.clip(try .multiTrack()))
        play(harness, to: 1.5)
        harness.apply(.selectTrack(.audio, .none))
        let silentFrom = harness.sink.samples.count
        let clockAt = harness.clock.time, positionAt = harness.player.state.position
        let shownBefore = harness.shown.count
        play(harness, to: 3)
        XCTAssertNil(harness.player.state.selectedTrackID(.audio))
        XCTAssertFalse(harness.player.state.hasAudio)
        // Silence after the last buffer already handed over; the picture ran at real speed.
        XCTAssertTrue(harness.sink.tones(from: silentFrom).dropFirst(3).allSatisfy { $0 == nil })
        XCTAssertEqual(harness.clock.time - clockAt, harness.player.state.position - positionAt, accuracy: 0.1)
        let numbers = harness.shown[shownBefore...].compactMap(\.number)
        XCTAssertEqual(numbers, Array(numbers[0]..<(numbers[0] + numbers.count)))
        XCTAssertGreaterThan(numbers.count, 30)

        let soundFrom = harness.sink.samples.count
        harness.apply(.selectTrack(.audio, .id(1)))
        play(harness, to: 4.5)
        let back = harness.sink.tones(from: soundFrom)
        let first = try XCTUnwrap(back.firstIndex(where: isFirstTone), "\(back)")
        XCTAssertLessThanOrEqual(Double(first) * 0.02, 0.3)
        XCTAssertTrue(back[(first + 1)...].allSatisfy(isFirstTone), "\(back)")
        // Sound and picture are together again.
        let offsets = harness.shown.suffix(10).compactMap(\.avOffset)
        XCTAssertFalse(offsets.isEmpty)
        XCTAssertLessThan(offsets.map(\.magnitude).max() ?? 1, 0.045)
    }

    func testAnUnknownTrackIsRefusedAndPlaybackGoesOn() throws {
        let harness = try EngineHarness(try MediaFactory.clip(try .multiTrack()))
        play(harness, to: 0.5)
        harness.apply(.selectTrack(.audio, .id(9)))
        XCTAssertEqual(harness.player.state.message, "No audio track 9")
        XCTAssertEqual(harness.player.state.selectedTrackID(.audio), 1)
        play(harness, to: 1.5)
        XCTAssertTrue(harness.sink.tones().suffix(10).allSatisfy(isFirstTone))
    }

    func testCyclingGoesThroughTheTracksThenNone() throws {
        let harness = try EngineHarness(try MediaFactory.clip(try .multiTrack()))
        var seen: [Int?] = []
        for _ in 0..<3 {
            harness.apply(.cycleTrack(.audio, down: false))
            seen.append(harness.player.state.selectedTrackID(.audio))
        }
        XCTAssertEqual(seen, [2, nil, 1])
        harness.apply(.cycleTrack(.audio, down: true))
        XCTAssertNil(harness.player.state.selectedTrackID(.audio))
        play(harness, to: 1)
    }

    func testSubtitleLanguagePicksATrackWhoseLinesShowAtTheirTimes() throws {
        var options = PlayerOptions()
        options.subtitleLanguages = ["deu"]
        let harness = try EngineHarness(try MediaFactory.clip(try .multiTrack()), options: options)
        XCTAssertEqual(harness.player.state.selectedTrackID(.sub), 2)
        play(harness, to: 1)
        XCTAssertEqual(harness.player.state.subtitleText, "DE First line")
        play(harness, to: 2.5)
        XCTAssertNil(harness.player.state.subtitleText)
        play(harness, to: 3.5)
        XCTAssertEqual(harness.player.state.subtitleText, "DE Second line")
    }

    func testSubtitlesAreOffUnlessALanguageOrFlagAsks() throws {
        let harness = try EngineHarness(try MediaFactory.clip(try .multiTrack()))
        XCTAssertNil(harness.player.state.selectedTrackID(.sub))
        play(harness, to: 1)
        XCTAssertNil(harness.player.state.subtitleText)
    }

    func testASubtitleTrackChosenWhilePlayingShowsTheLineOnScreenNow() throws {
        let harness = try EngineHarness(try MediaFactory.clip(try .multiTrack()))
        play(harness, to: 3.3)
        harness.apply(.selectTrack(.sub, .id(1)))
        let chosenAt = harness.player.state.position
        // The line that began at 3.0 s shows, its styling taken off.
        XCTAssertTrue(harness.run { $0.player.state.subtitleText == "Second line" })
        XCTAssertLessThan(harness.player.state.position - chosenAt, 0.3)
        harness.apply(.selectTrack(.sub, .none))
        XCTAssertNil(harness.player.state.subtitleText)
        play(harness, to: 4)
    }
}
