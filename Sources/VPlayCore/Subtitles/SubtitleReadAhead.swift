import CFFmpeg
import Foundation

/// Reads a text subtitle track of a local file whole, ahead of playback, so that `sub-seek`
/// and the search find lines playback has not reached yet, paused or not. A second open of the
/// file on a low-priority thread of its own reads that stream's packets only (every other
/// stream discarded) and decodes them as playback does, into the same `SubtitleLines`, which
/// keeps once what both read. Stopping it (the track changes, the file closes) cancels its reads.
///
/// Network sources are not fetched a second time, and bitmap tracks (pictures, large and many)
/// are not read ahead: their lines come as playback reads them.
final class SubtitleReadAhead: @unchecked Sendable {
    private let interrupt = InterruptFlag()
    private let reading = Locked(true)
    private let finished = DispatchSemaphore(value: 0)

    /// Whether stream `index` of `file` is worth reading ahead: a text subtitle track of a
    /// seekable regular file.
    static func reads(_ file: MediaFile, stream index: Int) -> Bool {
        guard !file.location.isNetwork, file.isSeekable, let local = file.location.filePath,
              index >= 0, index < Int(file.context.pointee.nb_streams) else { return false }
        var info = stat()
        guard stat(local, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return false }
        let parameters = file.stream(index).pointee.codecpar.pointee
        guard parameters.codec_type == AVMEDIA_TYPE_SUBTITLE else { return false }
        let properties = avcodec_descriptor_get(parameters.codec_id)?.pointee.props ?? 0
        return properties & AV_CODEC_PROP_TEXT_SUB != 0 && properties & AV_CODEC_PROP_BITMAP_SUB == 0
    }

    /// Starts reading stream `index` of `source` (opened as playback opened it, with `options`)
    /// into `lines`; `done` is called once reading ends, whole or not.
    init(source: Source, options: PlayerOptions, stream index: Int, codec: AVCodecID, into lines: SubtitleLines,
         done: @escaping @Sendable () -> Void) {
        let thread = Thread { [self] in
            // Niced: playback comes first; this only has to be done before the lines are wanted.
            setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
            read(source, options: options, stream: index, codec: codec, into: lines)
            reading.withLock { $0 = false }
            finished.signal()
            done()
        }
        thread.name = "vplay.subtitle-read-ahead"
        thread.start()
    }

    /// True until the whole track is in (or reading gave up).
    var isReading: Bool {
        reading.withLock { $0 }
    }

    /// Gives up reading and waits for the thread, which any read in flight leaves at once.
    func stop() {
        interrupt.raise()
        finished.wait()
        finished.signal()
    }

    private func read(_ source: Source, options: PlayerOptions, stream index: Int, codec codecID: AVCodecID,
                      into lines: SubtitleLines) {
        guard let file = try? MediaFile(source: source, options: options, interrupt: interrupt),
              index < Int(file.context.pointee.nb_streams),
              file.stream(index).pointee.codecpar.pointee.codec_id == codecID,
              let codec = try? CodecContext(stream: file.stream(index), path: source.text, threads: 1) else { return }
        for other in 0..<Int(file.context.pointee.nb_streams) {
            file.stream(other).pointee.discard = other == index ? AVDISCARD_DEFAULT : AVDISCARD_ALL
        }
        guard let packet = av_packet_alloc() else { return }
        var packetPointer: UnsafeMutablePointer<AVPacket>? = packet
        defer { av_packet_free(&packetPointer) }
        // From the start, in file order, with no flush: the packets and their timing are those
        // playback reads.
        while !interrupt.isRaised, av_read_frame(file.context, packet) >= 0 {
            if Int(packet.pointee.stream_index) == index {
                SubtitleDecoding.decode(packet, with: codec, into: lines)
            }
            av_packet_unref(packet)
        }
    }
}
