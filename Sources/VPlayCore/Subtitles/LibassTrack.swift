import CLibass

/// Owns an `ASS_Track`: a subtitle track's styles and every event fed to it so far.
final class LibassTrack {
    let pointer: UnsafeMutablePointer<ASS_Track>
    private let library: LibassLibrary

    init?(library: LibassLibrary) {
        guard let track = ass_new_track(library.pointer) else { return nil }
        pointer = track
        self.library = library
        // libavcodec numbers events anew after each seek: `SubtitleLines` tells repeats instead.
        ass_set_check_readorder(track, 0)
    }

    deinit { ass_free_track(pointer) }

    /// The codec's header (`[Script Info]`, styles); libavcodec makes one for every text format.
    func processHeader(_ header: [UInt8]) {
        guard !header.isEmpty else { return }
        var bytes = header.map { CChar(bitPattern: $0) }
        ass_process_codec_private(pointer, &bytes, Int32(bytes.count))
    }

    /// One event line as libavcodec decodes it (`ReadOrder,Layer,Style,…,Text`); events read
    /// twice (after a seek) are kept once, by their ReadOrder.
    func processEvent(_ event: LibassEvent) {
        var bytes = Array(event.line.utf8CString.dropLast())
        guard !bytes.isEmpty else { return }
        ass_process_chunk(pointer, &bytes, Int32(bytes.count), event.startMilliseconds, event.durationMilliseconds)
    }
}

/// An event on its way from the decoder thread to the libass track on the main thread.
struct LibassEvent: Sendable {
    var line: String
    var startMilliseconds: Int64
    var durationMilliseconds: Int64
}
