import CFFmpeg
import XCTest
@testable import VPlayCore

/// A display matrix's counter-clockwise angle becomes the clockwise quarter turn pictures are shown with.
final class StreamRotationTests: XCTestCase {
    /// Clockwise degrees for a display matrix that turns pictures `counterClockwise` degrees.
    private func turn(_ counterClockwise: Double) -> Int {
        var matrix = [Int32](repeating: 0, count: 9)
        setRotation(&matrix, counterClockwise: counterClockwise)
        XCTAssertEqual((av_display_rotation_get(matrix) - counterClockwise).remainder(dividingBy: 360), 0, accuracy: 1e-3)
        return StreamRotation.clockwiseDegrees(displayMatrix: matrix)
    }

    /// `av_display_rotation_get` reads back the negative of the angle `av_display_rotation_set`
    /// was given (FFmpeg 5.1 documents both as counter-clockwise).
    private func setRotation(_ matrix: UnsafeMutablePointer<Int32>, counterClockwise: Double) {
        av_display_rotation_set(matrix, -counterClockwise)
    }

    func testQuarterTurnsMapToTheirClockwiseTurn() {
        XCTAssertEqual(turn(0), 0)
        XCTAssertEqual(turn(90), 270, "a quarter counter-clockwise is three quarters clockwise")
        XCTAssertEqual(turn(-90), 90)
        XCTAssertEqual(turn(180), 180)
        XCTAssertEqual(turn(-180), 180)
        XCTAssertEqual(turn(270), 90)
    }

    func testOtherAnglesGoToTheNearestQuarter() {
        XCTAssertEqual(turn(44), 0)
        XCTAssertEqual(turn(46), 270)
        XCTAssertEqual(turn(-44), 0)
        XCTAssertEqual(turn(-46), 90)
        XCTAssertEqual(turn(-89.6), 90)
        XCTAssertEqual(turn(136), 180)
        XCTAssertEqual(turn(134), 270)
        XCTAssertEqual(StreamRotation.clockwiseQuarterTurn(counterClockwise: -45), 90, "half-way: on clockwise")
        XCTAssertEqual(StreamRotation.clockwiseQuarterTurn(counterClockwise: -315), 0)
        XCTAssertEqual(StreamRotation.clockwiseQuarterTurn(counterClockwise: 450), 270)
    }

    func testNoUsableMatrixMeansNoTurn() throws {
        XCTAssertEqual(StreamRotation.clockwiseQuarterTurn(counterClockwise: .nan), 0)
        var matrix = [Int32](repeating: 0, count: 9)   // degenerate: no angle
        XCTAssertEqual(StreamRotation.clockwiseDegrees(displayMatrix: &matrix), 0)

        let context = avformat_alloc_context()
        defer { avformat_free_context(context) }
        let stream = try XCTUnwrap(avformat_new_stream(context, nil))
        XCTAssertEqual(StreamRotation.clockwiseDegrees(of: stream), 0, "a stream without a display matrix")
        let data = try XCTUnwrap(av_stream_new_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, 9 * 4))
        setRotation(UnsafeMutableRawPointer(data).assumingMemoryBound(to: Int32.self), counterClockwise: -90)
        XCTAssertEqual(StreamRotation.clockwiseDegrees(of: stream), 90, "read from the stream's side data")
    }
}
