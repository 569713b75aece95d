import XCTest
@testable import VPlayCore

/// Playing backwards span by span, on a simulated stream: the order pictures go up in, the
/// bound on what a span keeps, and reaching the start whatever the file's index says.
final class BackwardPlanTests: XCTestCase {
    /// A stream of `count` frames at 30 fps with a keyframe every `gop` frames. `seek` says
    /// which keyframe (a frame index) a seek aimed at a time lands on.
    private struct Stream {
        var count: Int
        var gop: Int
        var seek: (Stream, Double) -> Int = { stream, target in stream.keyframe(atOrBefore: target) }

        func time(_ index: Int) -> Double { Double(index) / 30 }

        func keyframe(atOrBefore target: Double) -> Int {
            let index = max(0, min(count - 1, Int((target * 30 + 1e-9).rounded(.down))))
            return index / gop * gop
        }

        /// Decodes as the decoding thread does: from the keyframe the seek finds up to the first
        /// frame at or after the end, keeping the latest `limit` frames before it.
        func decode(_ span: BackwardPlan.Span) -> (kept: [Int], outcome: BackwardPlan.Outcome, decoded: Int) {
            var kept: [Int] = []
            var overflowed = false
            var decoded = 0
            var index = seek(self, span.seekTarget)
            while index < count, time(index) < span.end {
                decoded += 1
                kept.append(index)
                if kept.count > span.limit { kept.removeFirst(); overflowed = true }
                index += 1
            }
            return (kept, .init(earliest: kept.first.map(time), overflowed: overflowed), decoded)
        }
    }

    /// Plays `stream` backwards from frame `from` to the start: the frames in the order they
    /// went up, the frames decoded, and the spans it took.
    private func playBackwards(_ stream: Stream, from: Int, limit: Int) -> (shown: [Int], decoded: Int, spans: Int) {
        var plan = BackwardPlan(from: stream.time(from), fileStart: 0, limit: limit)
        var shown: [Int] = []
        var decoded = 0
        var spans = 0
        while let span = plan.next {
            spans += 1
            XCTAssertLessThan(spans, 10_000, "the start is never reached")
            if spans >= 10_000 { break }
            let result = stream.decode(span)
            XCTAssertLessThanOrEqual(result.kept.count, limit, "a span keeps no more than its limit")
            let order = BackwardPlan.presentationOrder(of: result.kept.map(stream.time))
            shown += order.map { result.kept[$0] }
            decoded += result.decoded
            plan.record(result.outcome, of: span)
        }
        return (shown, decoded, spans)
    }

    func testEachGOPGoesUpLatestFrameFirstThenTheGOPBefore() {
        let stream = Stream(count: 90, gop: 30)
        let run = playBackwards(stream, from: 89, limit: 40)
        XCTAssertEqual(run.shown, Array((0...89).reversed()), "every frame once, latest first, down to the first")
        XCTAssertEqual(run.decoded, 90, "a GOP within the limit is decoded once")
        XCTAssertEqual(run.spans, 3, "one span per GOP")
    }

    func testPlayingBackwardsFromTheMiddleOfAGOPStartsWithTheFrameCoveringThePosition() {
        let stream = Stream(count: 90, gop: 30)
        var plan = BackwardPlan(from: stream.time(45) + 0.01, fileStart: 0, limit: 40)
        let span = plan.next!
        XCTAssertEqual(stream.keyframe(atOrBefore: span.seekTarget), 30, "the keyframe before the position")
        let result = stream.decode(span)
        XCTAssertEqual(BackwardPlan.presentationOrder(of: result.kept.map(stream.time)).map { result.kept[$0] },
                       Array((30...45).reversed()))
        plan.record(result.outcome, of: span)
        XCTAssertEqual(stream.keyframe(atOrBefore: plan.next!.seekTarget), 0, "then the GOP before")
        XCTAssertEqual(playBackwards(stream, from: 45, limit: 40).shown, Array((0...45).reversed()))
    }

    func testAGOPLongerThanTheLimitIsDecodedAgainForEachPieceKeepingTheBound() {
        let stream = Stream(count: 100, gop: 100)
        let run = playBackwards(stream, from: 99, limit: 30)
        XCTAssertEqual(run.shown, Array((0...99).reversed()))
        XCTAssertEqual(run.spans, 4, "pieces of 30, 30, 30 and 10 frames")
        XCTAssertEqual(run.decoded, 100 + 70 + 40 + 10, "each piece decodes from the keyframe")
    }

    func testAKeyframeStampedAtTheEndIsNotFoundAgain() {
        let stream = Stream(count: 60, gop: 30)
        var plan = BackwardPlan(from: stream.time(30), fileStart: 0, limit: 40)
        let first = stream.decode(plan.next!)
        XCTAssertEqual(first.kept, [30])
        plan.record(first.outcome, of: plan.next!)
        XCTAssertEqual(plan.end, stream.time(30))
        XCTAssertEqual(stream.keyframe(atOrBefore: plan.next!.seekTarget), 0)
    }

    func testAnIndexThatLandsAfterTheTargetIsOvercomeAndTheStartReached() {
        var stream = Stream(count: 150, gop: 30)
        // A lying index: every seek but one aimed at the very start lands on the keyframe after
        // the one asked for.
        stream.seek = { stream, target in
            target <= 0 ? 0 : min(stream.keyframe(atOrBefore: target) + stream.gop, stream.count - 1)
        }
        let run = playBackwards(stream, from: 149, limit: 200)
        XCTAssertEqual(run.shown.first, 149)
        XCTAssertEqual(run.shown.last, 0, "the start is reached")
        XCTAssertEqual(run.shown, run.shown.sorted(by: >), "always going back, nothing shown twice")
    }

    func testAnIndexThatAlwaysLandsAtTheStartStillPlaysEveryFrameOnce() {
        var stream = Stream(count: 90, gop: 30)
        stream.seek = { _, _ in 0 }
        let run = playBackwards(stream, from: 89, limit: 40)
        XCTAssertEqual(run.shown, Array((0...89).reversed()))
    }

    func testASeekThatFindsNothingEndsAtTheStart() {
        var stream = Stream(count: 30, gop: 30)
        stream.seek = { stream, _ in stream.count }   // every seek lands past the last frame
        let run = playBackwards(stream, from: 29, limit: 40)
        XCTAssertEqual(run.shown, [], "nothing to show")
        XCTAssertLessThan(run.spans, 20, "reaching further back each time, the start comes soon")
    }

    func testPresentationOrderIsByTimeNotDecodeOrderAndLeavesOutFramesWithoutTime() {
        XCTAssertEqual(BackwardPlan.presentationOrder(of: [0.0, 0.2, 0.1, .nan, 0.3]), [4, 1, 2, 0])
    }

    func testAStaleSpanChangesNothing() {
        var plan = BackwardPlan(from: 10, fileStart: 0, limit: 10)
        let stale = BackwardPlan.Span(seekTarget: 3, end: 4, limit: 10)
        plan.record(.init(earliest: 3.5, overflowed: false), of: stale)
        XCTAssertEqual(plan.end, 10 + BackwardPlan.nudge)
    }

    func testMemoryBoundGivesTwoSpansAndThePictureOnScreen() {
        let frame1080 = 1920 * 1080 * 3 / 2
        let total = BackwardPlan.framesInMemory(frameBytes: frame1080, budget: 200 << 20)
        XCTAssertEqual(total, 67)
        XCTAssertLessThanOrEqual(total * frame1080, 200 << 20)
        XCTAssertEqual(BackwardPlan.spanLimit(framesInMemory: total), 33)
        XCTAssertLessThanOrEqual(2 * BackwardPlan.spanLimit(framesInMemory: total) + 1, total)
        XCTAssertEqual(BackwardPlan.framesInMemory(frameBytes: 1 << 30, budget: 200 << 20), 5, "a huge picture still plays")
    }
}
