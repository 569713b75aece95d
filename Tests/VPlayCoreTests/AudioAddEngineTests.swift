import XCTest
import TestSupport
@testable import VPlayCore

/// `audio-add` and `audio-remove` through the whole engine on a video without sound: the
/// device opens with the first audio track, whose sound takes over the clock from where the
/// picture is (no picture skipped or held), and removing it closes its file while the picture
/// goes on, silent, on the system clock.
final class AudioAddEngineTests: XCTestCase {
    func testASoundAddedToASilentVideoOpensTheDeviceAndTakesOverTheClockInPlace() throws {
        let harness = try EngineHarness(try MediaFactory.clip(.silentVideo(seconds: 6)))
        let sound = try MediaFactory.clip(.pitchStepsSound(seconds: 6))
        play(harness, to: 1.5)
        XCTAssertEqual(harness.sink.openCount, 0, "no device for a file without sound")
        let clockAt = harness.clock.time, positionAt = harness.player.state.position
        let shownBefore = harness.shown.count

        // A device slow to start, with a latency of its own: the first sound is heard well
        // after the track was chosen, the picture having run on meanwhile.
        harness.sink.reportedLatency = 0.05
        harness.deviceStartDelay = 0.3
        harness.apply(.addAudioFile(AudioFileRequest(path: sound.path), .select))
        XCTAssertTrue(harness.run { $0.player.state.hasAudio && $0.player.usesAudioClock }, "the added sound never took the clock")
        let soundFrom = harness.sink.samples.count
        play(harness, to: 4)
        XCTAssertEqual(harness.sink.openCount, 1)
        XCTAssertEqual(harness.player.state.selectedTrackID(.audio), 1)
        // The clock ran on from where the picture was: neither jumped nor stood.
        XCTAssertEqual(harness.clock.time - clockAt, harness.player.state.position - positionAt, accuracy: 0.1)
        let numbers = harness.shown[shownBefore...].compactMap(\.number)
        XCTAssertGreaterThan(numbers.count, 50)
        XCTAssertEqual(numbers, Array(numbers[0]..<(numbers[0] + numbers.count)), "a picture skipped or shown twice")
        XCTAssertEqual(harness.player.stats.framesDropped, 0)
        // The sound heard is the added file's at the play position, with the picture.
        let heard = Self.pitchSeconds(harness, from: soundFrom).compactMap { $0 }.suffix(10)
        let position = Int(harness.player.state.position)
        XCTAssertFalse(heard.isEmpty)
        XCTAssertTrue(heard.allSatisfy { $0 == position || $0 == position - 1 }, "seconds heard \(heard) at \(position) s")
        let offsets = harness.shown.suffix(10).compactMap(\.avOffset)
        XCTAssertFalse(offsets.isEmpty)
        XCTAssertLessThan(offsets.map(\.magnitude).max() ?? 1, 0.045, "sound and picture apart")
    }

    func testRemovingTheOnlySoundLetsGoOfItsFileAndThePictureGoesOnSilent() throws {
        let harness = try EngineHarness(try MediaFactory.clip(.silentVideo(seconds: 6)))
        let sound = try MediaFactory.clip(.pitchStepsSound(seconds: 6))
        play(harness, to: 0.5)
        harness.apply(.addAudioFile(AudioFileRequest(path: sound.path), .select))
        XCTAssertTrue(harness.run { $0.player.state.hasAudio && $0.player.usesAudioClock })
        play(harness, to: 2)
        XCTAssertNotNil(harness.player.demuxer.inputs.slots[1])

        harness.apply(.removeAudioFile(nil))
        XCTAssertNil(harness.player.demuxer.inputs.slots[1], "the demuxer still holds the file")
        XCTAssertFalse(harness.player.state.hasAudio)
        XCTAssertTrue(harness.player.state.tracks.allSatisfy { $0.kind != .audio })
        let silentFrom = harness.sink.samples.count
        let clockAt = harness.clock.time, positionAt = harness.player.state.position
        let shownBefore = harness.shown.count
        play(harness, to: 3.5)
        XCTAssertEqual(harness.clock.time - clockAt, harness.player.state.position - positionAt, accuracy: 0.1)
        let numbers = harness.shown[shownBefore...].compactMap(\.number)
        XCTAssertGreaterThan(numbers.count, 30)
        XCTAssertEqual(numbers, Array(numbers[0]..<(numbers[0] + numbers.count)))
        XCTAssertTrue(Self.pitchSeconds(harness, from: silentFrom, keepingSilence: true).dropFirst(10).allSatisfy { $0 == nil },
                      "sound after the removal")
    }

    func testRemovingAnAudioFilesTrackLetsGoOfThatFile() throws {
        var options = PlayerOptions()
        options.audioFiles = [try MediaFactory.clip(.pitchStepsSound(seconds: 6)).path]
        let harness = try EngineHarness(try MediaFactory.clip(.silentVideo(seconds: 6)), options: options)
        XCTAssertEqual(harness.player.state.selectedTrackID(.audio), 1)
        play(harness, to: 1)
        harness.apply(.removeAudioFile(1))
        XCTAssertNil(harness.player.demuxer.inputs.slots[1], "the demuxer still holds the file")
        XCTAssertFalse(harness.player.state.hasAudio)
        play(harness, to: 2)
    }

    /// Runs until the position reaches `position`, checking it never goes back.
    private func play(_ harness: EngineHarness, to position: Double, file: StaticString = #filePath, line: UInt = #line) {
        var last = harness.player.state.position
        XCTAssertTrue(harness.run { h in
            let now = h.player.state.position
            XCTAssertGreaterThanOrEqual(now, last - 1e-6, "the position went back", file: file, line: line)
            last = now
            return now >= position
        }, file: file, line: line)
    }

    /// The second of `pitchStepsSound` the device played in each 20 ms window from sample
    /// `start` (left channel's zero crossings); silence is nil, kept only when asked.
    private static func pitchSeconds(_ harness: EngineHarness, from start: Int, keepingSilence: Bool = false) -> [Int?] {
        let tones = harness.sink.tones(from: start)
        return (keepingSilence ? tones : tones.filter { $0 != nil }).map { $0.flatMap { ClipSpec.pitchStepSecond(of: Double($0)) } }
    }
}
