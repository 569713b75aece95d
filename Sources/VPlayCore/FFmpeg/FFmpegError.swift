import CFFmpeg

/// Turns an FFmpeg error code into the text a user can act on.
enum FFmpegError {
    static func message(_ code: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        if av_strerror(code, &buffer, buffer.count) < 0 {
            return "error \(code)"
        }
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // FFmpeg says "Server returned 404 Not Found"; a user knows it as an HTTP error.
        if text.hasPrefix(httpPrefix) { return "HTTP error " + text.dropFirst(httpPrefix.count) }
        return text
    }

    private static let httpPrefix = "Server returned "

    static let again = vp_averror_eagain()
    static let endOfFile = vp_averror_eof()
    static let invalidData = vp_averror_invaliddata()
}
