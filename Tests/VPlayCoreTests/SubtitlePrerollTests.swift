import CFFmpeg
import Foundation
import TestSupport
import XCTest
@testable import VPlayCore

/// A subtitle track read again from before a moment up to it: the lines on screen then come in,
/// those after it are left to playback, and a newer moment is read in turn.
final class SubtitlePrerollTests: XCTestCase {
    private func track(of clip: URL, number: Int = 0) throws -> (file: MediaFile, index: Int, lines: SubtitleLines) {
        let file = try MediaFile(path: clip.path, options: PlayerOptions())
        let index = try XCTUnwrap((0..<Int(file.context.pointee.nb_streams)).filter {
            file.stream($0).pointee.codecpar.pointee.codec_type == AVMEDIA_TYPE_SUBTITLE
        }.dropFirst(number).first)
        XCTAssertTrue(SubtitlePreroll.reads(file, stream: index))
        let codec = try CodecContext(stream: file.stream(index), path: file.path, threads: 1)
        return (file, index, SubtitleLines(codec: codec))
    }

    private func preroll(_ clip: URL, _ track: (file: MediaFile, index: Int, lines: SubtitleLines),
                         wake: @escaping @Sendable () -> Void) -> SubtitlePreroll {
        SubtitlePreroll(source: Source(clip.path), options: PlayerOptions(), stream: track.index,
                        codec: track.file.stream(track.index).pointee.codecpar.pointee.codec_id,
                        into: track.lines, wake: wake)
    }

    func testTheLineOnScreenAtAMomentIsReadAndNothingAfterIt() throws {
        let clip = try MediaFactory.clip(.sparselySubtitled())
        let track = try track(of: clip)
        let start = track.file.startTime
        let read = DispatchSemaphore(value: 0)
        let reader = preroll(clip, track) { read.signal() }
        defer { reader.stop() }
        let early = ClipSpec.sparseSubtitleWords[0], late = ClipSpec.sparseSubtitleWords[1]

        // In the middle of the early line, whose packet lies a keyframe and more before it.
        reader.read(at: start + early.start + 1.5)
        XCTAssertEqual(read.wait(timeout: .now() + 30), .success, "the stretch was never read")
        XCTAssertEqual(track.lines.text(at: start + early.start + 1.5), early.text)
        XCTAssertEqual(track.lines.events.map(\.text), [early.text], "read past the moment")

        reader.read(at: start + late.start + 1)
        XCTAssertEqual(read.wait(timeout: .now() + 30), .success, "the second stretch was never read")
        XCTAssertEqual(track.lines.text(at: start + late.start + 1), late.text)
        XCTAssertEqual(track.lines.events.map(\.text), [early.text, late.text], "a line read twice is kept once")
    }

    func testEachTrackReadsItsOwnLinesNearTheStart() throws {
        let clip = try MediaFactory.clip(.twoMiddleLineTracks())
        for (number, words) in [ClipSpec.earlyTrackWords[0], ClipSpec.longTrackWords[0]].enumerated() {
            let track = try track(of: clip, number: number)
            let moment = track.file.startTime + (words.start + words.end) / 2
            let read = DispatchSemaphore(value: 0)
            let reader = preroll(clip, track) { read.signal() }
            reader.read(at: moment)
            XCTAssertEqual(read.wait(timeout: .now() + 30), .success)
            reader.stop()
            XCTAssertEqual(track.lines.text(at: moment), words.text, "track \(number + 1)")
        }
    }

    func testStoppingEndsTheReaderWhetherOrNotItWasAsked() throws {
        let clip = try MediaFactory.clip(.sparselySubtitled())
        let idle = preroll(clip, try track(of: clip)) {}
        idle.stop()
        idle.stop()
        let busy = preroll(clip, try track(of: clip)) {}
        busy.read(at: 51)
        busy.stop()
    }
}
