/// The packets of a paused exact seek, from its keyframe to the target's own packet. Once that
/// packet is in, the decoder drains the codec: the target comes out at once instead of after
/// the frames that follow it in decode order (the codec holds a picture back until later ones
/// arrive to put it in display order, and each frame thread holds one more). Draining ends the
/// codec's stream, so the kept packets are then decoded again, showing nothing up to the
/// target, to go on from there.
struct SeekApproach {
    /// More packets than this (a very long keyframe interval) are not kept: no drain then.
    static let packetLimit = 300
    /// Packets shown this long after the target mean it was passed without a packet of its own
    /// (reordering never spans this much).
    static let overshoot = 1.0

    private(set) var packets: [Packet] = []
    private let target: Double
    private var isGivenUp = false

    init(target: Double) {
        self.target = target
    }

    /// Keeps `packet` (shown from `start` to `end` seconds); true when it is the target's own,
    /// the moment to drain.
    mutating func keep(_ packet: Packet, start: Double, end: Double) -> Bool {
        guard !isGivenUp else { return false }
        guard packets.count < Self.packetLimit, start.isFinite, start <= target + Self.overshoot else {
            giveUp()
            return false
        }
        packets.append(packet)
        return start <= target && target < end
    }

    /// No drain for this seek: the packets are let go.
    private mutating func giveUp() {
        isGivenUp = true
        packets = []
    }
}
