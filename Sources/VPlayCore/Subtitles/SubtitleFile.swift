import CFFmpeg
import Foundation

/// A subtitle file beside the video (or added later), read whole on a thread of its own into
/// `SubtitleLines`, so that showing it later is instant. A file that cannot be read gives one
/// warning and no lines; playback goes on.
final class SubtitleFile: @unchecked Sendable {
    let path: String
    /// Filled while the file is read; nil until the format is known.
    private let loaded = Locked<SubtitleLines?>(nil)
    private let interrupt = InterruptFlag()
    private let finished = DispatchSemaphore(value: 0)

    /// Text files larger than this are not subtitles.
    static let sizeLimit = 256 << 20

    /// Demuxers a subtitle file may use (VobSub's reads its `.sub` as MPEG-PS).
    static let formats = "srt,ass,webvtt,vobsub,mpeg,sup,microdvd,subviewer,subviewer1,sami,realtext,mpl2,pjs,jacosub,vplayer,stl,lrc,aqtitle,mpsub,scc"

    /// Starts reading `path`; `warn` gets one line if it cannot be read, `done` is called once
    /// the whole file is in.
    init(path: String, codepage: String?, warn: @escaping @Sendable (String) -> Void, done: @escaping @Sendable () -> Void) {
        self.path = path
        let loaded = loaded, interrupt = interrupt, finished = finished
        let thread = Thread {
            do throws(PlayerError) {
                try Self.read(path, codepage: codepage, interrupt: interrupt) { lines in loaded.withLock { $0 = lines } }
            } catch {
                if !interrupt.isRaised { warn("cannot read subtitles '\(path)': \(error.reason); playing without them") }
            }
            finished.signal()
            done()
        }
        thread.name = "vplay.subtitle-file"
        thread.start()
    }

    /// The lines read so far, nil until reading has begun (or when it failed).
    var lines: SubtitleLines? {
        loaded.withLock { $0 }
    }

    /// Gives up reading and waits for the thread.
    func stop() {
        interrupt.raise()
        finished.wait()
        finished.signal()
    }

    private static func read(_ path: String, codepage: String?, interrupt: InterruptFlag,
                             started: (SubtitleLines) -> Void) throws(PlayerError) {
        try checkRegularFile(path)
        let encoding = FileHandle(forReadingAtPath: path).flatMap { handle -> String? in
            defer { try? handle.close() }
            let head = (try? handle.read(upToCount: 1 << 20)) ?? Data()
            return SubtitleEncoding.detect(head, preferred: codepage)
        }
        var context = avformat_alloc_context()
        guard let allocated = context else { throw PlayerError.cannotOpen(path, "out of memory") }
        interrupt.install(on: allocated)
        var options: OpaquePointer?
        av_dict_set(&options, "protocol_whitelist", "file", 0)
        av_dict_set(&options, "format_whitelist", formats, 0)
        let status = avformat_open_input(&context, path, nil, &options)
        av_dict_free(&options)
        guard status >= 0, let file = context else {
            throw PlayerError.cannotOpen(path, status == vp_averror_invaliddata() ? "not a subtitle file" : FFmpegError.message(status))
        }
        defer { avformat_close_input(&context) }
        guard avformat_find_stream_info(file, nil) >= 0 else { throw PlayerError.cannotOpen(path, "not a subtitle file") }
        let index = Int(av_find_best_stream(file, AVMEDIA_TYPE_SUBTITLE, -1, -1, nil, 0))
        guard index >= 0, let stream = file.pointee.streams[index] else {
            throw PlayerError.cannotOpen(path, "no subtitles in it")
        }
        let codec = try CodecContext(stream: stream, path: path, threads: 1) { context in
            if let encoding { av_opt_set(context, "sub_charenc", encoding, 0) }
        }
        let lines = SubtitleLines(codec: codec)
        started(lines)
        guard let packet = av_packet_alloc() else { return }
        var packetPointer: UnsafeMutablePointer<AVPacket>? = packet
        defer { av_packet_free(&packetPointer) }
        var decoded = 0, failed = 0
        while !interrupt.isRaised, av_read_frame(file, packet) >= 0 {
            if Int(packet.pointee.stream_index) == index {
                if SubtitleDecoding.decode(packet, with: codec, into: lines) { decoded += 1 } else { failed += 1 }
            }
            av_packet_unref(packet)
        }
        if decoded == 0 && failed > 0 { throw PlayerError.cannotOpen(path, "no line could be read") }
    }

    static func checkRegularFile(_ path: String) throws(PlayerError) {
        var info = stat()
        guard stat(path, &info) == 0 else { throw PlayerError.cannotOpen(path, String(cString: strerror(errno))) }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw PlayerError.cannotOpen(path, (info.st_mode & S_IFMT) == S_IFDIR ? "Is a directory" : "not a regular file")
        }
        guard info.st_size > 0 else { throw PlayerError.cannotOpen(path, "file is empty") }
        guard info.st_size <= sizeLimit else { throw PlayerError.cannotOpen(path, "too large for a subtitle file") }
        guard access(path, R_OK) == 0 else { throw PlayerError.cannotOpen(path, String(cString: strerror(errno))) }
    }
}
