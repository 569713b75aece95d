import CFFmpeg
import Foundation

/// The selected subtitle track: its sparse packet queue and a decoder thread that turns
/// packets into lines kept in a `SubtitleTimeline`. Drawing them is the view's.
final class SubtitleTrackPath: @unchecked Sendable {
    let streamIndex: Int
    let packets: PacketQueue
    private let codec: CodecContext
    private let timeline = Locked(SubtitleTimeline())
    private let done = DispatchSemaphore(value: 0)
    private var started = false
    private var serial = -1

    init(file: MediaFile, stream index: Int, packets: PacketQueue) throws {
        codec = try CodecContext(stream: file.stream(index), path: file.path, threads: 1)
        streamIndex = index
        self.packets = packets
    }

    func start() {
        let thread = Thread { [self] in
            run()
            done.signal()
        }
        thread.name = "vplay.subtitles"
        started = true
        thread.start()
    }

    func stop() {
        packets.abort()
        if started { done.wait() }
    }

    /// The text on screen at media time `time`, nil when no line shows.
    func text(at time: Double) -> String? {
        timeline.withLock { $0.text(at: time) }
    }

    private func run() {
        var subtitle = AVSubtitle()
        while let entry = packets.take() {
            if entry.serial != serial {
                serial = entry.serial
                avcodec_flush_buffers(codec.pointer)
            }
            guard case .packet(let packet) = entry.item else { continue }
            var gotSubtitle: Int32 = 0
            guard avcodec_decode_subtitle2(codec.pointer, &subtitle, &gotSubtitle, packet.pointer) >= 0,
                  gotSubtitle != 0 else { continue }
            defer { avsubtitle_free(&subtitle) }
            let timeBase = codec.timeBase
            let packetStart = MediaFile.seconds(packet.pointer.pointee.pts, timeBase)
            guard packetStart.isFinite else { continue }
            let start = packetStart + Double(subtitle.start_display_time) / 1000
            var end = packetStart + MediaFile.seconds(packet.duration, timeBase)
            if subtitle.end_display_time > 0 && subtitle.end_display_time != UInt32.max {
                end = packetStart + Double(subtitle.end_display_time) / 1000
            }
            if !end.isFinite || end <= start { end = start + 5 }
            let text = (0..<Int(subtitle.num_rects)).compactMap { index -> String? in
                guard let rect = subtitle.rects[index] else { return nil }
                if let ass = rect.pointee.ass { return SubtitleEvent.plainText(ofASSEvent: String(cString: ass)) }
                if let text = rect.pointee.text { return String(cString: text) }
                return nil
            }.joined(separator: "\n")
            timeline.withLock { $0.insert(SubtitleEvent(start: start, end: end, text: text)) }
        }
    }
}
