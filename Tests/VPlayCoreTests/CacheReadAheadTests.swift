import XCTest
import TestSupport
@testable import VPlayCore

/// The cache fills up to its limits only once playback has started: until the first picture is
/// up it reads what a player without a cache would (about a second ahead of the decoders), so
/// that decoding that picture has the CPU; the same after a seek that reads the source again.
/// The clip is 20 s at 25 fps with a keyframe every 2 s; nothing is kept behind the position,
/// so a seek back reads the source.
final class CacheReadAheadTests: XCTestCase {
    /// Bytes the demuxer has read once it has stopped reading: nothing more within 0.3 s.
    private func bytesReadOnceStill(_ harness: EngineHarness) -> Int {
        var last = -1
        while true {
            let read = harness.player.demuxer.cacheState.bytesRead
            if read == last { return read }
            last = read
            usleep(300_000)
        }
    }

    func testTheCacheFillsOnlyOncePlaybackHasStartedAfterTheOpenAndAfterASeek() throws {
        var options = PlayerOptions()
        options.cache.mode = .yes
        options.cache.maxBackBytes = 0
        let harness = try EngineHarness(try MediaFactory.clip(.av(seconds: 20)), options: options)
        // No main-loop turn yet: nothing is shown, playback has not started.
        let beforeStart = bytesReadOnceStill(harness)
        XCTAssertFalse(harness.player.demuxer.cacheState.reachedEnd)
        XCTAssertTrue(harness.run { $0.count(.playbackRestart) == 1 })
        XCTAssertTrue(harness.run { $0.player.demuxer.cacheState.reachedEnd }, "then on to the end of the file")
        let whole = harness.player.demuxer.cacheState.bytesRead
        XCTAssertLessThan(beforeStart, whole / 3, "a few seconds of 20 before the start")

        XCTAssertTrue(harness.run { $0.player.state.position >= 5 })
        harness.apply(.seek(.absolute(1), .exact))
        let afterSeek = bytesReadOnceStill(harness) - whole
        XCTAssertGreaterThan(afterSeek, 0, "the seek read the source again")
        XCTAssertLessThan(afterSeek, whole / 3, "a few seconds of the 19 after the target before the restart")
        XCTAssertTrue(harness.run { $0.count(.playbackRestart) == 2 })
        XCTAssertTrue(harness.run { $0.player.demuxer.cacheState.bytesRead > whole * 9 / 5 }, "then on to the end again")
    }
}
