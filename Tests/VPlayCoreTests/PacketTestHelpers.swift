import CFFmpeg
@testable import VPlayCore

/// Gives a test packet a payload of `size` bytes.
func av_new_packet_checked(_ packet: Packet, size: Int) -> Int32 {
    av_new_packet(packet.pointer, Int32(size))
}
