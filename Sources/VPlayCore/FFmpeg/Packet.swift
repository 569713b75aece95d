import CFFmpeg

/// Owns one AVPacket. Moves between threads only inside a `PacketQueue`.
final class Packet: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<AVPacket>

    init() {
        guard let p = av_packet_alloc() else { fatalError("av_packet_alloc: out of memory") }
        pointer = p
    }

    deinit {
        var p: UnsafeMutablePointer<AVPacket>? = pointer
        av_packet_free(&p)
    }

    var streamIndex: Int { Int(pointer.pointee.stream_index) }
    var size: Int { Int(pointer.pointee.size) }
    /// Duration in the stream's time base.
    var duration: Int64 { pointer.pointee.duration }

    /// Bytes that holding this packet keeps in memory: the buffer it refers to (its payload
    /// with FFmpeg's padding, or the whole pooled buffer a demuxer handed out), its side data,
    /// and `bookkeepingBytes`. The demuxer cache's limits count this rather than the payload,
    /// which for small packets (audio: a few hundred bytes) is well under half of it.
    var footprint: Int {
        let p = pointer.pointee
        var bytes = p.buf.map { Int($0.pointee.size) } ?? Int(p.size)
        for index in 0..<Int(p.side_data_elems) { bytes += Int(p.side_data[index].size) }
        return bytes + Self.bookkeepingBytes
    }

    /// What a packet costs beyond its buffer, measured with glibc: ~420-480 bytes for the
    /// AVPacket, its buffer reference and buffer header (each allocated 64-byte aligned, with
    /// the allocator's headers and alignment gaps), ~64 for this object and its queue entry.
    static let bookkeepingBytes = 544
}
