import CFFmpeg
import Foundation

/// Owns the Matroska file a clip is written into: its streams copy the kept streams'
/// parameters. A file that is not finished (an error, a cancel) is removed when this goes.
final class ClipOutput {
    let context: UnsafeMutablePointer<AVFormatContext>
    let url: URL
    private var isOpen = false
    private var created = false
    private var isFinished = false

    /// - Parameter streams: the input streams to keep, in the order of the output's streams.
    init(url: URL, streams: [UnsafeMutablePointer<AVStream>]) throws(ClipError) {
        self.url = url
        var made: UnsafeMutablePointer<AVFormatContext>?
        guard avformat_alloc_output_context2(&made, nil, "matroska", url.path) >= 0, let made else {
            throw ClipError("no Matroska writer")
        }
        context = made
        for input in streams {
            guard let stream = avformat_new_stream(made, nil),
                  avcodec_parameters_copy(stream.pointee.codecpar, input.pointee.codecpar) >= 0 else {
                throw ClipError("out of memory")
            }
            stream.pointee.codecpar.pointee.codec_tag = 0
            stream.pointee.time_base = input.pointee.time_base
            stream.pointee.disposition = input.pointee.disposition
            // The language and title only: the source's statistics (DURATION…) are not the clip's.
            for key in ["language", "title"] {
                if let entry = av_dict_get(input.pointee.metadata, key, nil, 0) {
                    av_dict_set(&stream.pointee.metadata, key, entry.pointee.value, 0)
                }
            }
            stream.pointee.sample_aspect_ratio = input.pointee.sample_aspect_ratio
            stream.pointee.avg_frame_rate = input.pointee.avg_frame_rate
        }
        // Never over a file that is there: the name was free a moment ago, and must still be.
        guard !FileManager.default.fileExists(atPath: url.path) else {
            throw ClipError("'\(url.path)' already exists")
        }
        let opened = avio_open(&made.pointee.pb, url.path, AVIO_FLAG_WRITE)
        guard opened >= 0 else { throw ClipError("cannot write '\(url.path)': \(FFmpegError.message(opened))") }
        isOpen = true
        created = true
        let header = avformat_write_header(made, nil)
        guard header >= 0 else { throw writeError(header) }
    }

    deinit {
        if isOpen { avio_closep(&context.pointee.pb) }
        avformat_free_context(context)
        if created && !isFinished { try? FileManager.default.removeItem(at: url) }
    }

    func write(_ packet: UnsafeMutablePointer<AVPacket>) throws(ClipError) {
        let status = av_interleaved_write_frame(context, packet)
        guard status >= 0 else { throw writeError(status) }
    }

    /// Writes the index and closes the file; it is kept from then on.
    func finish() throws(ClipError) {
        let status = av_write_trailer(context)
        guard status >= 0 else { throw writeError(status) }
        if let pb = context.pointee.pb, pb.pointee.error < 0 { throw writeError(pb.pointee.error) }
        let closed = avio_closep(&context.pointee.pb)
        isOpen = false
        guard closed >= 0 else { throw writeError(closed) }
        isFinished = true
    }

    private func writeError(_ status: Int32) -> ClipError {
        let error = context.pointee.pb.map { $0.pointee.error < 0 ? $0.pointee.error : status } ?? status
        return ClipError("cannot write '\(url.path)': \(FFmpegError.message(error))")
    }
}
