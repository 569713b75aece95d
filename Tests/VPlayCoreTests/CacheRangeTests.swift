import CFFmpeg
import XCTest
@testable import VPlayCore

/// The demuxer cache's several ranges: the current one parked by a seek outside it, taken up
/// again by a seek into it without reading, joined when reading reaches it, dropped least
/// recently used first when over the limits, and listed in the status.
final class CacheRangeTests: XCTestCase {
    /// Two streams on a 1 ms time base: video (a keyframe every 3 s from 0) and audio.
    private let video = 0, audio = 1
    private var footprint: Int { timedPacket(at: 0, keyframe: false).footprint }

    private func makeRoutes() -> Demuxer.Routes {
        Demuxer.Routes(queues: [video: PacketQueue(secondsPerTick: 1.0 / 1000, keepsTaken: true),
                                audio: PacketQueue(secondsPerTick: 1.0 / 1000, keepsTaken: true)])
    }

    private func makeCache(maxBackBytes: Int = 1 << 30) -> DemuxCache {
        var options = CacheOptions()
        options.maxBackBytes = maxBackBytes
        return DemuxCache(limits: DemuxCacheLimits(options))
    }

    /// Reads `seconds` into both queues as the demuxer would (video keyframes on multiples of 3 s),
    /// the end of the streams after them when `ending`; returns the last packets read.
    @discardableResult
    private func read(_ seconds: Range<Int>, into routes: Demuxer.Routes, ending: Bool = false) -> [Int: PacketMark] {
        var marks: [Int: PacketMark] = [:]
        for second in seconds {
            for (index, queue) in routes.queues {
                let packet = timedPacket(at: second, keyframe: index == audio || second % 3 == 0)
                marks[index] = PacketMark(packet.pointer)
                queue.put(packet)
            }
        }
        if ending { routes.queues.values.forEach { $0.putEndOfStream() } }
        return marks
    }

    private func take(_ count: Int, from routes: Demuxer.Routes) {
        for queue in routes.queues.values { for _ in 0..<count { _ = queue.take() } }
    }

    /// The time of the next packet the stream's decoder takes.
    private func nextTime(_ queue: PacketQueue?) throws -> Double {
        let entry = try XCTUnwrap(queue?.take())
        guard case .packet(let packet) = entry.item else { throw XCTSkip("not a packet") }
        return Double(packet.pointer.pointee.pts) / 1000
    }

    func testASeekOutsideParksTheCurrentRange() {
        let cache = makeCache(), routes = makeRoutes()
        read(0..<10, into: routes)
        take(4, from: routes)
        cache.park(routes, serial: 3, dropBefore: nil)
        XCTAssertEqual(cache.parked.count, 1)
        XCTAssertEqual(cache.parked.first?.bytes, 20 * footprint)
        for queue in routes.queues.values {
            XCTAssertEqual(queue.serial, 3)
            XCTAssertEqual(queue.currentFill.count, 0, "the decoders start afresh")
            XCTAssertEqual(queue.keptBytes, 0)
        }
        read(20..<22, into: routes)
        let status = cache.status(routes, kept: cache.trim(routes))
        XCTAssertEqual(status.range, 21...22, "from the video's first keyframe")
        XCTAssertEqual(status.parkedRanges, [0...10])
        XCTAssertEqual(status.ranges, [0...10, 21...22])
        XCTAssertEqual(status.keptBytes, 20 * footprint, "a parked range counts behind the position")
    }

    func testASeekIntoAParkedRangeTakesItUpWithoutReading() throws {
        let cache = makeCache(), routes = makeRoutes()
        read(0..<11, into: routes)
        take(2, from: routes)
        cache.park(routes, serial: 1, dropBefore: nil)
        read(20..<25, into: routes)
        XCTAssertNil(cache.restore(12, routes, serial: 2, dropBefore: 12, keepingCurrent: true), "held by no range")
        let resumption = try XCTUnwrap(cache.restore(4.5, routes, serial: 2, dropBefore: 4.5, keepingCurrent: true))
        XCTAssertFalse(resumption.reachedEnd)
        XCTAssertEqual(resumption.marks[video]?.dts, 10000, "reading on skips up to the range's last packet")
        XCTAssertEqual(resumption.readFrom, 9, "from its last keyframe")
        XCTAssertEqual(cache.parked.map(\.span), [21...25], "the range it left is parked in its place")
        let videoQueue = routes.queues[video], audioQueue = routes.queues[audio]
        XCTAssertEqual(videoQueue?.serial, 2)
        let entry = try XCTUnwrap(videoQueue?.take())
        XCTAssertEqual(entry.serial, 2)
        XCTAssertEqual(entry.dropBefore, 4.5)
        guard case .packet(let first) = entry.item else { return XCTFail("not a packet") }
        XCTAssertEqual(first.pointer.pointee.pts, 3000, "from the keyframe before the target")
        XCTAssertEqual(try nextTime(audioQueue), 4, "audio from the packet holding the target")
        XCTAssertEqual(videoQueue?.currentFill.count, 7, "the rest queued at once")
        XCTAssertEqual(videoQueue?.span, 0...11, "what was played before the park is kept behind")
    }

    func testARangeReadToTheEndNeedsNoMoreReading() throws {
        let cache = makeCache(), routes = makeRoutes()
        read(6..<10, into: routes, ending: true)
        cache.park(routes, serial: 1, dropBefore: nil)
        read(0..<2, into: routes)
        let resumption = try XCTUnwrap(cache.restore(8, routes, serial: 2, dropBefore: nil, keepingCurrent: false))
        XCTAssertTrue(resumption.reachedEnd)
        XCTAssertEqual(resumption.ended, [video, audio])
        XCTAssertTrue(cache.parked.isEmpty, "the range it left was dropped")
    }

    func testReadingIntoAParkedRangeJoinsIt() throws {
        let cache = makeCache(), routes = makeRoutes()
        read(12..<20, into: routes, ending: true)
        cache.park(routes, serial: 1, dropBefore: nil)
        var marks = read(0..<12, into: routes)
        XCTAssertNil(cache.joinReached(routes, marks: marks, ended: false), "the current range ends where the parked one starts")
        XCTAssertEqual(cache.parked.count, 1)
        marks = read(12..<13, into: routes)
        let joined = try XCTUnwrap(cache.joinReached(routes, marks: marks, ended: false))
        XCTAssertTrue(joined.reachedEnd, "the parked range was read to the end")
        XCTAssertEqual(joined.marks[audio]?.dts, 19000)
        XCTAssertTrue(cache.parked.isEmpty)
        XCTAssertEqual(cache.status(routes, kept: cache.trim(routes)).ranges, [0...20])
        let queue = try XCTUnwrap(routes.queues[video])
        XCTAssertEqual(queue.currentFill.count, 20, "packet 12 once, then the parked ones after it")
        var times: [Double] = []
        for _ in 0..<20 { times.append(try nextTime(queue)) }
        XCTAssertEqual(times, (0..<20).map(Double.init))
        guard case .endOfStream? = queue.take()?.item else { return XCTFail("no end of stream after the joined range") }
    }

    func testAParkedRangeThatCannotBeJoinedIsDropped() {
        let cache = makeCache(), routes = makeRoutes()
        read(12..<14, into: routes)
        cache.park(routes, serial: 1, dropBefore: nil)
        let marks = read(0..<15, into: routes)
        XCTAssertNil(cache.joinReached(routes, marks: marks, ended: false), "its packets were all read again")
        XCTAssertTrue(cache.parked.isEmpty)
    }

    func testParkedRangesGoLeastRecentlyUsedFirstWhenOverTheLimit() throws {
        let cache = makeCache(maxBackBytes: 45 * footprint), routes = makeRoutes()
        read(0..<10, into: routes)
        cache.park(routes, serial: 1, dropBefore: nil)
        read(20..<30, into: routes)
        cache.park(routes, serial: 2, dropBefore: nil)
        read(40..<50, into: routes)
        XCTAssertNotNil(cache.restore(3, routes, serial: 3, dropBefore: nil, keepingCurrent: true), "0–10 is used again")
        XCTAssertEqual(cache.parked.map(\.span), [21...30, 42...50])
        take(5, from: routes)
        // Behind: 16 packets of the current range, and 20 + 20 parked.
        XCTAssertEqual(cache.trim(routes), 36 * footprint, "20–30 was used least recently: it goes, whole")
        XCTAssertEqual(cache.parked.map(\.span), [42...50])
        read(10..<20, into: routes)
        take(12, from: routes)
        XCTAssertEqual(cache.trim(routes), 40 * footprint, "every parked range goes before the current one is trimmed")
        XCTAssertTrue(cache.parked.isEmpty)
        read(20..<25, into: routes)
        take(5, from: routes)
        XCTAssertEqual(cache.trim(routes), 45 * footprint, "then the current range's oldest packets")
        XCTAssertEqual(routes.queues[video]?.oldestKeptTime, 3, "to the next keyframe")
        XCTAssertEqual(routes.queues[audio]?.oldestKeptTime, 2)
    }

    func testChangedStreamsDropRangesLackingOne() {
        let cache = makeCache(), routes = makeRoutes()
        read(0..<10, into: routes)
        cache.park(routes, serial: 1, dropBefore: nil)
        let videoOnly = Demuxer.Routes(queues: [video: routes.queues[video]!])
        cache.restrict(to: videoOnly)
        XCTAssertEqual(cache.parked.first?.bytes, 10 * footprint, "the audio's packets go")
        var withSubtitles = videoOnly
        withSubtitles.queues[2] = PacketQueue(secondsPerTick: 1.0 / 1000, keepsTaken: true)
        withSubtitles.sparse = [2]
        cache.restrict(to: withSubtitles)
        XCTAssertTrue(cache.parked.isEmpty, "a seek into it would have no subtitles")
    }

    func testCacheStateListsEveryRangeByStart() {
        var status = DemuxCacheStatus()
        status.range = 31...40
        status.parkedRanges = [61...70, 10...20]
        let state = CacheState(status, position: 25, startTime: 10, speed: 0)
        XCTAssertEqual(state.seekableRanges, [0...10, 21...30, 51...60])
        XCTAssertEqual(state.cacheEnd, 30, "the end of the range playing")
        XCTAssertEqual(state.duration, 5)
    }
}
