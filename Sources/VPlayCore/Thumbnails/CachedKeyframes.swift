/// The keyframes of the video stream that playback holds in its demuxer cache: a preview of a
/// moment they cover is decoded from them, with no read from the source (for a network
/// source, no request to its server).
public final class CachedKeyframes: Sendable {
    /// The stream whose packets the cache holds.
    let streamIndex: Int
    private let packets: PacketQueue

    init(streamIndex: Int, packets: PacketQueue) {
        self.streamIndex = streamIndex
        self.packets = packets
    }

    /// The keyframe at or before `time` (seconds on the media timeline) and when the next one
    /// held starts; nil when the cache cannot tell.
    func keyframe(at time: Double) -> (packet: Packet, time: Double, nextKeyframeTime: Double?)? {
        packets.keyframe(at: time)
    }
}
