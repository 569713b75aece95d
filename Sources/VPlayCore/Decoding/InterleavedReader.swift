import CFFmpeg

/// Reads several inputs as one: one packet held from each, the earliest handed on first.
/// Used by the demux thread only.
final class InterleavedReader {
    enum Outcome: Equatable {
        /// `packet` holds the next packet, for the item's stream `index`.
        case packet(index: Int)
        /// Input `input` failed to read (`status`); reading again may get past it.
        case error(input: Int, status: Int32)
        /// Every input read is at its end.
        case end
    }

    private(set) var inputs: DemuxerInputs
    private var held: [Packet]
    private var holds: [Bool]
    private var ended: [Bool]
    private var times: [Double?]
    /// The inputs with a stream being played: the others are not read.
    var routed: Set<Int> = []

    init(_ inputs: DemuxerInputs) {
        self.inputs = inputs
        held = inputs.slots.map { _ in Packet() }
        holds = inputs.slots.map { _ in false }
        ended = holds
        times = inputs.slots.map { _ in nil }
    }

    /// After a seek: what each input held is from before it.
    func reset() {
        for input in held.indices where holds[input] { av_packet_unref(held[input].pointer) }
        holds = holds.map { _ in false }
        ended = holds
    }

    /// Takes one more input (`audio-add`), from `position` (media seconds).
    func add(_ file: MediaFile, at position: Double) {
        Self.seek(file, to: Int64((position * Double(vp_time_base())).rounded(.down)))
        _ = inputs.append(file)
        held.append(Packet())
        holds.append(false)
        ended.append(false)
        times.append(nil)
    }

    /// Lets go of input `input` (`audio-remove`) and the packet it held: it is read no more.
    func remove(_ input: Int) {
        guard input > 0, held.indices.contains(input) else { return }
        if holds[input] { av_packet_unref(held[input].pointer) }
        holds[input] = false
        ended[input] = true
        times[input] = nil
        inputs.remove(input)
    }

    /// The added inputs follow the main file to `timestamp` (`AV_TIME_BASE` units).
    func seekAdded(to timestamp: Int64) {
        for media in inputs.files.dropFirst() { Self.seek(media, to: timestamp) }
        reset()
    }

    /// To the keyframe at or before `timestamp`, which for sound is close to it; past it when
    /// there is none before.
    private static func seek(_ media: MediaFile, to timestamp: Int64) {
        media.blockingCalls.limit(to: media.callTimeout)
        if avformat_seek_file(media.context, -1, Int64.min, timestamp, timestamp, 0) < 0 {
            _ = avformat_seek_file(media.context, -1, Int64.min, timestamp, Int64.max, 0)
        }
    }

    /// Gives up on an input that keeps failing.
    func end(_ input: Int) { ended[input] = true }

    func read(into packet: Packet) -> Outcome {
        for input in held.indices {
            guard let media = inputs.slots[input], routed.contains(input), !ended[input] else {
                times[input] = nil
                continue
            }
            if !holds[input] {
                media.blockingCalls.limit(to: media.callTimeout)
                let status = av_read_frame(media.context, held[input].pointer)
                if status < 0 {
                    if status == FFmpegError.endOfFile || avio_feof(media.context.pointee.pb) != 0 {
                        ended[input] = true
                        times[input] = nil
                        continue
                    }
                    return .error(input: input, status: status)
                }
                holds[input] = true
            }
            times[input] = Self.seconds(of: held[input].pointer, in: media)
        }
        guard let next = DemuxerInputs.next(among: times) else { return .end }
        holds[next] = false
        av_packet_move_ref(packet.pointer, held[next].pointer)
        return .packet(index: DemuxerInputs.index(input: next, local: Int(packet.pointer.pointee.stream_index)))
    }

    /// The packet's decoding time in seconds (its presentation time without one), NaN with neither.
    private static func seconds(of packet: UnsafeMutablePointer<AVPacket>, in media: MediaFile) -> Double {
        let stamp = packet.pointee.dts != vp_nopts_value() ? packet.pointee.dts : packet.pointee.pts
        guard stamp != vp_nopts_value() else { return .nan }
        return MediaFile.seconds(stamp, media.stream(Int(packet.pointee.stream_index)).pointee.time_base)
    }
}
