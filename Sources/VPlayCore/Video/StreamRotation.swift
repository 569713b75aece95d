import CFFmpeg

/// How far a video stream's pictures must be turned to be seen upright, from the display
/// matrix its container carries. Players, thumbnails and anything else that shows a stream's
/// pictures ask here so they all turn the same way.
enum StreamRotation {
    /// Clockwise degrees (0, 90, 180 or 270) to turn `stream`'s decoded pictures by;
    /// 0 when the stream carries no display matrix.
    static func clockwiseDegrees(of stream: UnsafeMutablePointer<AVStream>) -> Int {
        guard let matrix = av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, nil) else { return 0 }
        return clockwiseDegrees(displayMatrix: UnsafeRawPointer(matrix).assumingMemoryBound(to: Int32.self))
    }

    /// Clockwise degrees for a 3×3 display matrix (FFmpeg's nine 16.16 / 2.30 fixed-point values).
    static func clockwiseDegrees(displayMatrix matrix: UnsafePointer<Int32>) -> Int {
        clockwiseQuarterTurn(counterClockwise: av_display_rotation_get(matrix))
    }

    /// The clockwise quarter turn nearest to `degrees` counter-clockwise (FFmpeg's sense);
    /// a half-way angle goes to the next quarter clockwise. Not finite (a degenerate matrix): 0.
    static func clockwiseQuarterTurn(counterClockwise degrees: Double) -> Int {
        guard degrees.isFinite else { return 0 }
        let clockwise = ((Int((-degrees).rounded()) % 360) + 360) % 360
        return (clockwise + 45) / 90 * 90 % 360
    }
}
