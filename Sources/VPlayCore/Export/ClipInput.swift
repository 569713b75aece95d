import CFFmpeg

/// Where a clip's packets come from: the file read again, or copies of what the demuxer cache
/// holds. Streams are numbered as `stream(_:)` gives them; times are in their time bases.
protocol ClipInput: AnyObject {
    var streamCount: Int { get }
    func stream(_ index: Int) -> UnsafeMutablePointer<AVStream>
    /// The video stream the clip is planned on, if any.
    var videoStream: Int? { get }
    /// Seconds the media timeline starts at (the player's 0).
    var startTime: Double { get }
    /// Names the input in decoder errors.
    var path: String { get }
    /// Puts the next packet into `packet` (unreferenced); FFmpeg's status, `AVERROR_EOF` at the end.
    func read(into packet: UnsafeMutablePointer<AVPacket>) -> Int32
    /// Goes to the keyframe of `stream` (-1: any) at or before `ticks`; FFmpeg's status.
    func seek(_ stream: Int32, to ticks: Int64) -> Int32
}

extension MediaFile: ClipInput {
    var streamCount: Int { Int(context.pointee.nb_streams) }

    func read(into packet: UnsafeMutablePointer<AVPacket>) -> Int32 {
        av_read_frame(context, packet)
    }

    func seek(_ stream: Int32, to ticks: Int64) -> Int32 {
        av_seek_frame(context, stream, ticks, AVSEEK_FLAG_BACKWARD)
    }
}
