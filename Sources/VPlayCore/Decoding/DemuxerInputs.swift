import CFFmpeg

/// The files one `Demuxer` reads as one item: the main file, then files adding tracks to it
/// (`--audio-file`). Each added file's streams are numbered from an offset of their own, so
/// that every stream of the item has one index.
struct DemuxerInputs {
    /// How far apart the files' stream numberings start: past any container's stream count,
    /// and below the subtitle files' (`Player.subtitleFileStreamBase`).
    static let streamSpacing = 1 << 12

    let files: [MediaFile]

    init(main: MediaFile, added: [MediaFile] = []) {
        files = [main] + added
    }

    var main: MediaFile { files[0] }

    /// The index stream `local` of file `input` has in the item.
    static func index(input: Int, local: Int) -> Int { input * streamSpacing + local }

    /// The file and its own stream index for `index` in the item.
    static func locate(_ index: Int) -> (input: Int, local: Int) {
        (index / streamSpacing, index % streamSpacing)
    }

    func file(containing index: Int) -> MediaFile { files[Self.locate(index).input] }

    func stream(_ index: Int) -> UnsafeMutablePointer<AVStream> {
        let place = Self.locate(index)
        return files[place.input].stream(place.local)
    }

    /// Which input's packet comes next: the one with the earliest time (seconds). A packet
    /// with no time goes first, as it came; ties go to the earlier input.
    static func next(among times: [Double?]) -> Int? {
        var best: (input: Int, time: Double)?
        for (input, time) in times.enumerated() {
            guard let time else { continue }
            if time.isNaN { return input }
            if best == nil || time < best!.time { best = (input, time) }
        }
        return best?.input
    }
}

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

    let inputs: DemuxerInputs
    private let held: [Packet]
    private var holds: [Bool]
    private var ended: [Bool]
    private var times: [Double?]
    /// The inputs with a stream being played: the others are not read.
    var routed: Set<Int> = []

    init(_ inputs: DemuxerInputs) {
        self.inputs = inputs
        held = inputs.files.map { _ in Packet() }
        holds = inputs.files.map { _ in false }
        ended = holds
        times = inputs.files.map { _ in nil }
    }

    /// After a seek: what each input held is from before it.
    func reset() {
        for input in held.indices where holds[input] { av_packet_unref(held[input].pointer) }
        holds = holds.map { _ in false }
        ended = holds
    }

    /// Gives up on an input that keeps failing.
    func end(_ input: Int) { ended[input] = true }

    func read(into packet: Packet) -> Outcome {
        for input in held.indices {
            let media = inputs.files[input]
            guard routed.contains(input), !ended[input] else {
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
