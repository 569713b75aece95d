import XCTest
import TestSupport
@testable import VPlayCore

/// The device outlives playlist entries: opened once, the next file's sound starts on a fresh
/// timeline — none of the old file's sound, clock or serials carried into it.
final class AudioDeviceTests: XCTestCase {
    func testTheNextFilePlaysOnTheSameDeviceFromAFreshTimeline() throws {
        let first = try EngineHarness(try MediaFactory.clip(.av(seconds: 6)))
        XCTAssertTrue(first.run { $0.player.state.position >= 2 })
        XCTAssertEqual(first.sink.openCount, 1)
        XCTAssertGreaterThan(first.sink.audibleSeconds, 1)

        // The second file's second track, a tone apart from the first file's.
        var options = PlayerOptions()
        options.audioTrack = .id(2)
        let secondStartsAt = first.sink.samples.count
        let second = try EngineHarness(try MediaFactory.clip(try .multiTrack()), options: options, after: first)
        XCTAssertTrue(first.sink === second.sink)
        var positions: [Double] = []
        XCTAssertTrue(second.run { harness in
            positions.append(harness.player.state.position)
            return harness.player.state.position >= 1.5
        })
        XCTAssertEqual(second.sink.openCount, 1, "the device was opened again")
        XCTAssertLessThan(positions.first ?? 99, 0.5, "the second file did not start at its own beginning: \(positions.prefix(5))")
        XCTAssertEqual(positions, positions.sorted(), "the position went back")

        let heard = second.sink.tones(from: secondStartsAt).compactMap { $0 }
        XCTAssertGreaterThan(heard.count, 40, "under a second of sound from the second file")
        let firstTone = heard.filter { abs($0 - ClipSpec.toneFrequency) < 100 }
        XCTAssertTrue(firstTone.isEmpty, "the first file's tone was heard after it ended: \(firstTone.count) windows")
        let secondTone = heard.filter { abs($0 - ClipSpec.secondToneFrequency) < 150 }
        XCTAssertGreaterThan(secondTone.count, heard.count * 9 / 10, "not the second file's tone: \(heard.prefix(20))")
        let offsets = second.shown.compactMap(\.avOffset).dropFirst(3)
        XCTAssertFalse(offsets.isEmpty)
        XCTAssertLessThan(offsets.map(abs).max() ?? 1, 0.05, "picture and sound apart in the second file")
    }

    func testAClosedDeviceLeavesTheNextFileSilentNotBroken() throws {
        let device = AudioDevice(sink: ManualAudioSink())
        device.close()
        let warnings = Locked([String]())
        let player = try Player(path: try MediaFactory.clip(.av(seconds: 2)).path, options: PlayerOptions(),
                                audioDevice: device, wake: {}, warn: { line in warnings.withLock { $0.append(line) } })
        defer { player.shutdown() }
        XCTAssertEqual(warnings.withLock { $0.count }, 1, "one line says there is no sound")
        XCTAssertTrue(player.state.hasVideo)
    }
}
