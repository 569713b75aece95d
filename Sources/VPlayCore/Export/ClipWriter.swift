import CFFmpeg
import Foundation

/// Writes one clip on the calling thread (the export's): opens a local file anew (or takes
/// the packets the demuxer cache held, `CachedClip`), reads the video's packets from the
/// keyframe before A to the one after B to plan the cut (`ClipPlan`), then reads them again
/// and writes the clip: the planned stretches re-encoded, the rest of the video and every
/// sound and subtitle packet between A and B copied, all moved to start at 0.
final class ClipWriter {
    /// Seconds from the start of the file, as the player counts them.
    struct Range: Equatable, Sendable {
        var a: Double
        var b: Double
    }

    let input: any ClipInput
    private let range: Range
    private let interrupt: InterruptFlag
    let packet = Packet()
    let scratch = Packet()
    let frame = Frame()
    /// What the user should know about a clip that was written, but not as asked.
    private(set) var notice: String?

    init(source: Source, range: Range, options: PlayerOptions, interrupt: InterruptFlag) throws(ClipError) {
        self.range = range
        self.interrupt = interrupt
        // Only a regular file is read again from where the clip starts; a pipe is not even
        // opened (a second open of a FIFO would wait for a writer that never comes).
        var info = stat()
        guard let local = source.location.filePath, stat(local, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw ClipError("the source cannot seek")
        }
        let file: MediaFile
        do {
            file = try MediaFile(source: source, options: options, interrupt: interrupt)
        } catch {
            throw ClipError(error.reason)
        }
        guard let pb = file.context.pointee.pb, pb.pointee.seekable & AVIO_SEEKABLE_NORMAL != 0 else {
            throw ClipError("the source cannot seek")
        }
        input = file
    }

    /// A clip of packets already in memory: nothing is read from the source.
    init(cached: CachedClip, range: Range, interrupt: InterruptFlag) {
        input = cached
        self.range = range
        self.interrupt = interrupt
    }

    /// The streams a clip keeps: the video, every sound track, and the subtitle tracks
    /// Matroska can hold.
    private var keptStreams: [Int] {
        (0..<input.streamCount).filter { index in
            let parameters = input.stream(index).pointee.codecpar.pointee
            switch parameters.codec_type {
            case AVMEDIA_TYPE_VIDEO: return index == input.videoStream
            case AVMEDIA_TYPE_AUDIO: return true
            case AVMEDIA_TYPE_SUBTITLE:
                return avformat_query_codec(av_guess_format("matroska", nil, nil), parameters.codec_id, 0) == 1
            default: return false
            }
        }
    }

    /// Writes the clip to `url`; `progress` gets the share done (0...1) now and then.
    func write(to url: URL, progress: (Double) -> Void) throws(ClipError) {
        let kept = keptStreams
        guard !kept.isEmpty else { throw ClipError("nothing to keep") }
        let origin = input.startTime
        let plan: ClipPlan
        let planBase: AVRational
        var packets: [ClipPlan.Packet] = []
        if let video = input.videoStream {
            let stream = input.stream(video)
            let parameters = stream.pointee.codecpar.pointee
            let exact = ClipEncoder.canEncode(parameters.codec_id)
            planBase = stream.pointee.time_base
            let a = ticks(range.a + origin, planBase), b = ticks(range.b + origin, planBase)
            packets = try scan(video, from: a, to: b)
            guard let made = exact ? ClipPlan(packets: packets, from: a, to: b)
                                   : ClipPlan(keyframeCutOf: packets, from: a, to: b) else {
                throw ClipError("no keyframe before A")
            }
            plan = made
            if !exact {
                let name = String(cString: avcodec_get_name(parameters.codec_id))
                let keyframe = Double(made.start) * av_q2d(planBase) - origin
                notice = "the clip starts at the keyframe before A (\(ClipName.stamp(keyframe))): no \(name) encoder to cut exactly"
            }
            try seek(Int32(video), to: a)
        } else {
            planBase = vp_time_base_q()
            plan = ClipPlan(start: ticks(range.a + origin, planBase), end: ticks(range.b + origin, planBase))
            try seek(-1, to: plan.start)
        }
        try copy(kept, plan: plan, base: planBase, packets: packets, to: url, progress: progress)
    }

    private func ticks(_ seconds: Double, _ base: AVRational) -> Int64 {
        Int64((seconds * Double(base.den) / Double(base.num)).rounded())
    }

    /// Reads the next packet into `packet`; false at the end.
    func read() throws(ClipError) -> Bool {
        av_packet_unref(packet.pointer)
        guard !interrupt.isRaised else { throw ClipError("cancelled") }
        let status = input.read(into: packet.pointer)
        if status == vp_averror_eof() { return false }
        guard status >= 0 else {
            if interrupt.isRaised { throw ClipError("cancelled") }
            throw ClipError("reading failed (\(FFmpegError.message(status)))")
        }
        return true
    }

    private func seek(_ stream: Int32, to ticks: Int64) throws(ClipError) {
        let status = input.seek(stream, to: ticks)
        guard status >= 0 else { throw ClipError("the source cannot seek (\(FFmpegError.message(status)))") }
    }

    /// The video's packets in decoding order from the keyframe at or before `a` up to the
    /// first keyframe after `b` (or the end).
    private func scan(_ video: Int, from a: Int64, to b: Int64) throws(ClipError) -> [ClipPlan.Packet] {
        try seek(Int32(video), to: a)
        var packets: [ClipPlan.Packet] = []
        while try read() {
            let p = packet.pointer.pointee
            guard Int(p.stream_index) == video else { continue }
            let isKey = p.flags & AV_PKT_FLAG_KEY != 0
            if packets.isEmpty && !isKey { continue }
            guard p.pts != vp_nopts_value() else { throw ClipError("the video has packets without times") }
            if isKey && p.pts > b { break }
            packets.append(ClipPlan.Packet(pts: p.pts, dts: p.dts == vp_nopts_value() ? p.pts : p.dts, isKeyframe: isKey))
        }
        return packets
    }
}
