import CFFmpeg
@testable import VPlayCore

/// Gives a test packet a payload of `size` bytes.
func av_new_packet_checked(_ packet: Packet, size: Int) -> Int32 {
    av_new_packet(packet.pointer, Int32(size))
}

/// A packet at `second` on a 1 ms time base, 1 s long, with `size` bytes.
func timedPacket(at second: Int, keyframe: Bool, size: Int = 100) -> Packet {
    let packet = Packet()
    precondition(av_new_packet_checked(packet, size: size) == 0)
    packet.pointer.pointee.pts = Int64(second * 1000)
    packet.pointer.pointee.dts = Int64(second * 1000)
    packet.pointer.pointee.duration = 1000
    if keyframe { packet.pointer.pointee.flags |= AV_PKT_FLAG_KEY }
    return packet
}
