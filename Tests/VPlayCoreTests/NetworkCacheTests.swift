import CFFmpeg
import XCTest
@testable import VPlayCore

/// The demuxer cache: packets kept behind the decoder, seeks among them, trimming, the
/// numbers it publishes, and waiting for it in the lifecycle.
final class NetworkCacheTests: XCTestCase {
    /// What one packet of `timedPacket(at:keyframe:)` counts for in the cache.
    private var footprint: Int { timedPacket(at: 0, keyframe: false).footprint }

    /// Ten 1 s packets, a keyframe every 3 s (0, 3, 6, 9), the first `taken` taken.
    private func cachedQueue(taken: Int) -> PacketQueue {
        let queue = PacketQueue(secondsPerTick: 1.0 / 1000, keepsTaken: true)
        for second in 0..<10 { queue.put(timedPacket(at: second, keyframe: second % 3 == 0)) }
        for _ in 0..<taken { _ = queue.take() }
        return queue
    }

    func testTakenPacketsAreKeptAndSpanTheCache() {
        let queue = cachedQueue(taken: 5)
        XCTAssertEqual(queue.keptBytes, 5 * footprint)
        XCTAssertEqual(queue.currentFill.count, 5)
        XCTAssertEqual(queue.span, 0...10)
    }

    func testRewindGoesBackToTheKeyframeBeforeTheTargetOnANewTimeline() throws {
        let queue = cachedQueue(taken: 8)
        let index = try XCTUnwrap(queue.rewindIndex(for: 4.5, sparse: false))
        XCTAssertEqual(index, 3, "the keyframe at 3 s")
        queue.rewind(to: index, serial: 5, dropBefore: 4.5)
        XCTAssertEqual(queue.serial, 5)
        XCTAssertEqual(queue.currentFill.count, 7)
        XCTAssertEqual(queue.keptBytes, 3 * footprint)
        let entry = try XCTUnwrap(queue.take())
        XCTAssertEqual(entry.serial, 5)
        XCTAssertEqual(entry.dropBefore, 4.5)
        guard case .packet(let first) = entry.item else { return XCTFail("not a packet") }
        XCTAssertEqual(first.pointer.pointee.pts, 3000)
    }

    func testNoRewindOutsideWhatIsKept() {
        let queue = cachedQueue(taken: 2)
        XCTAssertNil(queue.rewindIndex(for: 12, sparse: false), "past the end of what was read")
        queue.dropOldestKept()
        XCTAssertNil(queue.rewindIndex(for: 1, sparse: false), "its keyframe was trimmed")
        XCTAssertEqual(queue.rewindIndex(for: 9.5, sparse: false), 7, "forward, among packets not taken yet")
    }

    func testTrimmingDropsWholeGroupsOfPictures() {
        let queue = cachedQueue(taken: 7)
        XCTAssertEqual(queue.oldestKeptTime, 0)
        XCTAssertEqual(queue.dropOldestKept(), 3 * footprint)
        XCTAssertEqual(queue.oldestKeptTime, 3)
        XCTAssertEqual(queue.span, 3...10)
        XCTAssertEqual(queue.keptBytes, 4 * footprint)
    }

    /// The limits count what a packet keeps in memory: its buffer with FFmpeg's padding and
    /// the bookkeeping around it, which for small packets outweighs the payload.
    func testAPacketCountsItsBufferAndBookkeeping() {
        XCTAssertEqual(timedPacket(at: 0, keyframe: true, size: 100).footprint,
                       100 + Int(AV_INPUT_BUFFER_PADDING_SIZE) + Packet.bookkeepingBytes)
        let withSideData = timedPacket(at: 0, keyframe: true, size: 100)
        XCTAssertNotNil(av_packet_new_side_data(withSideData.pointer, AV_PKT_DATA_NEW_EXTRADATA, 1000))
        XCTAssertEqual(withSideData.footprint, 1100 + Int(AV_INPUT_BUFFER_PADDING_SIZE) + Packet.bookkeepingBytes)
    }

    func testQueuesWithoutTheCacheKeepNothing() {
        let queue = PacketQueue(secondsPerTick: 1.0 / 1000)
        for second in 0..<3 { queue.put(timedPacket(at: second, keyframe: true)) }
        for _ in 0..<3 { _ = queue.take() }
        XCTAssertEqual(queue.keptBytes, 0)
        XCTAssertNil(queue.span)
    }

    func testCommonRangeOfTheStreams() {
        func commonRange(_ spans: [ClosedRange<Double>?]) -> ClosedRange<Double>? {
            var common = CommonSpan()
            for span in spans { common.add(span) }
            return common.range
        }
        XCTAssertEqual(commonRange([0...10, 2...8]), 2...8)
        XCTAssertNil(commonRange([0...10, nil]))
        XCTAssertNil(commonRange([0...1, 2...3]))
        XCTAssertNil(commonRange([]))
    }

    func testCacheStateInTheFilesTime() {
        var status = DemuxCacheStatus()
        status.range = 11...20
        status.forwardBytes = 700
        status.keptBytes = 300
        let state = CacheState(status, position: 4, startTime: 10, speed: 5)
        XCTAssertEqual(state.seekableRanges, [1...10])
        XCTAssertEqual(state.cacheEnd, 10)
        XCTAssertEqual(state.duration, 6)
        XCTAssertEqual(state.totalBytes, 1000)
        XCTAssertEqual(CacheState(status, position: 0, startTime: 10, speed: 0).duration, 0, "outside the range")
    }

    func testByteRateOverAboutASecond() {
        var meter = ByteRateMeter()
        meter.record(total: 0, at: 100)
        meter.record(total: 500, at: 100.5)
        XCTAssertEqual(meter.rate, 0)
        meter.record(total: 2000, at: 101)
        XCTAssertEqual(meter.rate, 2000)
    }

    func testBufferingIsAPhaseApartFromThePause() {
        var lifecycle = Lifecycle()
        lifecycle.handle(.cacheRanDry)
        XCTAssertFalse(lifecycle.isBuffering, "opening is not buffering")
        lifecycle.handle(.started)
        lifecycle.handle(.cacheRanDry)
        XCTAssertTrue(lifecycle.isBuffering)
        lifecycle.handle(.step)
        XCTAssertTrue(lifecycle.isBuffering, "no step while waiting")
        lifecycle.handle(.cacheFilled)
        XCTAssertEqual(lifecycle.phase, .playing)
        lifecycle.handle(.cacheRanDry)
        lifecycle.handle(.restart(.seek, target: 3, exact: true))
        XCTAssertFalse(lifecycle.isBuffering, "a seek ends the wait")
        XCTAssertTrue(lifecycle.isSeeking)
    }
}
