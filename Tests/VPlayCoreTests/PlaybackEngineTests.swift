import XCTest
import TestSupport
@testable import VPlayCore

/// Real generated clips through the whole engine: demux, decode, sync, end of file.
final class PlaybackEngineTests: XCTestCase {
    func testVideoAndAudioShowEveryFrameInOrderThenReturnToStartPaused() throws {
        let harness = try EngineHarness(try MediaFactory.clip(.av(seconds: 4)))
        XCTAssertTrue(harness.run { $0.player.state.eofReached })
        let numbers = harness.shown.compactMap(\.number)
        // Every frame of 4 s at 25 fps, in order, then the start again after the rewind.
        XCTAssertEqual(Array(numbers.prefix(100)), Array(0..<100))
        XCTAssertEqual(harness.player.stats.framesDropped, 0)
        XCTAssertTrue(harness.run { $0.shown.last?.number == 0 })
        XCTAssertTrue(harness.player.state.isPaused)
        XCTAssertEqual(harness.player.state.position, 0, accuracy: 0.05)
        XCTAssertEqual(harness.events.first, .fileLoaded)
        XCTAssertTrue(harness.events.contains(.playbackRestart))
        // The sound was played: 4 s of tone, not silence.
        XCTAssertEqual(harness.sink.audibleSeconds, 4, accuracy: 0.1)
    }

    func testPlaybackIsPacedByTheAudioClock() throws {
        let harness = try EngineHarness(try MediaFactory.clip(.av(seconds: 3)))
        let start = harness.clock.time
        XCTAssertTrue(harness.run { $0.player.state.eofReached })
        XCTAssertEqual(harness.clock.time - start, 3, accuracy: 0.2)
        // Each frame went up within a frame of its own time on the fake clock.
        let offsets = harness.player.stats.avOffsets
        XCTAssertFalse(offsets.isEmpty)
        XCTAssertLessThan(Distribution(offsets)!.max.magnitude, 0.045)
    }

    func testAudioOnlyFilePlaysToTheEnd() throws {
        for spec in [ClipSpec.audioOnly, .audioOnlyMP3, .audioOnlyOpus] {
            let harness = try EngineHarness(try MediaFactory.clip(spec))
            XCTAssertFalse(harness.player.state.hasVideo)
            var furthest = 0.0
            XCTAssertTrue(harness.run { h in
                furthest = max(furthest, h.player.state.position)
                return h.player.state.eofReached
            }, "\(spec.name).\(spec.fileExtension)")
            XCTAssertEqual(furthest, 4, accuracy: 0.3, "\(spec.fileExtension)")
        }
    }

    func testVideoOnlyFileRunsOnTheExternalClock() throws {
        let harness = try EngineHarness(try MediaFactory.clip(.videoOnly))
        let start = harness.clock.time
        XCTAssertTrue(harness.run { $0.player.state.eofReached })
        XCTAssertEqual(Array(harness.shown.compactMap(\.number).prefix(100)), Array(0..<100))
        XCTAssertEqual(harness.clock.time - start, 4, accuracy: 0.2)
    }

    func testTenBitVideoIsConvertedAndShown() throws {
        let harness = try EngineHarness(try MediaFactory.clip(.tenBit))
        XCTAssertTrue(harness.run { $0.player.state.eofReached })
        XCTAssertEqual(Array(harness.shown.compactMap(\.number).prefix(75)), Array(0..<75))
    }

    func testAnyChannelLayoutAndRateIsResampledForTheDevice() throws {
        for spec in [ClipSpec.surround51, .mono8k, .hiRes96k] {
            let harness = try EngineHarness(try MediaFactory.clip(spec))
            XCTAssertTrue(harness.run { $0.player.state.eofReached }, spec.name)
            XCTAssertGreaterThan(harness.sink.audibleSeconds, 2, "\(spec.name) produced too little sound")
        }
    }

    func testVariableFrameRateKeepsTimestamps() throws {
        let harness = try EngineHarness(try MediaFactory.clip(.vfr))
        XCTAssertTrue(harness.run { $0.player.state.eofReached })
        let times = harness.shown.map(\.time).prefix { $0.isFinite }
        XCTAssertGreaterThan(times.count, 10)
        // Strictly increasing, and the gaps are not all alike (the rate really varies).
        XCTAssertTrue(zip(times, times.dropFirst()).allSatisfy { $0 < $1 })
        let gaps = Set(zip(times, times.dropFirst()).map { (($1 - $0) * 1000).rounded() })
        XCTAssertGreaterThan(gaps.count, 1)
    }

    func testFileWhoseTimestampsDoNotStartAtZero() throws {
        let harness = try EngineHarness(try MediaFactory.clip(.firstKeyframeNotAtZero))
        XCTAssertTrue(harness.run { $0.player.state.eofReached })
        XCTAssertEqual(harness.shown.first?.number, 0)
        XCTAssertEqual(harness.shown.first?.time ?? -1, 0, accuracy: 0.05)
    }

    func testAFileWithSomethingAfterItEndsAtItsEnd() throws {
        let harness = try EngineHarness(try MediaFactory.clip(.av(seconds: 2)))
        harness.player.movesOnAtEnd = true
        XCTAssertTrue(harness.run { $0.player.outcome != nil })
        XCTAssertEqual(harness.player.outcome, .endOfFile)
        XCTAssertTrue(harness.events.contains(.endFile(reason: .eof)))
        XCTAssertFalse(harness.player.state.eofReached, "it ended rather than rewinding to wait")
    }

    func testDoubleSpeedPlaysInHalfTheTime() throws {
        var options = PlayerOptions()
        options.speed = 2
        let harness = try EngineHarness(try MediaFactory.clip(.av(seconds: 4)), options: options)
        let start = harness.clock.time
        XCTAssertTrue(harness.run { $0.player.state.eofReached })
        XCTAssertEqual(harness.clock.time - start, 2, accuracy: 0.25)
    }

    func testUnreadableInputIsAnError() throws {
        for kind in [BadInput.emptyFile, .randomBytes, .textFile, .missingMoov, .directory] {
            let url = try MediaFactory.badInput(kind)
            XCTAssertThrowsError(try Player(path: url.path, options: PlayerOptions(), audioDevice: nil, wake: {}),
                                 kind.rawValue)
        }
    }

    func testDamagedFilesPlayAsFarAsTheyCan() throws {
        // Cut in half: plays the first half. Garbage over the middle third: plays past it
        // to the end (pictures there may be concealed: no keyframe follows the damage).
        for (kind, lastTimeAtLeast) in [(BadInput.truncatedHalf, 1.0), (.garbageMiddle, 3.8)] {
            let harness = try EngineHarness(try MediaFactory.badInput(kind))
            XCTAssertTrue(harness.run { $0.player.state.eofReached }, kind.rawValue)
            XCTAssertGreaterThanOrEqual(harness.shown.map(\.time).max() ?? 0, lastTimeAtLeast, kind.rawValue)
            XCTAssertEqual(Array(harness.shown.compactMap(\.number).prefix(25)), Array(0..<25), kind.rawValue)
        }
    }
}

/// An audio device that cannot be opened, as on a machine without a sound card.
private final class MissingAudioSink: AudioSink {
    struct NoDevice: Error, CustomStringConvertible { var description: String { "no audio device" } }
    func open(preferred: AudioFormat, renderer: AudioRenderer) throws -> AudioFormat { throw NoDevice() }
    func setPaused(_ paused: Bool) {}
    func close() {}
}

final class FeaturePlaybackTests: XCTestCase {
    func testWithoutAnAudioDeviceItSaysSoOnceAndPlaysOnTheExternalClock() throws {
        let collected = Locked([String]())
        let player = try Player(path: try MediaFactory.clip(.av(seconds: 2)).path, options: PlayerOptions(),
                                audioDevice: AudioDevice(sink: MissingAudioSink()), wake: {}, warn: { line in collected.withLock { $0.append(line) } })
        let warnings = collected.withLock { $0 }
        XCTAssertEqual(warnings.count, 1)
        XCTAssertTrue(warnings[0].contains("no audio"), warnings[0])
        XCTAssertFalse(player.state.hasAudio)
        XCTAssertTrue(player.state.hasVideo)
        player.shutdown()
    }

    /// Every picture up to B shows before the jump, even when the device holds 100 ms of
    /// sound: the sound up to B is all handed over that long before it is heard.
    func testABLoopRepeatsTheFramesFromAToB() throws {
        for latency in [nil, 0.1] {
            var options = PlayerOptions()
            options.abLoopA = 1
            options.abLoopB = 2
            options.abLoopCount = 2
            let harness = try EngineHarness(try MediaFactory.clip(.av(seconds: 4)), options: options)
            harness.sink.reportedLatency = latency
            XCTAssertTrue(harness.run { $0.player.state.eofReached })
            let numbers = harness.shown.compactMap(\.number)
            // 0…49, then back to A (frame 25) twice, then on to the end.
            let jumpsToA = zip(numbers, numbers.dropFirst()).filter { $0 == 49 && $1 == 25 }.count
            XCTAssertEqual(jumpsToA, 2, "device latency \(latency ?? -1): \(numbers)")
            XCTAssertEqual(numbers.last(where: { $0 > 90 }), 99)
        }
    }

    /// The sound stops at B, not wherever the main loop happens to notice B: 4 s of tone and
    /// the A-B second once more is 5 s heard, even when the loop turns only every 200 ms.
    func testABLoopSoundStopsAtBHoweverLateTheMainLoopTurns() throws {
        for turnInterval in [0, 0.2] {
            var options = PlayerOptions()
            options.abLoopA = 1
            options.abLoopB = 2
            options.abLoopCount = 1
            let harness = try EngineHarness(try MediaFactory.clip(.av(seconds: 4)), options: options)
            harness.turnInterval = turnInterval
            XCTAssertTrue(harness.run { $0.player.state.eofReached })
            XCTAssertEqual(harness.sink.audibleSeconds, 5, accuracy: 0.03, "turns every \(turnInterval) s")
        }
    }
}

final class NestedFileTests: XCTestCase {
    /// A concat list that points at another file beside it (a relative name, which FFmpeg's
    /// own `safe` check lets through): a crafted file must not make the player read what the
    /// user did not name.
    private func craftedList() throws -> URL {
        let target = try MediaFactory.clip(.av(seconds: 2))
        let list = target.deletingLastPathComponent().appendingPathComponent("crafted-\(UUID().uuidString).ffconcat")
        try "ffconcat version 1.0\nfile '\(target.lastPathComponent)'\n".write(to: list, atomically: true, encoding: .utf8)
        return list
    }

    func testAListCannotOpenOtherFiles() throws {
        let list = try craftedList()
        defer { try? FileManager.default.removeItem(at: list) }
        XCTAssertThrowsError(try Player(path: list.path, options: PlayerOptions(), audioDevice: nil, wake: {})) { error in
            XCTAssertEqual("\(error)", "cannot open '\(list.path)': a concat list opens the files it names, "
                           + "which vplay does only when asked (--allow-nested-files)")
        }
    }

    /// A local HLS playlist names its segments: refused the same way, with the same reason.
    func testALocalHLSPlaylistIsRefusedWithItsReason() throws {
        let clip = try MediaFactory.clip(.av(seconds: 2))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let playlist = directory.appendingPathComponent("index.m3u8")
        let result = try ChildProcess.run("ffmpeg", ["-nostdin", "-loglevel", "error", "-i", clip.path, "-c", "copy",
                                                    "-f", "hls", "-hls_time", "1", "-hls_playlist_type", "vod", playlist.path])
        XCTAssertEqual(result.status, 0, result.errorText)
        XCTAssertThrowsError(try Player(path: playlist.path, options: PlayerOptions(), audioDevice: nil, wake: {})) { error in
            XCTAssertTrue("\(error)".hasSuffix(": an HLS playlist opens the files it names, which vplay does only when asked (--allow-nested-files)"),
                          "\(error)")
        }
        var options = PlayerOptions()
        options.allowsNestedFiles = true
        XCTAssertNoThrow(try Player(path: playlist.path, options: options, audioDevice: nil, wake: {}))
    }

    func testWideningTheAllowListPlaysIt() throws {
        let list = try craftedList()
        defer { try? FileManager.default.removeItem(at: list) }
        var options = PlayerOptions()
        options.allowsNestedFiles = true
        let harness = try EngineHarness(list, options: options)
        XCTAssertTrue(harness.run { $0.player.state.eofReached })
        XCTAssertEqual(Array(harness.shown.compactMap(\.number).prefix(50)), Array(0..<50))
    }
}
