import CFFmpeg
import XCTest
@testable import VPlayCore

/// The decoder thread's deinterlacing step, fed synthetic frames: one frame out per field
/// when deinterlacing, each frame's time split evenly between its fields, nothing lost when
/// the flag or the mode changes.
final class DeinterlaceTests: XCTestCase {
    private let timeBase = AVRational(num: 1, den: 25)

    func testYesMakesTwoFramesOfEveryFrameAtHalfTheDuration() {
        let out = run(flags: Array(repeating: false, count: 10), mode: .yes)
        XCTAssertEqual(out.count, 20)
        for (index, frame) in out.enumerated() {
            XCTAssertEqual(frame.pts, Double(index) * 0.02, accuracy: 1e-9)
            XCTAssertEqual(frame.duration, 0.02, accuracy: 1e-9)
        }
    }

    func testNoPassesFramesThroughUntouched() {
        let out = run(flags: Array(repeating: true, count: 6), mode: .no)
        XCTAssertEqual(out.map(\.pts), (0..<6).map { Double($0) * 0.04 })
        XCTAssertTrue(out.allSatisfy { $0.duration == 0.04 })
    }

    /// A flag that flips on every frame: flagged frames give two, the others one, and the
    /// times still tile the timeline without gaps or overlaps.
    func testAutoFollowsAFlagFlippingEveryFrame() {
        let flags = (0..<10).map { $0 % 2 == 0 }
        let out = run(flags: flags, mode: .auto)
        XCTAssertEqual(out.count, 15)
        assertTiles(out, through: 0.4)
    }

    /// `auto` leaves a progressive stream alone: no filter, no frame held back.
    func testAutoOnProgressiveVideoHoldsNothingBack() {
        let processor = PictureProcessor(settings: SharedPictureSettings(PictureSettings()), timeBase: timeBase)
        var count = 0
        for index in 0..<3 {
            let input = Self.frame(index: index, interlaced: false)
            XCTAssertTrue(processor.process(input) { _ in count += 1; return true })
            XCTAssertEqual(count, index + 1, "frame \(index) held back")
        }
    }

    /// Switching from yes to no mid-stream lets out the frame the filter held: every
    /// moment of the timeline is still covered once.
    func testChangingModeMidStreamLosesNoFrame() {
        let settings = SharedPictureSettings(PictureSettings())
        settings.current.deinterlace = .yes
        let processor = PictureProcessor(settings: settings, timeBase: timeBase)
        var out: [(pts: Double, duration: Double)] = []
        let collect: (Frame) -> Bool = { out.append(($0.pts, $0.duration)); $0.unref(); return true }
        for index in 0..<8 {
            if index == 4 { settings.current.deinterlace = .no }
            XCTAssertTrue(processor.process(Self.frame(index: index, interlaced: true), emit: collect))
        }
        XCTAssertTrue(processor.finish(emit: collect))
        XCTAssertEqual(out.count, 12)
        assertTiles(out, through: 0.32)
    }

    /// After a seek (`reset`) nothing from before it comes out.
    func testResetForgetsTheHeldFrame() {
        let settings = SharedPictureSettings(PictureSettings())
        settings.current.deinterlace = .yes
        let processor = PictureProcessor(settings: settings, timeBase: timeBase)
        var out: [Double] = []
        let collect: (Frame) -> Bool = { out.append($0.pts); $0.unref(); return true }
        XCTAssertTrue(processor.process(Self.frame(index: 0, interlaced: true), emit: collect))
        processor.reset()
        XCTAssertTrue(processor.process(Self.frame(index: 50, interlaced: true), emit: collect))
        XCTAssertTrue(processor.finish(emit: collect))
        XCTAssertEqual(out, [2.0, 2.02])
    }

    func testFieldTimingMatchesOutputsToTheirSourceFrame() {
        var timing = FieldTiming()
        XCTAssertEqual(timing.duration(ofOutputAt: 0), 0)
        timing.noteInput(start: 0, duration: 0.04, splitsInFields: true)
        timing.noteInput(start: 0.04, duration: 0.04, splitsInFields: false)
        XCTAssertEqual(timing.duration(ofOutputAt: 0.02), 0.02, accuracy: 1e-12)
        XCTAssertEqual(timing.duration(ofOutputAt: 0.04), 0.04, accuracy: 1e-12)
        XCTAssertEqual(timing.duration(ofOutputAt: .nan), 0.02, accuracy: 1e-12, "unknown time: the oldest kept")
        for index in 2..<10 { timing.noteInput(start: Double(index) * 0.04, duration: 0.04, splitsInFields: true) }
        XCTAssertEqual(timing.duration(ofOutputAt: 0.37), 0.02, accuracy: 1e-12)
    }

    /// A frame let out alone (a paused seek's target, drained by itself) has no neighbour to
    /// look at: each of its fields still makes a whole picture, not the two woven together.
    func testALoneFrameComesOutAsTwoWholePicturesNotWoven() {
        var settings = PictureSettings()
        settings.deinterlace = .yes
        let processor = PictureProcessor(settings: SharedPictureSettings(settings), timeBase: timeBase)
        let frame = Self.frame(index: 3, interlaced: true)
        // The top field white, the bottom one black: woven, every row differs from the next.
        let f = frame.pointer.pointee
        for row in 0..<48 { memset(f.data.0! + row * Int(f.linesize.0), row % 2 == 0 ? 235 : 16, 64) }
        XCTAssertEqual(Self.combing(frame), 219, accuracy: 0.5)
        var out: [(pts: Double, combing: Double)] = []
        let collect: (Frame) -> Bool = { frame in
            out.append((frame.pts, Self.combing(frame)))
            frame.unref()
            return true
        }
        XCTAssertTrue(processor.process(frame, emit: collect))
        XCTAssertTrue(processor.finish(emit: collect))
        XCTAssertEqual(out.count, 2, "one picture per field")
        for (picture, time) in zip(out, [0.12, 0.14]) { XCTAssertEqual(picture.pts, time, accuracy: 1e-9, "at its field's time") }
        for picture in out { XCTAssertLessThan(picture.combing, 20, "woven at \(picture.pts)") }
    }

    // MARK: - Helpers

    /// Mean difference of the luma between each row and the next (rows 8..<40, clear of edges).
    private static func combing(_ frame: Frame) -> Double {
        let f = frame.pointer.pointee
        var sum = 0, count = 0
        for row in 8..<40 {
            let this = f.data.0! + row * Int(f.linesize.0), next = this + Int(f.linesize.0)
            for x in 0..<64 { sum += abs(Int(this[x]) - Int(next[x])); count += 1 }
        }
        return Double(sum) / Double(count)
    }

    private func run(flags: [Bool], mode: DeinterlaceMode) -> [(pts: Double, duration: Double)] {
        var settings = PictureSettings()
        settings.deinterlace = mode
        let processor = PictureProcessor(settings: SharedPictureSettings(settings), timeBase: timeBase)
        var out: [(pts: Double, duration: Double)] = []
        let collect: (Frame) -> Bool = { frame in
            XCTAssertNotNil(frame.pointer.pointee.data.0, "an empty frame came out")
            out.append((frame.pts, frame.duration))
            frame.unref()
            return true
        }
        for (index, flag) in flags.enumerated() {
            XCTAssertTrue(processor.process(Self.frame(index: index, interlaced: flag), emit: collect))
        }
        XCTAssertTrue(processor.finish(emit: collect))
        return out
    }

    private func assertTiles(_ out: [(pts: Double, duration: Double)], through end: Double,
                             file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(out.first?.pts ?? .nan, 0, accuracy: 1e-9, file: file, line: line)
        for (current, next) in zip(out, out.dropFirst()) {
            XCTAssertEqual(current.pts + current.duration, next.pts, accuracy: 1e-9, "gap or overlap", file: file, line: line)
        }
        XCTAssertEqual((out.last?.pts ?? 0) + (out.last?.duration ?? 0), end, accuracy: 1e-9, file: file, line: line)
    }

    /// A 64×48 grey 4:2:0 frame `index` at 25 per second, stamped as the decoder stamps it.
    private static func frame(index: Int, interlaced: Bool) -> Frame {
        let frame = Frame()
        let f = frame.pointer
        f.pointee.format = AV_PIX_FMT_YUV420P.rawValue
        f.pointee.width = 64
        f.pointee.height = 48
        precondition(av_frame_get_buffer(f, 32) >= 0)
        for plane in 0..<3 {
            let rows = plane == 0 ? 48 : 24
            let pointer = plane == 0 ? f.pointee.data.0! : plane == 1 ? f.pointee.data.1! : f.pointee.data.2!
            let pitch = plane == 0 ? f.pointee.linesize.0 : plane == 1 ? f.pointee.linesize.1 : f.pointee.linesize.2
            memset(pointer, 128, Int(pitch) * rows)
        }
        f.pointee.interlaced_frame = interlaced ? 1 : 0
        f.pointee.top_field_first = 1
        f.pointee.best_effort_timestamp = Int64(index)
        frame.pts = Double(index) * 0.04
        frame.duration = 0.04
        return frame
    }
}
