import CFFmpeg
import TestSupport
import XCTest
@testable import VPlayCore

/// Light streams decode on one thread in real time and move to all of them once pictures come
/// late; the move happens at a keyframe without losing or repeating a frame.
final class DecodingThreadsTests: XCTestCase {
    private func plan(_ width: Int = 1920, _ height: Int = 1080, fps: Double? = 30, codec: AVCodecID = AV_CODEC_ID_H264,
                      request: DecodingThreads.Request = .init(), all: Int32 = 3) -> DecodingThreads {
        DecodingThreads(request, codec: codec, width: width, height: height, frameRate: fps, all: all)
    }

    func testLightStreamsStartOnOneThreadWithAllInReserve() {
        XCTAssertEqual(plan(), DecodingThreads(initial: 1, whenBehind: 3))
        XCTAssertEqual(plan(1280, 720, fps: 50, codec: AV_CODEC_ID_HEVC), DecodingThreads(initial: 1, whenBehind: 3))
        XCTAssertEqual(plan(1920, 1080, fps: nil), DecodingThreads(initial: 1, whenBehind: 3), "no rate: taken as 30")
    }

    func testHeavyStreamsAndUntimedPlaybackUseAllFromTheStart() {
        XCTAssertEqual(plan(1920, 1080, fps: 60), DecodingThreads(initial: 3, whenBehind: nil))
        XCTAssertEqual(plan(3840, 2160), DecodingThreads(initial: 3, whenBehind: nil))
        XCTAssertEqual(plan(1280, 720, codec: AV_CODEC_ID_AV1), DecodingThreads(initial: 3, whenBehind: nil))
        XCTAssertEqual(plan(request: .init(untimed: true)), DecodingThreads(initial: 3, whenBehind: nil))
        XCTAssertEqual(plan(all: 1), DecodingThreads(initial: 1, whenBehind: nil), "one core: nothing to add")
    }

    func testACountAskedForIsKept() {
        XCTAssertEqual(plan(request: .init(count: 2)), DecodingThreads(initial: 2, whenBehind: nil))
        XCTAssertEqual(plan(3840, 2160, request: .init(count: 1, untimed: true)), DecodingThreads(initial: 1, whenBehind: nil))
        XCTAssertEqual(plan(request: .init(count: 40)), DecodingThreads(initial: 16, whenBehind: nil))
    }

    /// Told it is behind at 0.4 s, the decoder moves to all threads at the keyframe at 2 s;
    /// every frame of the 6 s clip (B-frames, so reordered) is shown once, in order.
    func testMovingToMoreThreadsKeepsEveryFrame() throws {
        try XCTSkipIf(CodecContext.threadCount <= 1, "one core: no threads to add")
        let harness = try EngineHarness(try MediaFactory.clip(.av(seconds: 6)))
        let decoder = try XCTUnwrap(harness.player.video?.decoder)
        XCTAssertEqual(decoder.threadCount, 1)
        XCTAssertTrue(harness.run { ($0.shown.last?.number ?? 0) >= 10 })
        decoder.fallBehind()
        XCTAssertTrue(harness.run { $0.player.state.eofReached })
        XCTAssertEqual(decoder.threadCount, CodecContext.threadCount)
        XCTAssertEqual(harness.shown.compactMap(\.number).prefix(150), ArraySlice(0..<150))
        XCTAssertEqual(harness.player.stats.framesDropped, 0)
    }

    /// A main loop that turns only every 120 ms (a busy machine) drops pictures: that is what
    /// moves decoding to more threads, and playback goes on to the end.
    func testDroppedPicturesMoveDecodingToMoreThreads() throws {
        try XCTSkipIf(CodecContext.threadCount <= 1, "one core: no threads to add")
        let harness = try EngineHarness(try MediaFactory.clip(.av(seconds: 6)))
        let decoder = try XCTUnwrap(harness.player.video?.decoder)
        harness.turnInterval = 0.12
        XCTAssertTrue(harness.run { $0.player.state.eofReached })
        XCTAssertGreaterThan(harness.player.stats.framesDropped, 0)
        XCTAssertEqual(decoder.threadCount, CodecContext.threadCount)
    }

    /// Playing without drops, nothing changes.
    func testPlaybackThatKeepsUpStaysOnOneThread() throws {
        let harness = try EngineHarness(try MediaFactory.clip(.av(seconds: 3)))
        XCTAssertTrue(harness.run { $0.player.state.eofReached })
        XCTAssertEqual(harness.player.stats.framesDropped, 0)
        XCTAssertEqual(harness.player.video?.decoder.threadCount, 1)
    }
}
