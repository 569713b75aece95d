import VPlayCore
import XCTest
@testable import VPlayView

/// What the cache holds, drawn on the seek track.
final class NetworkOverlayTests: XCTestCase {
    private let size = OverlaySize(width: 640, height: 360)

    func testCachedRangesBecomeLighterSpansOnTheTrack() throws {
        let controller = OverlayController(windowSize: size, now: 0)
        let layout = OverlayLayout(windowSize: size)
        var state = PlayerState()
        state.path = "http://h/a.mp4"
        state.duration = 100
        state.position = 20
        state.isPaused = true
        let plain = try XCTUnwrap(controller.look(state: state, now: 0))
        XCTAssertEqual(plain.bufferedSpans, [], "no cache, nothing drawn")
        var cache = CacheState()
        cache.seekableRanges = [10...60]
        state.cache = cache
        let cached = try XCTUnwrap(controller.look(state: state, now: 0))
        let span = try XCTUnwrap(cached.bufferedSpans.first)
        XCTAssertEqual(span.lowerBound, layout.thumbX(for: 0.1), accuracy: 0.5)
        XCTAssertEqual(span.upperBound, layout.thumbX(for: 0.6), accuracy: 0.5)

        func bandVertices(_ look: OverlayLook) -> Int {
            OverlayPainter.parts(for: look, message: nil, scale: 1, tooltipFrame: nil, messagePlate: nil,
                                 reusing: OverlayPainter.Parts())
                .marks.vertices.filter { $0.color == OverlayPainter.bufferedColor }.count
        }
        XCTAssertEqual(bandVertices(plain), 0)
        XCTAssertGreaterThan(bandVertices(cached), 0)
    }
}
