import CFFmpeg
import Foundation

/// Decides once per file whether exact seeks may skip B-frames (`SeekShortcut`): only when
/// the pictures come out the same either way. Some encoders let P-frames refer to B-frames
/// (x264 does with more than one reference frame); skipping those B-frames would spoil every
/// picture after them. So a stretch from the file's first keyframe is decoded twice, whole and
/// with the shortcut towards a target in its middle, and every picture from the target on is
/// compared.
enum SeekShortcutCheck {
    /// Anchors decoded before the check's target, and after it.
    private static let anchorsBefore = 8
    private static let anchorsAfter = 3
    private static let packetLimit = 200

    /// True when the shortcut skips something and changes no picture. Reads the file itself
    /// (a reader of its own, opened with what playback's open learned, `facts`, rather than
    /// probing the file again), on the calling thread; false on any failure or for a pipe.
    static func run(source: Source, facts: SourceFacts? = nil) -> Bool {
        var info = stat()
        guard !source.isNetwork, let local = source.location.filePath,
              stat(local, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return false }
        var options = PlayerOptions()
        options.audioEnabled = false
        guard let file = try? MediaFile(source: source, options: options, rereading: facts),
              let index = file.videoStream else { return false }
        let stream = file.stream(index)
        // One thread: the check runs beside playback and must stay light.
        guard let stretch = readStretch(file, streamIndex: Int32(index)),
              let codec = try? CodecContext(stream: stream, path: source.text, threads: 1) else { return false }
        let timeBase = stream.pointee.time_base
        guard let whole = decode(stretch.packets, codec.pointer, timeBase: timeBase, from: stretch.target, shortcut: false),
              let shortened = decode(stretch.packets, codec.pointer, timeBase: timeBase, from: stretch.target, shortcut: true)
        else { return false }
        return shortened.skipped > 0 && !whole.pictures.isEmpty && shortened.pictures == whole.pictures
    }

    /// Video packets from the first keyframe to `anchorsAfter` anchors past the target, and the
    /// target: the start of the anchor `anchorsBefore` anchors in. Nil when the stretch has no
    /// B-frames before the target (nothing to skip) or the file is too short.
    private static func readStretch(_ file: MediaFile, streamIndex: Int32) -> (packets: [Packet], target: Double)? {
        var packets: [Packet] = []
        var anchors: [Double] = []
        var latest = -Double.infinity
        var reorderedBeforeTarget = 0
        let timeBase = file.stream(Int(streamIndex)).pointee.time_base
        while packets.count < packetLimit {
            let packet = Packet()
            guard av_read_frame(file.context, packet.pointer) >= 0 else { break }
            guard packet.pointer.pointee.stream_index == streamIndex else { continue }
            let isKey = packet.pointer.pointee.flags & AV_PKT_FLAG_KEY != 0
            if packets.isEmpty && !isKey { continue }
            if isKey && !packets.isEmpty { break }   // one keyframe interval is enough
            let start = MediaFile.seconds(packet.pointer.pointee.pts, timeBase)
            guard start.isFinite else { return nil }
            packets.append(packet)
            if start < latest {
                if anchors.count <= anchorsBefore { reorderedBeforeTarget += 1 }
            } else {
                anchors.append(start)
                latest = start
                if anchors.count > anchorsBefore + anchorsAfter + 1 { break }
            }
        }
        guard anchors.count > anchorsBefore + anchorsAfter, reorderedBeforeTarget > 0 else { return nil }
        return (packets, anchors[anchorsBefore])
    }

    /// Hashes of the pictures shown from `target` on, by start time, and how many packets the
    /// codec was told to skip.
    private static func decode(_ packets: [Packet], _ codec: UnsafeMutablePointer<AVCodecContext>, timeBase: AVRational,
                               from target: Double, shortcut: Bool) -> (pictures: [Double: UInt64], skipped: Int)? {
        avcodec_flush_buffers(codec)
        var rule = SeekShortcut()
        var pictures: [Double: UInt64] = [:]
        var skipped = 0
        let frame = Frame()
        func receive() {
            while avcodec_receive_frame(codec, frame.pointer) >= 0 {
                let start = MediaFile.seconds(frame.pointer.pointee.best_effort_timestamp, timeBase)
                if start >= target { pictures[start] = PictureHash.of(frame.pointer) }
                frame.unref()
            }
        }
        for packet in packets {
            let p = packet.pointer.pointee
            let start = MediaFile.seconds(p.pts, timeBase)
            let end = start + max(MediaFile.seconds(p.duration, timeBase), 0)
            let discard = shortcut ? rule.discard(start: start, end: end, target: target, skipsBFrames: true)
                                   : AVDISCARD_DEFAULT
            if discard == AVDISCARD_BIDIR { skipped += 1 }
            codec.pointee.skip_frame = discard
            guard avcodec_send_packet(codec, packet.pointer) >= 0 else { return nil }
            receive()
        }
        codec.pointee.skip_frame = AVDISCARD_DEFAULT
        avcodec_send_packet(codec, nil)
        receive()
        return (pictures, skipped)
    }
}
