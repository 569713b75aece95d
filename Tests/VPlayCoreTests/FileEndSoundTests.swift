import XCTest
import TestSupport
@testable import VPlayCore

/// A file ends once its last sound is heard, not when the device has taken it: what the device
/// still holds then is not lost when it is let go (the last file of a run, a file with no
/// sound joining it). And a device that keeps its queue while paused drops it for a new file
/// and for a seek while paused.
final class FileEndSoundTests: XCTestCase {
    func testAFileEndsOnceItsLastSoundIsHeard() throws {
        let harness = try EngineHarness(try MediaFactory.clip(.audioOnly))
        harness.player.movesOnAtEnd = true
        let latency = 0.2
        harness.sink.reportedLatency = latency
        XCTAssertTrue(harness.run { $0.player.outcome != nil })
        XCTAssertEqual(harness.player.outcome, .endOfFile)
        let endedAt = harness.clock.time
        let samples = harness.sink.samples
        let lastSound = try XCTUnwrap(samples.lastIndex { $0 != 0 })
        let pull = try XCTUnwrap(harness.pulls.last { $0.firstSample <= lastSound })
        let format = harness.sink.format
        let heardAt = pull.time + latency + Double((lastSound - pull.firstSample) / format.channels) / Double(format.sampleRate)
        XCTAssertGreaterThanOrEqual(endedAt, heardAt - 1e-6, "the file ended with its last sound still queued")
        XCTAssertLessThan(endedAt, heardAt + 0.03, "the file ended long after its last sound was heard")
    }

    func testANewFileDropsWhatTheDeviceHeldOfTheOneBefore() throws {
        let first = try EngineHarness(try MediaFactory.clip(.audioOnly))
        first.sink.flushesForNewTracks = true
        XCTAssertTrue(first.run { $0.player.state.position >= 1 })
        let flushes = first.sink.flushes
        let second = try EngineHarness(try MediaFactory.clip(.audioOnly), after: first)
        XCTAssertTrue(second.run { $0.sink.flushes > flushes }, "what the device held of the file before was kept")
    }

    func testASeekWhilePausedDropsWhatTheDeviceHeld() throws {
        let harness = try EngineHarness(try MediaFactory.clip(.av(seconds: 4)))
        harness.sink.flushesForNewTracks = true
        XCTAssertTrue(harness.run { $0.player.state.position >= 1 })
        harness.apply(.setPaused(true))
        let flushes = harness.sink.flushes
        harness.apply(.seek(.absolute(3), .exact))
        XCTAssertTrue(harness.run { !$0.player.state.isRestarting }, "the seek did not land")
        harness.apply(.setPaused(false))
        XCTAssertTrue(harness.run { $0.player.state.position >= 3.3 })
        XCTAssertEqual(harness.sink.flushes, flushes + 1, "the sound of the old position, queued, played on resume")
    }
}
