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
}
