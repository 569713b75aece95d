import CFFmpeg

/// Copies of the packets the demuxer cache held for the streams that play (one reference
/// each, owned here) with their codec parameters, read in time order as a clip's input: a
/// clip of a network source is written from them without a request to its server.
final class CachedClip: ClipInput, @unchecked Sendable {
    /// One stream as the demux thread copied it: its parameters (owned), time base, frame
    /// rate, whether it is sparse (subtitles), and its packets in decoding order.
    final class Track: @unchecked Sendable {
        let parameters: UnsafeMutablePointer<AVCodecParameters>
        let timeBase: AVRational
        let frameRate: AVRational
        let isSparse: Bool
        let packets: [Packet]

        init?(stream: UnsafeMutablePointer<AVStream>, isSparse: Bool, packets: [Packet]) {
            guard let parameters = avcodec_parameters_alloc() else { return nil }
            self.parameters = parameters
            guard avcodec_parameters_copy(parameters, stream.pointee.codecpar) >= 0 else { return nil }
            timeBase = stream.pointee.time_base
            frameRate = stream.pointee.avg_frame_rate
            self.isSparse = isSparse
            self.packets = packets
        }

        deinit {
            var p: UnsafeMutablePointer<AVCodecParameters>? = parameters
            avcodec_parameters_free(&p)
        }

        var isVideo: Bool { parameters.pointee.codec_type == AVMEDIA_TYPE_VIDEO }

        /// Media seconds of the keyframes held.
        var keyframeTimes: [Double] {
            packets.compactMap { packet in
                let p = packet.pointer.pointee
                return p.flags & AV_PKT_FLAG_KEY != 0 && p.pts != vp_nopts_value() ? Double(p.pts) * av_q2d(timeBase) : nil
            }
        }

        /// From the first packet's time to the last one's end (media seconds); nil when none has a time.
        var span: ClosedRange<Double>? {
            var low = Double.infinity, high = -Double.infinity
            for packet in packets {
                let p = packet.pointer.pointee
                guard p.pts != vp_nopts_value() else { continue }
                low = min(low, Double(p.pts) * av_q2d(timeBase))
                high = max(high, Double(p.pts + max(0, p.duration)) * av_q2d(timeBase))
            }
            return low <= high ? low...high : nil
        }
    }

    /// Whether the cache holds the clip from `a` to `b` (media seconds): the video (when
    /// `videoKeyframes` are given) from a keyframe at or before `a`, and every stream that is
    /// not sparse (`spans`, the video's among them) from `a` through `b`.
    static func holds(from a: Double, to b: Double, videoKeyframes: [Double]?, spans: [ClosedRange<Double>?]) -> Bool {
        guard a < b, !spans.isEmpty else { return false }
        if let keys = videoKeyframes, !keys.contains(where: { $0 <= a }) { return false }
        return spans.allSatisfy { span in span.map { $0.lowerBound <= a && $0.upperBound >= b } ?? false }
    }

    /// Whether `tracks` hold the clip from `a` to `b` (media seconds).
    static func holds(_ tracks: [Track], from a: Double, to b: Double) -> Bool {
        let video = tracks.first(where: \.isVideo)
        return holds(from: a, to: b, videoKeyframes: video?.keyframeTimes,
                     spans: tracks.filter { !$0.isSparse }.map(\.span))
    }

    /// Holds the streams only (no I/O): their parameters and time bases.
    private let context: UnsafeMutablePointer<AVFormatContext>
    /// Every track's packets, merged by time.
    private let packets: [Packet]
    private var next = 0
    let videoStream: Int?
    let startTime: Double
    let path: String

    /// `tracks`' parameters are copied; their packets are taken over.
    init(tracks: [Track], startTime: Double, path: String) throws(ClipError) {
        guard let made = avformat_alloc_context() else { throw ClipError("out of memory") }
        context = made
        self.startTime = startTime
        self.path = path
        var merged: [(time: Double, packet: Packet)] = []
        for (number, track) in tracks.enumerated() {
            guard let stream = avformat_new_stream(made, nil),
                  avcodec_parameters_copy(stream.pointee.codecpar, track.parameters) >= 0 else {
                avformat_free_context(made)
                throw ClipError("out of memory")
            }
            stream.pointee.time_base = track.timeBase
            stream.pointee.avg_frame_rate = track.frameRate
            for packet in track.packets {
                packet.pointer.pointee.stream_index = Int32(number)
                let p = packet.pointer.pointee
                let stamp = p.dts != vp_nopts_value() ? p.dts : p.pts
                merged.append((stamp == vp_nopts_value() ? merged.last?.time ?? 0 : Double(stamp) * av_q2d(track.timeBase), packet))
            }
        }
        // Stable: each stream keeps its decoding order.
        packets = merged.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element.packet)
        videoStream = tracks.firstIndex { $0.parameters.pointee.codec_type == AVMEDIA_TYPE_VIDEO }
    }

    deinit {
        avformat_free_context(context)
    }

    var streamCount: Int { Int(context.pointee.nb_streams) }

    func stream(_ index: Int) -> UnsafeMutablePointer<AVStream> {
        context.pointee.streams[index]!
    }

    func read(into packet: UnsafeMutablePointer<AVPacket>) -> Int32 {
        guard next < packets.count else { return vp_averror_eof() }
        defer { next += 1 }
        return av_packet_ref(packet, packets[next].pointer)
    }

    /// From the last keyframe of `stream` at or before `ticks` (the first packet without a
    /// stream). Packets merge by decoding time, so no packet of the clip (from the picture at
    /// A on) comes before that keyframe.
    func seek(_ stream: Int32, to ticks: Int64) -> Int32 {
        guard stream >= 0 else {
            next = 0
            return 0
        }
        let key = packets.indices.last { index in
            let p = packets[index].pointer.pointee
            return p.stream_index == stream && p.flags & AV_PKT_FLAG_KEY != 0 && p.pts != vp_nopts_value() && p.pts <= ticks
        }
        guard let key else { return vp_averror_eof() }
        next = key
        return 0
    }
}
