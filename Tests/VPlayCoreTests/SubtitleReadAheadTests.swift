import CFFmpeg
import Foundation
import TestSupport
import XCTest
@testable import VPlayCore

/// An embedded text subtitle track read whole ahead of playback: its lines are those playback
/// would read, and a line both readers decode is kept once.
final class SubtitleReadAheadTests: XCTestCase {
    func testLinesDecodedByTwoReadersAreKeptOnce() {
        let lines = SubtitleLines(header: [], isBitmap: false, isStyled: false)
        let count = 200
        // libavcodec numbers the events of each decoder on its own: only the ReadOrder differs.
        DispatchQueue.concurrentPerform(iterations: 2) { reader in
            for index in 0..<count {
                let start = Double(index)
                let text = "Line \(index)"
                lines.add(SubtitleEvent(start: start, end: start + 0.5, text: text),
                          assLine: "\(index + reader * 1000),0,Default,,0,0,0,,\(text)")
            }
        }
        XCTAssertEqual(lines.count, count)
        XCTAssertEqual(lines.events.map(\.text), (0..<count).map { "Line \($0)" }, "in start order")
        var cursor = 0
        var styled: [LibassEvent] = []
        lines.events(from: &cursor, into: &styled)
        XCTAssertEqual(styled.count, count, "an event handed on to libass twice")
        XCTAssertEqual(Set(styled.map(\.startMilliseconds)).count, count)
    }

    func testTheWholeTrackIsReadWithPlaybacksTiming() throws {
        for movText in [false, true] {
            let clip = try MediaFactory.clip(.sparselySubtitled(movText: movText))
            let file = try MediaFile(path: clip.path, options: PlayerOptions())
            let index = try XCTUnwrap((0..<Int(file.context.pointee.nb_streams)).first {
                file.stream($0).pointee.codecpar.pointee.codec_type == AVMEDIA_TYPE_SUBTITLE
            })
            XCTAssertTrue(SubtitleReadAhead.reads(file, stream: index))
            let codec = try CodecContext(stream: file.stream(index), path: file.path, threads: 1)
            let lines = SubtitleLines(codec: codec)
            let done = DispatchSemaphore(value: 0)
            let reader = SubtitleReadAhead(source: Source(clip.path), options: PlayerOptions(), stream: index,
                                           codec: file.stream(index).pointee.codecpar.pointee.codec_id,
                                           into: lines, done: { done.signal() })
            XCTAssertEqual(done.wait(timeout: .now() + 30), .success, "the reader never finished")
            XCTAssertFalse(reader.isReading)
            reader.stop()
            let expected = ClipSpec.sparseSubtitleWords.map { SubtitleEvent(start: $0.start, end: $0.end, text: $0.text) }
            XCTAssertEqual(lines.events.count, expected.count, "mov_text: \(movText)")
            for (line, wanted) in zip(lines.events, expected) {
                XCTAssertEqual(line.text, wanted.text)
                XCTAssertEqual(line.start, wanted.start + file.startTime, accuracy: 0.001)
                XCTAssertEqual(line.end, wanted.end + file.startTime, accuracy: 0.001)
            }

            // What playback decodes from the same packets adds nothing.
            var packet: UnsafeMutablePointer<AVPacket>? = av_packet_alloc()
            defer { av_packet_free(&packet) }
            while av_read_frame(file.context, packet) >= 0 {
                if Int(packet!.pointee.stream_index) == index { SubtitleDecoding.decode(packet!, with: codec, into: lines) }
                av_packet_unref(packet)
            }
            XCTAssertEqual(lines.count, expected.count, "lines read by both are kept once")
        }
    }

    func testStoppingEndsTheReaderAtOnce() throws {
        let clip = try MediaFactory.clip(.sparselySubtitled())
        let file = try MediaFile(path: clip.path, options: PlayerOptions())
        let index = try XCTUnwrap((0..<Int(file.context.pointee.nb_streams)).first {
            file.stream($0).pointee.codecpar.pointee.codec_type == AVMEDIA_TYPE_SUBTITLE
        })
        let codec = try CodecContext(stream: file.stream(index), path: file.path, threads: 1)
        let reader = SubtitleReadAhead(source: Source(clip.path), options: PlayerOptions(), stream: index,
                                       codec: file.stream(index).pointee.codecpar.pointee.codec_id,
                                       into: SubtitleLines(codec: codec), done: {})
        reader.stop()
        XCTAssertFalse(reader.isReading)
        reader.stop()
    }
}

/// Moving by the lines of an embedded track while paused, before playback has read them.
final class PausedSubtitleMoveTests: XCTestCase {
    private func pausedHarness() throws -> EngineHarness {
        var options = PlayerOptions()
        options.startPaused = true
        let harness = try EngineHarness(try MediaFactory.clip(.sparselySubtitled()), options: options)
        XCTAssertTrue(harness.run { $0.count(.playbackRestart) == 1 && !$0.shown.isEmpty })
        return harness
    }

    func testTheSearchFindsALineFarAheadWhilePaused() throws {
        let harness = try pausedHarness()
        harness.apply(.searchSubtitles("late"))
        XCTAssertTrue(harness.run { abs($0.player.state.position - 50) < 0.01 }, "the search did not go to the line at 50 s")
        XCTAssertTrue(harness.run { $0.player.state.subtitleText == "Late words" })
        // Going round: the first line with the words, from the start.
        harness.apply(.searchSubtitles("words"))
        XCTAssertTrue(harness.run { abs($0.player.state.position - 5) < 0.01 }, "the search did not go round to the start")
        XCTAssertTrue(harness.player.state.isPaused)
    }

    func testSubtitleSeekWaitsForTheLinesBeingReadAndAnswersOnceTheyAreIn() throws {
        let harness = try pausedHarness()
        harness.apply(.subtitleSeek(1))
        XCTAssertTrue(harness.run { abs($0.player.state.position - 5) < 0.01 })
        harness.apply(.subtitleSeek(1))
        XCTAssertTrue(harness.run { abs($0.player.state.position - 50) < 0.01 })
        // Past the last line, once the track is read whole: nothing to go to, the position stays.
        XCTAssertTrue(harness.run { $0.player.subtitles?.isReadingAhead == false })
        harness.apply(.subtitleSeek(1))
        XCTAssertTrue(harness.run { $0.player.pendingSubtitleMove == nil })
        XCTAssertEqual(harness.player.state.position, 50, accuracy: 0.01)
    }
}
