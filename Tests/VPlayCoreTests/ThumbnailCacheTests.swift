import Foundation
import TestSupport
import XCTest
@testable import VPlayCore

/// The pure parts of the seek-bar preview: the LRU cache, the coalescing slot and the worker
/// thread that only ever starts on the newest request. No FFmpeg.
final class ThumbnailCacheTests: XCTestCase {
    private func thumbnail(at time: Double, width: Int = 10, height: Int = 10) -> Thumbnail {
        Thumbnail(width: width, height: height, pitch: width * 4,
                  pixels: [UInt8](repeating: 0, count: width * height * 4), keyframeTime: time)
    }

    // MARK: cache

    func testEvictsByBytesOldestFirst() {
        let size = thumbnail(at: 0).byteCount
        var cache = ThumbnailCache(capacityBytes: 3 * size)
        for key in [0.0, 2, 4] { cache.insert(thumbnail(at: key), covering: key..<key + 2) }
        XCTAssertEqual(cache.totalBytes, 3 * size)
        cache.insert(thumbnail(at: 6), covering: 6..<8)
        XCTAssertEqual(cache.keysByRecency, [2, 4, 6])
        XCTAssertEqual(cache.totalBytes, 3 * size)
        XCTAssertNil(cache.thumbnail(covering: 1))

        // One big picture pushes out as many small ones as it takes.
        cache.insert(thumbnail(at: 8, width: 10, height: 20), covering: 8..<10)
        XCTAssertEqual(cache.keysByRecency, [6, 8])
        XCTAssertLessThanOrEqual(cache.totalBytes, cache.capacityBytes)
    }

    func testLookupsCountAsUseForEviction() {
        let size = thumbnail(at: 0).byteCount
        var cache = ThumbnailCache(capacityBytes: 3 * size)
        for key in [0.0, 2, 4] { cache.insert(thumbnail(at: key), covering: key..<key + 2) }
        XCTAssertEqual(cache.thumbnail(covering: 0.5)?.keyframeTime, 0)   // 0 is now the newest
        XCTAssertEqual(cache.keysByRecency, [2, 4, 0])
        cache.insert(thumbnail(at: 6), covering: 6..<8)
        XCTAssertEqual(cache.keysByRecency, [4, 0, 6], "2 was least recently used")
        XCTAssertNotNil(cache.peek(covering: 4.5))
        XCTAssertEqual(cache.keysByRecency, [4, 0, 6], "peeking is not a use")
    }

    func testSpansFindTheKeyframeAtOrBeforeATime() {
        var cache = ThumbnailCache(capacityBytes: 1 << 20)
        cache.insert(thumbnail(at: 4), covering: 4..<5.3.nextUp)
        XCTAssertEqual(cache.thumbnail(covering: 5.3)?.keyframeTime, 4)
        XCTAssertNil(cache.thumbnail(covering: 5.5))
        XCTAssertNil(cache.thumbnail(covering: 3.9))
        cache.extend(4, toCover: 4..<6)
        XCTAssertEqual(cache.thumbnail(covering: 5.99)?.keyframeTime, 4)
        XCTAssertNil(cache.thumbnail(covering: 6))
        // Re-inserting the same keyframe keeps one entry and the wider span.
        cache.insert(thumbnail(at: 4), covering: 4..<4.5)
        XCTAssertEqual(cache.count, 1)
        XCTAssertEqual(cache.totalBytes, thumbnail(at: 4).byteCount)
        XCTAssertEqual(cache.peek(covering: 5.9)?.covers, 4..<6)
        cache.extend(42, toCover: 0..<100)   // not cached: ignored
        XCTAssertNil(cache.thumbnail(covering: 50))
    }

    func testPictureLargerThanTheCacheIsNotKept() {
        var cache = ThumbnailCache(capacityBytes: 100)
        cache.insert(thumbnail(at: 0), covering: 0..<2)
        XCTAssertEqual(cache.count, 0)
        XCTAssertEqual(cache.totalBytes, 0)
    }

    // MARK: request slot

    func testSlotKeepsOnlyTheNewestRequest() {
        var slot = RequestSlot<Double>()
        XCTAssertNil(slot.take())
        for time in stride(from: 0.0, through: 9, by: 1) { slot.put(time) }
        XCTAssertEqual(slot.take(), 9)
        XCTAssertNil(slot.take())
        XCTAssertEqual(slot.submitted, 10)
        XCTAssertEqual(slot.coalesced, 9)
        XCTAssertEqual(slot.taken, 1)
        slot.put(1)
        slot.clear()
        XCTAssertTrue(slot.isEmpty)
        XCTAssertEqual(slot.coalesced, 10)
    }

    // MARK: worker thread

    func testWorkerStartsOnlyOnTheNewestOfManyRequests() {
        let done = Locked<[Int]>([])
        let firstStarted = DispatchSemaphore(value: 0)
        let releaseFirst = DispatchSemaphore(value: 0)
        let worker = LatestRequestWorker<Int>(name: "test.worker") { request, _ in
            if request == 0 {
                firstStarted.signal()
                releaseFirst.wait()
            }
            done.withLock { $0.append(request) }
        }
        defer { worker.stop() }
        worker.submit(0)
        XCTAssertEqual(firstStarted.wait(timeout: .now() + 5), .success)
        for request in 1...100 { worker.submit(request) }   // the worker is busy: each replaces the last
        releaseFirst.signal()
        XCTAssertTrue(poll { done.withLock { $0.count } == 2 })
        // Stopping waits for a job under way: what is done after it is all that ran.
        worker.stop()
        XCTAssertEqual(done.withLock { $0 }, [0, 100], "only the newest request was carried out")
        XCTAssertEqual(worker.counts, .init(submitted: 101, coalesced: 99, started: 2))
    }

    func testWorkIsToldWhenSupersededAndStopIsPrompt() {
        let sawNewer = Locked(false)
        let started = DispatchSemaphore(value: 0)
        let worker = LatestRequestWorker<Int>(name: "test.worker") { request, isSuperseded in
            guard request == 0 else { return }
            started.signal()
            while !isSuperseded() { usleep(1000) }
            sawNewer.withLock { $0 = true }
            while !isSuperseded() { usleep(1000) }
        }
        worker.submit(0)
        XCTAssertEqual(started.wait(timeout: .now() + 5), .success)
        worker.submit(1)
        XCTAssertTrue(poll { sawNewer.withLock { $0 } })
        let begin = Date()
        worker.stop()
        XCTAssertLessThan(Date().timeIntervalSince(begin), 1)
        worker.stop()   // twice is fine
        worker.submit(2)   // ignored after stop
    }

    // MARK: geometry

    func testFittedSizeKeepsTheDisplayedAspect() {
        func fit(_ w: Int, _ h: Int, sar: Double = 1, rotation: Int = 0) -> [Int] {
            let size = ThumbnailDecoder.fittedSize(width: w, height: h, sampleAspect: sar, rotation: rotation,
                                                   maxWidth: 240, maxHeight: 160)
            return [size.width, size.height]
        }
        XCTAssertEqual(fit(1920, 1080), [240, 135])
        XCTAssertEqual(fit(320, 240), [213, 160])
        XCTAssertEqual(fit(320, 240, sar: 2), [240, 90])
        // Turned a quarter: scaled so that, once rotated, it is 120×160.
        XCTAssertEqual(fit(320, 240, rotation: 90), [160, 120])
        XCTAssertEqual(fit(100, 50), [100, 50], "never enlarged")
    }

    func testRotationTurnsClockwise() {
        // 2×1: pixel values 1, 2.
        let pixels: [UInt8] = [1, 0, 0, 0, 2, 0, 0, 0]
        let quarter = ThumbnailDecoder.rotate(pixels, width: 2, height: 1, clockwise: 90)
        XCTAssertEqual([quarter.width, quarter.height], [1, 2])
        XCTAssertEqual(quarter.pixels, [1, 0, 0, 0, 2, 0, 0, 0])   // left end goes to the top
        let half = ThumbnailDecoder.rotate(pixels, width: 2, height: 1, clockwise: 180)
        XCTAssertEqual(half.pixels, [2, 0, 0, 0, 1, 0, 0, 0])
        let threeQuarters = ThumbnailDecoder.rotate(pixels, width: 2, height: 1, clockwise: 270)
        XCTAssertEqual(threeQuarters.pixels, [2, 0, 0, 0, 1, 0, 0, 0])   // left end goes to the bottom
    }
}
