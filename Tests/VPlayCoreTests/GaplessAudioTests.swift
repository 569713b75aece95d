import XCTest
@testable import VPlayCore

/// Gapless audio: the next file's sound follows the last sample of the current one in the same
/// device fill, and the clock hands over from one file's timeline to the next at that sample.
final class GaplessAudioTests: XCTestCase {
    private let format = AudioFormat(sampleRate: 48000, channels: 2, bufferFrames: 1024)
    private let clock = SharedClock()
    private let now = Locked(100.0)
    private let latency = 0.010

    /// A decoder that has reached the end of its stream, or not yet.
    private final class End: AudioRenderer.StreamEnd, @unchecked Sendable {
        let finished = Locked(false)
        func isFinished(atSerial serial: Int) -> Bool { finished.withLock { $0 } }
    }

    private struct Track {
        let frames = FrameQueue(capacity: 8, keepsLast: false)
        let packets = PacketQueue(secondsPerTick: 1)
        let end = End()
        var source: AudioRenderer.Source { AudioRenderer.Source(frames: frames, packets: packets, decoder: end) }

        /// `count` frames of `samples` stereo samples from 0 s, each at a constant `level`.
        func queue(frames count: Int, samples: Int, level: Int16) throws {
            for index in 0..<count {
                try frames.pushStereo(samples: samples, pts: Double(index * samples) / 48000, serial: packets.serial) { _ in level }
            }
        }
    }

    private func makeRenderer(playing track: Track) -> AudioRenderer {
        let now = self.now
        let renderer = AudioRenderer(clock: clock, monotonic: { now.withLock { $0 } })
        renderer.prepare(for: format)
        renderer.startTimeline(track.source, id: 1)
        return renderer
    }

    /// One device buffer at the current time: the samples of its left channel, and the bytes reported as sound.
    private func fill(_ renderer: AudioRenderer) -> (left: [Int16], reported: Int) {
        var buffer = [Int16](repeating: -1, count: format.bufferFrames * format.channels)
        let reported = buffer.withUnsafeMutableBytes { renderer.render(into: $0, latency: latency) }
        return (stride(from: 0, to: buffer.count, by: 2).map { buffer[$0] }, reported)
    }

    private func advance(by seconds: Double) { now.withLock { $0 += seconds } }
    private var bufferSeconds: Double { Double(format.bufferFrames) / 48000 }

    func testTheNextFilesSoundFollowsTheLastSampleInTheSameFill() throws {
        let first = Track(), second = Track()
        try first.queue(frames: 3, samples: 1000, level: 1000)
        try second.queue(frames: 3, samples: 1024, level: 2000)
        first.end.finished.withLock { $0 = true }
        let renderer = makeRenderer(playing: first)
        renderer.follow(with: second.source, id: 2)
        XCTAssertTrue(renderer.hasFollower)

        _ = fill(renderer)
        advance(by: bufferSeconds)
        _ = fill(renderer)
        advance(by: bufferSeconds)
        XCTAssertEqual(renderer.sourceID, 1, "the first file's sound plays until its end")
        XCTAssertNil(clock.reading.boundary)
        // 3000 samples of the first file: 952 are left for this fill, the second's follow at once.
        let join = fill(renderer)
        XCTAssertEqual(join.reported, format.bufferFrames * format.bytesPerFrame, "sound all through the fill")
        XCTAssertEqual(Array(join.left[0..<952]), Array(repeating: 1000, count: 952))
        XCTAssertEqual(Array(join.left[952...]), Array(repeating: 2000, count: 72), "no silence between the files")
        XCTAssertEqual(renderer.sourceID, 2)
        XCTAssertFalse(renderer.hasFollower)

        let (heardClock, published) = clock.reading
        let boundary = try XCTUnwrap(published, "the boundary is published with the next file's clock")
        XCTAssertEqual(boundary.nextID, 2)
        XCTAssertEqual(boundary.end, 3000.0 / 48000, accuracy: 1e-9)
        XCTAssertEqual(boundary.start, 0, accuracy: 1e-9)
        XCTAssertEqual(heardClock.serial, second.packets.serial)
        let untilBoundary = latency + 952.0 / 48000
        let nowValue = now.withLock { $0 }
        XCTAssertEqual(try XCTUnwrap(boundary.timeBefore(heardClock, at: nowValue)), 3000.0 / 48000 - untilBoundary, accuracy: 1e-9,
                       "the first file's time runs on to its last sample")
        XCTAssertFalse(boundary.isHeard(heardClock, at: nowValue))
        XCTAssertEqual(try XCTUnwrap(boundary.delay(heardClock, at: nowValue)), untilBoundary, accuracy: 1e-9)
        XCTAssertTrue(boundary.isHeard(heardClock, at: nowValue + untilBoundary), "heard once the last sample before it is")
        XCTAssertEqual(try XCTUnwrap(boundary.timeBefore(heardClock, at: nowValue + untilBoundary + 1)), 3000.0 / 48000, accuracy: 1e-9,
                       "and rests at its end")
    }

    func testNothingFollowsUntilTheCurrentSoundHasBeenDecodedToItsEnd() throws {
        let first = Track(), second = Track()
        try first.queue(frames: 1, samples: 1024, level: 1000)
        try second.queue(frames: 1, samples: 1024, level: 2000)
        let renderer = makeRenderer(playing: first)
        renderer.follow(with: second.source, id: 2)
        _ = fill(renderer)
        advance(by: bufferSeconds)
        let stalled = fill(renderer)
        XCTAssertEqual(stalled.reported, 0, "more of the first file may come: nothing follows yet")
        XCTAssertEqual(renderer.sourceID, 1)
        first.end.finished.withLock { $0 = true }
        advance(by: bufferSeconds)
        XCTAssertEqual(fill(renderer).left.first, 2000, "its end reached: the next file's sound follows")
        XCTAssertEqual(renderer.sourceID, 2)
    }

    func testANewTimelineGivesUpTheNextFilesSound() throws {
        let first = Track(), second = Track()
        try first.queue(frames: 1, samples: 1024, level: 1000)
        try second.queue(frames: 1, samples: 1024, level: 2000)
        first.end.finished.withLock { $0 = true }
        let renderer = makeRenderer(playing: first)
        renderer.follow(with: second.source, id: 2)
        renderer.startTimeline(nil, id: 3)
        XCTAssertFalse(renderer.hasFollower)
        _ = fill(renderer)
        XCTAssertEqual(renderer.sourceID, 3)
        XCTAssertEqual(second.frames.remaining, 1, "the next file's sound was not played")
    }

    func testTheFileBeforeReadsNothingFromAnotherTimeline() {
        let boundary = AudioBoundary(nextID: 5, end: 10, start: 0, startSerial: 2)
        var clock = Clock()
        clock.set(-0.5, serial: 3, at: 50)
        XCTAssertNil(boundary.timeBefore(clock, at: 50), "the next file sought: its clock says nothing of the one before")
        XCTAssertFalse(boundary.isHeard(clock, at: 50))
        clock.set(-0.5, serial: 2, at: 50)
        XCTAssertEqual(try XCTUnwrap(boundary.timeBefore(clock, at: 50.2)), 9.7, accuracy: 1e-9)
        clock.set(-0.5, serial: 2, at: 50, speed: 2)
        XCTAssertEqual(try XCTUnwrap(boundary.delay(clock, at: 50)), 0.25, accuracy: 1e-9, "at twice the speed, half the wait")
    }
}
