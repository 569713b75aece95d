import XCTest
@testable import VPlayCore

/// The renderer's stop time (an A-B loop's B): the sound ends exactly there, the fill says how
/// much of it is sound, and the clock comes to rest at the stop once the last of it is heard.
final class AudioStopTests: XCTestCase {
    private let format = AudioFormat(sampleRate: 48000, channels: 2, bufferFrames: 1024)
    private let frames = FrameQueue(capacity: 8, keepsLast: false)
    private let packets = PacketQueue(secondsPerTick: 1)
    private let clock = SharedClock()
    private let now = Locked(100.0)
    private let latency = 0.010

    private func makeRenderer() -> AudioRenderer {
        let now = self.now
        let renderer = AudioRenderer(frames: frames, packets: packets, clock: clock, monotonic: { now.withLock { $0 } })
        renderer.prepare(for: format)
        return renderer
    }

    /// Queues `count` frames of 1024 stereo samples at 48 kHz, each a constant level.
    private func queueSound(frames count: Int) throws {
        for index in 0..<count {
            try frames.pushStereo(pts: Double(index * 1024) / 48000, serial: packets.serial) { _ in 1000 }
        }
    }

    /// One device buffer at the current time; returns (bytes of sound reported, bytes not silent).
    private func fill(_ renderer: AudioRenderer) -> (reported: Int, audible: Int) {
        var buffer = [Int16](repeating: -1, count: format.bufferFrames * format.channels)
        let reported = buffer.withUnsafeMutableBytes { renderer.render(into: $0, latency: latency) }
        return (reported, buffer.filter { $0 != 0 }.count * 2)
    }

    private func advance(by seconds: Double) { now.withLock { $0 += seconds } }

    func testTheSoundEndsAtTheStopAndTheClockRestsThere() throws {
        try queueSound(frames: 6)
        let renderer = makeRenderer()
        let stop = 2400.0 / 48000   // 2.34 buffers in
        renderer.setStopTime(stop)
        let buffer = format.bufferFrames * format.bytesPerFrame
        let bufferSeconds = Double(format.bufferFrames) / 48000

        XCTAssertEqual(fill(renderer).reported, buffer)
        advance(by: bufferSeconds)
        XCTAssertEqual(fill(renderer).reported, buffer)
        advance(by: bufferSeconds)
        let last = fill(renderer)
        XCTAssertEqual(last.reported, (2400 - 2048) * format.bytesPerFrame, "the sound up to the stop, no further")
        XCTAssertEqual(last.audible, last.reported, "silence after it")
        XCTAssertEqual(renderer.stoppedSerial, packets.serial)
        // Heard in `latency` plus the 352 frames of sound in this fill.
        XCTAssertEqual(clock.snapshot.pts, stop - latency - 352.0 / 48000, accuracy: 1e-9)

        advance(by: bufferSeconds)
        let silent = fill(renderer)
        XCTAssertEqual(silent.reported, 0)
        XCTAssertEqual(silent.audible, 0)
        XCTAssertEqual(clock.snapshot.pts, stop, accuracy: 1e-9, "all of it heard: the clock stops at the stop")
        XCTAssertEqual(frames.remaining, 3, "the frames past the stop stay queued")

        renderer.setStopTime(nil)
        advance(by: bufferSeconds)
        XCTAssertEqual(fill(renderer).reported, buffer, "cleared: the sound plays on")
    }

    func testANewStopTimeLetsTheSoundUpToItPlay() throws {
        try queueSound(frames: 6)
        let renderer = makeRenderer()
        renderer.setStopTime(0)
        XCTAssertEqual(fill(renderer).reported, 0, "nothing before a stop at 0")
        XCTAssertEqual(renderer.stoppedSerial, packets.serial)
        renderer.setStopTime(1)
        XCTAssertNil(renderer.stoppedSerial)
        advance(by: 0.02)
        XCTAssertEqual(fill(renderer).reported, format.bufferFrames * format.bytesPerFrame)
    }
}
