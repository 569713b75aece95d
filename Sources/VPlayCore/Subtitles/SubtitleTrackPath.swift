import CFFmpeg
import Foundation

/// The selected subtitle track of the file: its sparse packet queue and a decoder thread that
/// turns packets into the track's `SubtitleLines`. Drawing them is `SubtitleCompositor`'s.
/// A text track of a local file is also read whole ahead of playback (`SubtitleReadAhead`),
/// and any track of a local file again before each moment playback starts from
/// (`SubtitlePreroll`).
final class SubtitleTrackPath: SubtitleSource, @unchecked Sendable {
    let streamIndex: Int
    private let codec: CodecContext
    private let decodedLines: SubtitleLines
    private let queue: PacketQueue
    private let done = DispatchSemaphore(value: 0)
    private var started = false
    private var serial = -1
    /// How to open the file again to read the track beside playback; nil when it is not.
    private let opening: (source: Source, options: PlayerOptions, codec: AVCodecID, wake: @Sendable () -> Void)?
    /// Whether the track is read whole ahead, and again before the moments playback starts from.
    private let readsAhead: Bool
    private let prerolls: Bool
    private var readAhead: SubtitleReadAhead?
    private var preroll: SubtitlePreroll?
    /// The moment asked for before the track started.
    private var prerollMoment: Double?

    /// - Parameter readAhead: the options playback opened `file` with and what to call once
    ///   lines read beside playback are in; nil reads only what playback reads.
    init(file: MediaFile, stream index: Int, packets: PacketQueue,
         readAhead: (options: PlayerOptions, wake: @Sendable () -> Void)? = nil) throws {
        codec = try CodecContext(stream: file.stream(index), path: file.path, threads: 1)
        streamIndex = index
        queue = packets
        decodedLines = SubtitleLines(codec: codec)
        opening = readAhead.map { (file.source, $0.options, file.stream(index).pointee.codecpar.pointee.codec_id, $0.wake) }
        readsAhead = readAhead != nil && SubtitleReadAhead.reads(file, stream: index)
        prerolls = readAhead != nil && SubtitlePreroll.reads(file, stream: index)
    }

    func readLines(showingAt time: Double) {
        // A track read whole has every line already.
        if let readAhead, !readAhead.isReading { return }
        guard let preroll else {
            prerollMoment = time
            return
        }
        preroll.read(at: time)
    }

    var packets: PacketQueue? { queue }
    var lines: SubtitleLines? { decodedLines }
    var isReadingAhead: Bool { readAhead?.isReading ?? false }

    func start() {
        let thread = Thread { [self] in
            run()
            done.signal()
        }
        thread.name = "vplay.subtitles"
        started = true
        thread.start()
        if readsAhead, let opening {
            readAhead = SubtitleReadAhead(source: opening.source, options: opening.options, stream: streamIndex,
                                          codec: opening.codec, into: decodedLines, done: opening.wake)
        }
        if prerolls, let opening {
            let reader = SubtitlePreroll(source: opening.source, options: opening.options, stream: streamIndex,
                                         codec: opening.codec, into: decodedLines, wake: opening.wake)
            if let prerollMoment { reader.read(at: prerollMoment) }
            preroll = reader
        }
    }

    func stop() {
        readAhead?.stop()
        preroll?.stop()
        queue.abort()
        if started { done.wait() }
    }

    private func run() {
        while let entry = queue.take() {
            if entry.serial != serial {
                serial = entry.serial
                avcodec_flush_buffers(codec.pointer)
            }
            guard case .packet(let packet) = entry.item else { continue }
            SubtitleDecoding.decode(packet.pointer, with: codec, into: decodedLines)
        }
    }
}

extension SubtitleLines {
    /// The lines of a track decoded by `codec`, with its header and kind.
    convenience init(codec: CodecContext) {
        let context = codec.pointer.pointee
        var header: [UInt8] = []
        if let bytes = context.subtitle_header, context.subtitle_header_size > 0 {
            header = Array(UnsafeBufferPointer(start: bytes, count: Int(context.subtitle_header_size)))
        }
        let properties = avcodec_descriptor_get(context.codec_id)?.pointee.props ?? 0
        self.init(header: header, isBitmap: properties & AV_CODEC_PROP_BITMAP_SUB != 0,
                  isStyled: context.codec_id == AV_CODEC_ID_ASS || context.codec_id == AV_CODEC_ID_SSA)
    }
}
