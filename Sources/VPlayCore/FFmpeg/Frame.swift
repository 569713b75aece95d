import CFFmpeg

/// Owns one AVFrame plus the timing the engine attaches to it.
/// Frames live in a `FrameQueue`'s fixed ring and are reused, never reallocated.
final class Frame: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<AVFrame>
    /// Presentation time in seconds; `.nan` when unknown.
    var pts: Double = .nan
    /// Display duration in seconds (video) or sample duration (audio).
    var duration: Double = 0
    /// The packet-queue serial the frame was decoded under; stale after a seek.
    var serial: Int = -1
    /// Byte position in the file, for seeking by bytes when timestamps are missing.
    var position: Int64 = -1
    /// An exact seek's target (seconds) for the frame that straddles it; `.nan` otherwise.
    /// Audio output trims the samples before it.
    var seekTarget: Double = .nan

    init() {
        guard let f = av_frame_alloc() else { fatalError("av_frame_alloc: out of memory") }
        pointer = f
    }

    deinit {
        var f: UnsafeMutablePointer<AVFrame>? = pointer
        av_frame_free(&f)
    }

    func unref() { av_frame_unref(pointer) }

    /// Takes the contents of `source`, leaving it empty (no copy of picture data).
    func take(_ source: Frame) {
        av_frame_unref(pointer)
        av_frame_move_ref(pointer, source.pointer)
        pts = source.pts
        duration = source.duration
        serial = source.serial
        position = source.position
        seekTarget = source.seekTarget
    }
}
