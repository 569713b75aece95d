import CFFmpeg
import Foundation

/// A local file's duration as its container's header gives it: the header only is read
/// (`avformat_open_input`, no `avformat_find_stream_info`), so it costs a few small reads even
/// for a long file. nil when the header has none, or the path is not a regular file (a FIFO
/// would block its open until a writer came).
public enum DurationProbe {
    public static func duration(of path: String, interrupt: InterruptFlag) -> Double? {
        let location = SourceLocation(path)
        guard location.kind == .local, let file = location.filePath else { return nil }
        var status = stat()
        guard stat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }

        var context = avformat_alloc_context()
        guard let allocated = context else { return nil }
        interrupt.install(on: allocated)
        var options: OpaquePointer?
        av_dict_set(&options, "protocol_whitelist", "file", 0)
        let opened = avformat_open_input(&context, file, nil, &options)
        av_dict_free(&options)
        guard opened >= 0, let format = context else { return nil }
        defer { avformat_close_input(&context) }
        return seconds(of: format)
    }

    /// The container's duration, else the longest stream's as its header declares it.
    private static func seconds(of format: UnsafeMutablePointer<AVFormatContext>) -> Double? {
        let whole = format.pointee.duration
        if whole != vp_nopts_value(), whole > 0 { return Double(whole) / Double(AV_TIME_BASE) }
        var longest: Double?
        for index in 0..<Int(format.pointee.nb_streams) {
            guard let stream = format.pointee.streams[index]?.pointee, stream.duration != vp_nopts_value(),
                  stream.duration > 0, stream.time_base.den > 0 else { continue }
            let seconds = Double(stream.duration) * Double(stream.time_base.num) / Double(stream.time_base.den)
            longest = max(longest ?? 0, seconds)
        }
        return longest
    }
}
