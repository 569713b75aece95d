import CFFmpeg
import Foundation

/// Reads a subtitle track again from a while before a moment up to that moment, on a second
/// open of the file, so that a line on screen then shows at once although its packet lies
/// before the keyframe playback reads from: after a seek, and when the track is chosen in the
/// middle of a line (mpv's subtitle preroll, done beside playback so that neither its reading
/// nor its seeks wait for it). Text and bitmap tracks alike: only the lines of that stretch
/// are decoded, into the track's `SubtitleLines`, which keeps once what several read.
///
/// Local files only: a network source is not fetched a second time.
final class SubtitlePreroll: @unchecked Sendable {
    /// How long before the moment a line on screen may have begun: mpv's figure. Every stretch
    /// read costs this much of the picture's packets read again (they tell where reading is).
    static let span = 10.0
    /// Packets of the other streams this long past the moment mean no later subtitle packet
    /// belongs before it (muxers interleave subtitles a little late).
    static let overshoot = 1.0

    private let interrupt = InterruptFlag()
    private let condition = NSCondition()
    // Under `condition`.
    private var wanted: Double?
    private var stopping = false
    private let finished = DispatchSemaphore(value: 0)
    /// The reader thread's own: whether the file was read from since it opened.
    private var hasRead = false

    /// Whether stream `index` of `file` can be read again this way: a subtitle track of a
    /// seekable regular file.
    static func reads(_ file: MediaFile, stream index: Int) -> Bool {
        guard !file.location.isNetwork, file.isSeekable, let local = file.location.filePath,
              index >= 0, index < Int(file.context.pointee.nb_streams),
              file.stream(index).pointee.codecpar.pointee.codec_type == AVMEDIA_TYPE_SUBTITLE else { return false }
        var info = stat()
        return stat(local, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// Starts the reader of stream `index` of `source` (opened as playback opened it, with
    /// `options`) into `lines`; `wake` is called after each stretch is read.
    init(source: Source, options: PlayerOptions, stream index: Int, codec: AVCodecID, into lines: SubtitleLines,
         wake: @escaping @Sendable () -> Void) {
        let thread = Thread { [self] in
            // Niced: playback's own decoding comes first.
            setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
            run(source, options: options, stream: index, codec: codec, into: lines, wake: wake)
            finished.signal()
        }
        thread.name = "vplay.subtitle-preroll"
        thread.start()
    }

    /// Reads the lines on screen at `time` (media seconds); a newer moment replaces one not
    /// read yet or being read.
    func read(at time: Double) {
        condition.withLock {
            wanted = time
            condition.signal()
        }
    }

    /// Gives up reading and waits for the thread, which any read in flight leaves at once.
    func stop() {
        condition.withLock {
            stopping = true
            condition.signal()
        }
        interrupt.raise()
        finished.wait()
        finished.signal()
    }

    /// The next moment to read at, waiting for one; nil once stopping.
    private func nextMoment() -> Double? {
        condition.withLock {
            while wanted == nil && !stopping { condition.wait() }
            defer { wanted = nil }
            return stopping ? nil : wanted
        }
    }

    private var hasNewerMoment: Bool {
        condition.withLock { wanted != nil || stopping }
    }

    private func run(_ source: Source, options: PlayerOptions, stream index: Int, codec codecID: AVCodecID,
                     into lines: SubtitleLines, wake: @Sendable () -> Void) {
        guard var time = nextMoment(),
              let file = try? MediaFile(source: source, options: options, interrupt: interrupt),
              index < Int(file.context.pointee.nb_streams),
              file.stream(index).pointee.codecpar.pointee.codec_id == codecID,
              let codec = try? CodecContext(stream: file.stream(index), path: source.text, threads: 1),
              let packet = av_packet_alloc() else { return }
        var packetPointer: UnsafeMutablePointer<AVPacket>? = packet
        defer { av_packet_free(&packetPointer) }
        // The picture's (else the sound's) packets tell how far reading has got: a subtitle
        // packet after the moment may never come.
        let clock = [AVMEDIA_TYPE_VIDEO, AVMEDIA_TYPE_AUDIO].lazy.compactMap { kind in
            (0..<Int(file.context.pointee.nb_streams)).first { other in
                let stream = file.stream(other).pointee
                return stream.codecpar.pointee.codec_type == kind && stream.disposition & AV_DISPOSITION_ATTACHED_PIC == 0
            }
        }.first
        for other in 0..<Int(file.context.pointee.nb_streams) {
            file.stream(other).pointee.discard = other == index || other == clock ? AVDISCARD_DEFAULT : AVDISCARD_ALL
        }
        while true {
            read(file, stream: index, clock: clock, codec: codec, at: time, packet: packet, into: lines)
            wake()
            guard let next = nextMoment() else { return }
            time = next
        }
    }

    /// Reads stream `index` from `span` before `time` until past it, unless a newer moment or
    /// the stop comes first.
    private func read(_ file: MediaFile, stream index: Int, clock: Int?, codec: CodecContext, at time: Double,
                      packet: UnsafeMutablePointer<AVPacket>, into lines: SubtitleLines) {
        guard seek(file, to: time - Self.span) else { return }
        hasRead = true
        avcodec_flush_buffers(codec.pointer)
        while !hasNewerMoment, av_read_frame(file.context, packet) >= 0 {
            defer { av_packet_unref(packet) }
            let stream = Int(packet.pointee.stream_index)
            let timestamp = packet.pointee.pts != vp_nopts_value() ? packet.pointee.pts : packet.pointee.dts
            let seconds = MediaFile.seconds(timestamp, file.stream(stream).pointee.time_base)
            if stream == index {
                if seconds.isFinite && seconds > time { return }
                SubtitleDecoding.decode(packet, with: codec, into: lines)
            } else if stream == clock, seconds.isFinite, seconds > time + Self.overshoot {
                return
            }
        }
    }

    /// Moves reading to the keyframe at or before `time` (seconds), or to the beginning when
    /// that is before the file's start. A seek by time there may land past packets muxed early:
    /// nothing moves when nothing was read yet, and the MPEG streams (whose reader finds its
    /// way in from any byte) go back to their first byte.
    private func seek(_ file: MediaFile, to time: Double) -> Bool {
        let context = file.context
        let start = context.pointee.start_time != vp_nopts_value() ? context.pointee.start_time : 0
        let target = Int64((time * Double(vp_time_base())).rounded(.down))
        if target <= start {
            if !hasRead { return true }
            let flags = Int32(context.pointee.iformat.pointee.flags)
            if flags & AVFMT_TS_DISCONT != 0, flags & AVFMT_NO_BYTE_SEEK == 0,
               avformat_seek_file(context, -1, Int64.min, 0, 0, AVSEEK_FLAG_BYTE) >= 0 {
                return true
            }
        }
        let from = max(start, target)
        return avformat_seek_file(context, -1, Int64.min, from, from, 0) >= 0
    }
}
