import CFFmpeg
import Foundation
import TestSupport
import XCTest
@testable import VPlayCore

/// The seek-bar preview on real files: its own decoder, keyframes only, newest request wins.
final class ThumbnailServiceTests: XCTestCase {
    /// Counts `onReady` calls and lets a test wait for the next one.
    private final class ReadySignal: @unchecked Sendable {
        private let condition = NSCondition()
        private var calls = 0
        var count: Int { condition.withLock { calls } }

        func fire() {
            condition.withLock {
                calls += 1
                condition.broadcast()
            }
        }

        /// Waits until more than `seen` calls have happened.
        func wait(after seen: Int, timeout: Double = 10) -> Bool {
            let deadline = Date().addingTimeInterval(timeout)
            return condition.withLock {
                while calls <= seen {
                    if !condition.wait(until: deadline) { return calls > seen }
                }
                return true
            }
        }
    }

    private func service(_ spec: ClipSpec, cacheBytes: Int = 32 << 20,
                         ready: ReadySignal) throws -> ThumbnailService {
        let url = try MediaFactory.clip(spec)
        return try XCTUnwrap(ThumbnailService(source: Source(url.path), cacheBytes: cacheBytes) { ready.fire() })
    }

    /// Requests `time` and waits for the picture.
    private func thumbnail(_ service: ThumbnailService, at time: Double, ready: ReadySignal) -> Thumbnail? {
        let seen = ready.count
        if !service.request(time: time) {
            XCTAssertTrue(ready.wait(after: seen), "no thumbnail for \(time) s")
        }
        return service.thumbnail(near: time)
    }

    /// The frame number drawn by `FramePattern`, read from the BGRX pixels.
    private func frameNumber(_ thumbnail: Thumbnail) -> Int? {
        var rgb = [UInt8](repeating: 0, count: thumbnail.width * thumbnail.height * 3)
        for y in 0..<thumbnail.height {
            for x in 0..<thumbnail.width {
                let source = y * thumbnail.pitch + x * 4
                let target = (y * thumbnail.width + x) * 3
                rgb[target] = thumbnail.pixels[source + 2]
                rgb[target + 1] = thumbnail.pixels[source + 1]
                rgb[target + 2] = thumbnail.pixels[source]
            }
        }
        return FramePattern.read(rgb: rgb, width: thumbnail.width, height: thumbnail.height)
    }

    func testShowsTheKeyframeAtOrBeforeTheRequestedTime() throws {
        let ready = ReadySignal()
        let service = try service(.av(seconds: 8), ready: ready)
        let picture = try XCTUnwrap(thumbnail(service, at: 5.3, ready: ready))
        XCTAssertEqual(picture.keyframeTime, 4.0, accuracy: 0.001)
        XCTAssertEqual(frameNumber(picture), 100, "frame 100 is the keyframe at 4 s (25 fps)")
        // 320×240 fitted into 240×160 keeps 4:3.
        XCTAssertEqual(picture.height, 160)
        XCTAssertEqual(picture.width, 213)
        XCTAssertEqual(Double(picture.width) / Double(picture.height), 4.0 / 3.0, accuracy: 0.01)
        XCTAssertEqual(picture.pitch, picture.width * 4)
        XCTAssertEqual(picture.pixels.count, picture.pitch * picture.height)
        XCTAssertEqual(service.decodeCount, 1)

        // Once the service has read on to the next keyframe, the whole group of pictures is cached.
        XCTAssertTrue(poll { service.cachedKeyframe(covering: 5.96) == 4.0 })
        XCTAssertNil(service.cachedKeyframe(covering: 6.0))
        XCTAssertTrue(service.request(time: 5.96), "cached: no decoding")
        XCTAssertTrue(service.request(time: 4.0))
        XCTAssertEqual(service.thumbnail(near: 4.7)?.keyframeTime ?? -1, 4.0, accuracy: 0.001)
        XCTAssertEqual(service.decodeCount, 1)

        let next = try XCTUnwrap(thumbnail(service, at: 6.1, ready: ready))
        XCTAssertEqual(frameNumber(next), 150)
        let first = try XCTUnwrap(thumbnail(service, at: 0.3, ready: ready))
        XCTAssertEqual(frameNumber(first), 0)
        XCTAssertEqual(service.decodeCount, 3)
        XCTAssertEqual(service.thumbnail(near: 5)?.keyframeTime ?? -1, 4.0, accuracy: 0.001, "still cached")
    }

    func testManyRequestsDecodeOnlyTheNewest() throws {
        let ready = ReadySignal()
        let url = try MediaFactory.clip(.av(seconds: 8))
        let firstJob = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let jobs = Locked(0)
        // The thread is held at its first job while the pointer sweeps on, so the test does not
        // depend on how fast the machine decodes.
        let service = try XCTUnwrap(ThumbnailService(
            source: Source(url.path), maxWidth: 240, maxHeight: 160, cacheBytes: 32 << 20,
            beforeEachJob: { _ in
                if jobs.withLock({ $0 += 1; return $0 }) == 1 {
                    firstJob.signal()
                    release.wait()
                }
            },
            onReady: { ready.fire() }))
        service.request(time: 7.5)
        XCTAssertEqual(firstJob.wait(timeout: .now() + 10), .success)
        // A pointer sweeping back and forth across every group of pictures, ending at 4.5 s.
        let times = (0..<60).map { [0.5, 2.5, 6.5, 7.5, 1.5][$0 % 5] } + [4.5]
        for time in times { service.request(time: time) }
        release.signal()
        XCTAssertTrue(poll { service.thumbnail(near: 4.5)?.keyframeTime == 4.0 })
        // The picture is kept before `onReady` is called.
        XCTAssertTrue(poll { ready.count == 1 })
        let counts = service.requestCounts
        XCTAssertEqual(counts, .init(submitted: 62, coalesced: 60, started: 2))
        XCTAssertEqual(service.decodeCount, 1, "the job at 7.5 s saw newer requests and gave up before decoding")
        XCTAssertEqual(ready.count, 1)
        XCTAssertEqual(frameNumber(try XCTUnwrap(service.thumbnail(near: 4.5))), 100)
        XCTAssertEqual(service.cachedKeyframe(covering: 4.5), 4.0)
        XCTAssertNil(service.cachedKeyframe(covering: 7.5), "never decoded")
    }

    /// Given what playback's open learned, the previews' reader opens without probing the
    /// source again, and shows the same keyframes.
    func testPreviewsReadWithWhatPlaybacksOpenLearned() throws {
        let url = try MediaFactory.clip(.av(seconds: 8))
        let playback = try MediaFile(source: Source(url.path), options: PlayerOptions())
        let ready = ReadySignal()
        let service = try XCTUnwrap(ThumbnailService(source: playback.source, facts: playback.facts) { ready.fire() })
        XCTAssertTrue(service.tookPlaybacksFacts)
        XCTAssertEqual(service.duration, playback.duration)
        XCTAssertEqual(frameNumber(try XCTUnwrap(thumbnail(service, at: 4.5, ready: ready))), 100)
        XCTAssertEqual(frameNumber(try XCTUnwrap(thumbnail(service, at: 6.5, ready: ready))), 150)
        XCTAssertFalse(try XCTUnwrap(ThumbnailService(source: playback.source) {}).tookPlaybacksFacts,
                       "without them the source is probed")
    }

    /// Playback's cache holds the first 5 s: previews of moments in it decode the cached
    /// keyframes and read nothing from the source; a moment past it is read from the source.
    func testPreviewsOfCachedMomentsReadNothingFromTheSource() throws {
        let url = try MediaFactory.clip(.av(seconds: 8))
        let playback = try MediaFile(path: url.path, options: PlayerOptions())
        let index = try XCTUnwrap(playback.videoStream)
        let stream = playback.stream(index)
        let queue = PacketQueue(secondsPerTick: av_q2d(stream.pointee.time_base), keepsTaken: true)
        while true {
            let packet = Packet()
            guard av_read_frame(playback.context, packet.pointer) >= 0 else { break }
            guard packet.pointer.pointee.stream_index == index else { continue }
            guard Double(packet.pointer.pointee.pts) * av_q2d(stream.pointee.time_base) < 5 else { break }
            queue.put(packet)
        }
        // The decoder has taken some of them: kept packets count as much as queued ones.
        for _ in 0..<30 { _ = queue.take() }

        let ready = ReadySignal()
        let service = try XCTUnwrap(ThumbnailService(source: Source(url.path), cached: CachedKeyframes(streamIndex: index, packets: queue)) {
            ready.fire()
        })
        let cached = try XCTUnwrap(thumbnail(service, at: 3.1, ready: ready))
        XCTAssertEqual(frameNumber(cached), 50, "frame 50 is the keyframe at 2 s")
        // The cache also tells where the next keyframe starts.
        XCTAssertTrue(poll { service.cachedKeyframe(covering: 3.96) == 2.0 })
        XCTAssertEqual(frameNumber(try XCTUnwrap(thumbnail(service, at: 4.5, ready: ready))), 100)
        XCTAssertTrue(poll { service.cachedKeyframe(covering: 4.5) == 4.0 })
        XCTAssertEqual(service.sourceReads, 0, "every preview so far came from the cache")

        XCTAssertEqual(frameNumber(try XCTUnwrap(thumbnail(service, at: 6.5, ready: ready))), 150)
        XCTAssertGreaterThan(service.sourceReads, 0, "6.5 s is past the cache: read from the source")
        XCTAssertEqual(service.decodeCount, 3)
    }

    func testTimesAreFromTheStartOfTheFile() throws {
        // Timestamps begin at 1.5 s; a request at 0 still means the first picture.
        let ready = ReadySignal()
        let service = try service(.firstKeyframeNotAtZero, ready: ready)
        let picture = try XCTUnwrap(thumbnail(service, at: 0.2, ready: ready))
        XCTAssertEqual(picture.keyframeTime, 0, accuracy: 0.05)
        XCTAssertEqual(frameNumber(picture), 0)
    }

    func testDisplayedAspectAndRotation() throws {
        let ready = ReadySignal()
        // 320×240 with 2:1 pixels is shown 640×240.
        let wide = try XCTUnwrap(thumbnail(try service(.anamorphic, ready: ready), at: 1, ready: ready))
        XCTAssertEqual([wide.width, wide.height], [240, 90])
        // Turned a quarter: 240×320 as shown, fitted to 120×160.
        let turned = try XCTUnwrap(thumbnail(try service(.rotated, ready: ready), at: 1, ready: ready))
        XCTAssertEqual([turned.width, turned.height], [120, 160])
    }

    /// An HDR keyframe is tone-mapped as playback shows it: reference white near white.
    func testHDRThumbnailsAreToneMapped() throws {
        let ready = ReadySignal()
        let picture = try XCTUnwrap(thumbnail(try service(.hdr10(), ready: ready), at: 0, ready: ready))
        // The middle of the reference-white patch (x 40..<200, y 40..<160 of 640×360).
        var sum = 0, count = 0
        for y in Int(Double(picture.height) * 0.2)..<Int(Double(picture.height) * 0.36) {
            for x in Int(Double(picture.width) * 0.12)..<Int(Double(picture.width) * 0.25) {
                let offset = y * picture.pitch + x * 4
                sum += Int(picture.pixels[offset]) + Int(picture.pixels[offset + 1]) + Int(picture.pixels[offset + 2])
                count += 3
            }
        }
        XCTAssertGreaterThanOrEqual(Double(sum) / Double(max(count, 1)), 0.9 * 255)
    }

    func testNoServiceWithoutAVideoStream() throws {
        for spec in [ClipSpec.audioOnly, .audioOnlyMP3, .coverArt] {
            let url = try MediaFactory.clip(spec)
            XCTAssertNil(ThumbnailService(source: Source(url.path)) {}, spec.name)
        }
        for bad in [BadInput.emptyFile, .textFile, .directory] {
            XCTAssertNil(ThumbnailService(source: Source(try MediaFactory.badInput(bad).path)) {}, bad.rawValue)
        }
        XCTAssertNil(ThumbnailService(source: Source("/nonexistent/file.mp4")) {})
    }

    /// A live stream (here a station serving MPEG-TS video without ranges) has no moments to
    /// show: no previews, whatever its pictures.
    func testNoServiceForANetworkSourceThatCannotSeek() throws {
        let clip = try MediaFactory.clip(ClipSpec(name: "video-ts", fileExtension: "ts", arguments: [
            "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25:duration=4",
            "-c:v", "libx264", "-preset", "ultrafast", "-g", "25", "-pix_fmt", "yuv420p",
        ]))
        XCTAssertNotNil(ThumbnailService(source: Source(clip.path)) {}, "the clip itself has previews")
        let station = try FaultServer(.radio(clip, title: "Live"))
        XCTAssertNil(ThumbnailService(source: Source(station.url("live.ts"))) {})
    }

    func testStopIsPromptAndFinal() throws {
        let ready = ReadySignal()
        let service = try service(.longGOP1080p, ready: ready)
        service.request(time: 5)
        let begin = Date()
        service.stop()
        XCTAssertLessThan(Date().timeIntervalSince(begin), 1)
        XCTAssertFalse(service.request(time: 3))
        service.stop()
        XCTAssertEqual(service.cachedBytes, 0)
    }

    func testReleasingTheServiceFromOnReadyDoesNotDeadlock() throws {
        let url = try MediaFactory.clip(.av(seconds: 4))
        let holder = Locked<ThumbnailService?>(nil)
        let released = DispatchSemaphore(value: 0)
        holder.withLock {
            $0 = ThumbnailService(source: Source(url.path)) {
                do {
                    // The last reference goes away on the thumbnail thread itself.
                    let last = holder.withLock { service in defer { service = nil }; return service }
                    _ = last
                }
                released.signal()
            }
        }
        try XCTUnwrap(holder.withLock { $0 }).request(time: 1)
        XCTAssertEqual(released.wait(timeout: .now() + 10), .success)
    }

    func testSmallCacheStaysWithinItsBytes() throws {
        let ready = ReadySignal()
        // Room for two 213×160 pictures.
        let service = try service(.av(seconds: 8), cacheBytes: 2 * (213 * 160 * 4 + 64), ready: ready)
        for time in [0.5, 2.5, 4.5, 6.5] { XCTAssertNotNil(thumbnail(service, at: time, ready: ready)) }
        XCTAssertLessThanOrEqual(service.cachedBytes, 2 * (213 * 160 * 4 + 64))
        XCTAssertEqual(service.decodeCount, 4)
        XCTAssertNotNil(thumbnail(service, at: 0.5, ready: ready), "evicted, decoded again")
        XCTAssertEqual(service.decodeCount, 5)
    }

    /// Not asserted: how long the first preview of a 1080p file takes to appear.
    func testFirstThumbnailLatencyOn1080p() throws {
        var first: [Double] = []
        var warm: [Double] = []
        var open: [Double] = []
        _ = try MediaFactory.clip(.longGOP1080p)
        for index in 0..<10 {
            let ready = ReadySignal()
            let opening = Date()
            let service = try service(.longGOP1080p, cacheBytes: 0, ready: ready)
            open.append(Date().timeIntervalSince(opening))
            let start = Date()
            service.request(time: 0.9 + Double(index) * 0.9)
            XCTAssertTrue(ready.wait(after: 0))
            first.append(Date().timeIntervalSince(start))
            // A second, uncached picture from the same (now warm) service.
            let seen = ready.count
            let again = Date()
            service.request(time: Double(9 - index))
            XCTAssertTrue(ready.wait(after: seen))
            warm.append(Date().timeIntervalSince(again))
        }
        func median(_ values: [Double]) -> String {
            let sorted = values.sorted()
            return String(format: "%.1f ms", (sorted[4] + sorted[5]) / 2 * 1000)
        }
        print("thumbnail latency, 1080p H.264, request → onReady: first \(median(first)) "
              + "(min \(String(format: "%.1f", first.min()! * 1000)), max \(String(format: "%.1f", first.max()! * 1000))), "
              + "warm uncached \(median(warm)); opening the service \(median(open)) (medians of 10)")
    }
}
