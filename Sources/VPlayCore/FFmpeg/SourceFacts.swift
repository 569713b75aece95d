import CFFmpeg

/// What the open that serves playback learned by probing a source: its format, each stream's
/// codec parameters, which streams play, where its timeline starts and how long it is. A second
/// reader of the same source (seek-bar previews, the seek-shortcut check) opens with these
/// instead of probing again: no format detection and no decoding of frames to learn what the
/// streams hold, so over the network it reads only what it came for. Made before the demux
/// thread starts and never changed after, so any thread may read it.
public final class SourceFacts: @unchecked Sendable {
    /// Static in libavformat: lives as long as the process.
    let format: UnsafePointer<AVInputFormat>
    let videoStream: Int?
    let audioStream: Int?
    let coverArtStream: Int?
    let startTime: Double
    let duration: Double?
    /// Each stream's picture size as its header declared it (see `MediaFile.refusedPictureSize`).
    let declaredPictureSizes: [(width: Int32, height: Int32)]
    /// Copies owned here, one per stream.
    private let parameters: [UnsafeMutablePointer<AVCodecParameters>]

    init(context: UnsafeMutablePointer<AVFormatContext>, videoStream: Int?, audioStream: Int?, coverArtStream: Int?,
         startTime: Double, duration: Double?, declaredPictureSizes: [(width: Int32, height: Int32)]) {
        format = UnsafePointer(context.pointee.iformat)
        self.videoStream = videoStream
        self.audioStream = audioStream
        self.coverArtStream = coverArtStream
        self.startTime = startTime
        self.duration = duration
        self.declaredPictureSizes = declaredPictureSizes
        parameters = (0..<Int(context.pointee.nb_streams)).map { index in
            let copy = avcodec_parameters_alloc()!
            avcodec_parameters_copy(copy, context.pointee.streams[index]!.pointee.codecpar)
            return copy
        }
    }

    deinit {
        for copy in parameters {
            var pointer: UnsafeMutablePointer<AVCodecParameters>? = copy
            avcodec_parameters_free(&pointer)
        }
    }

    /// Gives the streams `context`'s header made the parameters probing found for them; false
    /// (nothing changed) when its streams are not the ones learned, and it must be probed.
    func describeStreams(of context: UnsafeMutablePointer<AVFormatContext>) -> Bool {
        guard Int(context.pointee.nb_streams) == parameters.count else { return false }
        for (index, learned) in parameters.enumerated()
        where context.pointee.streams[index]!.pointee.codecpar.pointee.codec_type != learned.pointee.codec_type {
            return false
        }
        for (index, learned) in parameters.enumerated() {
            guard avcodec_parameters_copy(context.pointee.streams[index]!.pointee.codecpar, learned) >= 0 else { return false }
        }
        return true
    }
}
