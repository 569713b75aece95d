import Foundation
import TestSupport
import XCTest
@testable import VPlayCore

/// Tempo filters are built on the builder's thread and handed to the audio renderer without
/// it ever waiting; the renderer plays on until one is ready, then at the new speed.
final class TempoFilterBuilderTests: XCTestCase {
    private let format = AudioFormat(sampleRate: 48000, channels: 2, bufferFrames: 1024)
    /// Holds every build until opened, so the tests decide when a filter is ready.
    private let gate = DispatchSemaphore(value: 0)
    private let buildThreads = Locked<[pthread_t]>([])

    private func makeBuilder() -> TempoFilterBuilder {
        let gate = gate
        let buildThreads = buildThreads
        return TempoFilterBuilder { spec in
            buildThreads.withLock { $0.append(pthread_self()) }
            _ = gate.wait(timeout: .now() + 10)
            gate.signal()   // once opened, it stays open
            return TempoFilter(sampleRate: spec.sampleRate, channels: spec.channels, tempo: spec.tempo)
        }
    }

    private func spec(_ tempo: Double) -> TempoFilterBuilder.Spec {
        .init(tempo: tempo, sampleRate: format.sampleRate, channels: format.channels)
    }

    /// Asks until a filter comes (at most `timeout` seconds of real time).
    private func waitForFilter(_ builder: TempoFilterBuilder, _ spec: TempoFilterBuilder.Spec,
                               timeout: Double = 10) -> TempoFilter? {
        var filter: TempoFilter?
        _ = poll(timeout: .seconds(timeout), interval: 0.001) {
            if case .ready(let ready) = builder.take(spec) { filter = ready }
            return filter != nil
        }
        return filter
    }

    private var builtOnlyElsewhere: Bool {
        let here = pthread_self()
        return buildThreads.withLock { threads in !threads.isEmpty && threads.allSatisfy { pthread_equal($0, here) == 0 } }
    }

    func testFiltersAreBuiltOnTheBuildersThreadWhileTheAskerGoesOn() throws {
        let builder = makeBuilder()
        let asked = Date()
        guard case .pending = builder.take(spec(2)) else { return XCTFail("a filter before any was built") }
        XCTAssertLessThan(Date().timeIntervalSince(asked), 0.5, "the ask waited for the build")
        gate.signal()
        let filter = try XCTUnwrap(waitForFilter(builder, spec(2)))
        XCTAssertEqual(filter.tempo, 2)
        XCTAssertEqual(filter.inputSamples, 0, "fresh")
        XCTAssertTrue(builtOnlyElsewhere)

        XCTAssertEqual(try XCTUnwrap(waitForFilter(builder, spec(2))).tempo, 2, "a spare follows for the next seek")
        XCTAssertEqual(try XCTUnwrap(waitForFilter(builder, spec(0.5))).tempo, 0.5, "never a filter for another tempo")
        guard case .ready(nil) = builder.take(nil) else { return XCTFail("speed 1 needs no filter") }
    }

    func testARetiredFilterIsFreedOnTheBuildersThread() throws {
        let builder = makeBuilder()
        var retired = TempoFilter(sampleRate: format.sampleRate, channels: format.channels, tempo: 2)
        weak let watched = retired
        builder.retire(&retired)
        XCTAssertNil(retired, "handed over")
        XCTAssertTrue(poll(timeout: .seconds(5), interval: 0.001) { watched == nil }, "freed")
    }

    // MARK: the renderer

    private static let frameCapacity = 8
    private let frames = FrameQueue(capacity: frameCapacity, keepsLast: false)
    private let packets = PacketQueue(secondsPerTick: 1)
    private let clock = SharedClock()
    private let now = Locked(100.0)
    private var queuedSamples = 0

    /// Fills the frame queue with 1024-sample frames of a 1 kHz tone, continuing in time.
    private func topUp() throws {
        while frames.remaining < Self.frameCapacity {
            let first = queuedSamples
            try frames.pushStereo(pts: Double(first) / 48000, serial: packets.serial) { i in
                Int16(8000 * sin(2 * Double.pi * 1000 * Double(first + i) / 48000))
            }
            queuedSamples += 1024
        }
    }

    /// One device buffer, one buffer's time later; returns the bytes of sound in it.
    private func fill(_ renderer: AudioRenderer) throws -> Int {
        try topUp()
        now.withLock { $0 += Double(format.bufferFrames) / Double(format.sampleRate) }
        var buffer = [Int16](repeating: 0, count: format.bufferFrames * format.channels)
        return buffer.withUnsafeMutableBytes { renderer.render(into: $0, latency: 0.01) }
    }

    func testTheRendererPlaysOnUntilTheFilterIsReadyThenAtTheNewSpeed() throws {
        let now = self.now
        let renderer = AudioRenderer(frames: frames, packets: packets, clock: clock, monotonic: { now.withLock { $0 } })
        renderer.tempoBuilder = makeBuilder()
        renderer.prepare(for: format)
        let bufferBytes = format.bufferFrames * format.bytesPerFrame
        XCTAssertEqual(try fill(renderer), bufferBytes)

        renderer.setSpeed(2)
        for _ in 0..<5 {
            let started = Date()
            XCTAssertEqual(try fill(renderer), bufferBytes, "the sound goes on while the filter is built")
            XCTAssertLessThan(Date().timeIntervalSince(started), 0.5, "the fill waited for the build")
            XCTAssertEqual(clock.snapshot.speed, 1, "at the old speed until the filter is ready")
        }

        gate.signal()
        _ = try poll(timeout: .seconds(10), interval: 0.002) {
            _ = try fill(renderer)
            return clock.snapshot.speed == 2
        }
        XCTAssertEqual(clock.snapshot.speed, 2, "the filter never came")
        XCTAssertTrue(builtOnlyElsewhere, "a filter was built on the device's thread")

        // Once the filter has filled its window, each second of sound carries two of media.
        for _ in 0..<10 { _ = try fill(renderer) }
        let start = (clock.snapshot.pts, now.withLock { $0 })
        var audible = 0
        for _ in 0..<40 { audible += try fill(renderer) }
        let (pts, time) = (clock.snapshot.pts, now.withLock { $0 })
        XCTAssertEqual(audible, 40 * bufferBytes)
        XCTAssertEqual((pts - start.0) / (time - start.1), 2, accuracy: 0.1)
    }
}
