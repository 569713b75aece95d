import CLibass
import Foundation

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
    /// Its styles are brought within `limits`.
    func processHeader(_ header: [UInt8], limits: ASSLimits) {
        guard !header.isEmpty else { return }
        var bytes = header.map { CChar(bitPattern: $0) }
        ass_process_codec_private(pointer, &bytes, Int32(bytes.count))
        let track = pointer.pointee
        guard let styles = track.styles else { return }
        for index in 0..<Int(max(0, track.n_styles)) {
            styles[index].FontSize = min(styles[index].FontSize, limits.fontSize)
            styles[index].Outline = min(styles[index].Outline, limits.border)
            styles[index].Shadow = min(styles[index].Shadow, limits.border)
            styles[index].Spacing = max(-limits.fontSize, min(styles[index].Spacing, limits.fontSize))
            styles[index].Blur = min(styles[index].Blur, limits.blur)
            // ScaleX and ScaleY are fractions here (1 is 100 %).
            styles[index].ScaleX = min(styles[index].ScaleX, limits.scalePercent / 100)
            styles[index].ScaleY = min(styles[index].ScaleY, limits.scalePercent / 100)
        }
    }

    /// One event line as libavcodec decodes it (`ReadOrder,Layer,Style,…,Text`); events read
    /// twice (after a seek) are kept once, by their ReadOrder.
    func processEvent(_ event: LibassEvent) {
        var bytes = Array(event.line.utf8CString.dropLast())
        guard !bytes.isEmpty else { return }
        ass_process_chunk(pointer, &bytes, Int32(bytes.count), event.startMilliseconds, event.durationMilliseconds)
    }

    /// Tells `stillness` of the events it does not know yet (libass only ever appends them).
    func describeEvents(to stillness: inout ASSStillness) {
        let track = pointer.pointee
        guard let events = track.events else { return }
        while stillness.count < Int(track.n_events) {
            let event = events[stillness.count]
            stillness.append(start: event.Start, duration: event.Duration,
                             animates: ASSStillness.animates(text: Self.bytes(event.Text), effect: Self.bytes(event.Effect)))
        }
    }

    private static func bytes(_ string: UnsafeMutablePointer<CChar>?) -> UnsafeBufferPointer<UInt8> {
        guard let string else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: UnsafeRawPointer(string).assumingMemoryBound(to: UInt8.self), count: strlen(string))
    }
}

/// An event on its way from the decoder thread to the libass track on the main thread.
struct LibassEvent: Sendable {
    var line: String
    var startMilliseconds: Int64
    var durationMilliseconds: Int64
}
