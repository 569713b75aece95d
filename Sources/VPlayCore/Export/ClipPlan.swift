/// How a clip from A to B is cut out of a video stream without re-encoding all of it (a smart
/// cut): the pictures from A up to the first keyframe after it are decoded and encoded again,
/// so the clip starts exactly at A; whole groups of pictures from there on are copied as they
/// are; the pictures from the last keyframe before B up to B are encoded again, so nothing
/// past B shows. Groups are taken as closed (a group's pictures refer only to each other), as
/// encoders make them unless told otherwise. Times are in the stream's time base.
public struct ClipPlan: Equatable, Sendable {
    /// A video packet as the demuxer gives it, in decoding order.
    public struct Packet: Equatable, Sendable {
        public var pts: Int64
        public var dts: Int64
        public var isKeyframe: Bool

        public init(pts: Int64, dts: Int64, isKeyframe: Bool) {
            self.pts = pts
            self.dts = dts
            self.isKeyframe = isKeyframe
        }
    }

    public enum Segment: Equatable, Sendable {
        /// Decode the packets `decode` (indices, a whole group) and encode again the pictures
        /// whose time is in `keep`; the new packets' decoding times are their times less
        /// `delay`, so they stay before the copied packets that follow.
        case reencode(decode: Range<Int>, keep: Range<Int64>, delay: Int64)
        /// Copy these packets (indices) as they are.
        case copy(Range<Int>)
    }

    public let segments: [Segment]
    /// The clip's first moment: the time of the picture showing at A. Every packet of the
    /// clip is moved back by it, so the clip starts at 0.
    public let start: Int64
    /// B: pictures from here on are not in the clip.
    public let end: Int64

    /// The plan for a file without video: everything from `start` to `end` is copied.
    public init(start: Int64, end: Int64) {
        segments = []
        self.start = start
        self.end = end
    }

    /// nil when the packets hold no keyframe at or before A, or A is not before B.
    /// - Parameters:
    ///   - packets: the stream's packets in decoding order, from a keyframe at or before A to
    ///     the first keyframe after B (or the stream's end).
    public init?(packets: [Packet], from a: Int64, to b: Int64) {
        let keys = packets.indices.filter { packets[$0].isKeyframe }
        // A before the first picture means the first picture.
        let a = max(a, packets.map(\.pts).min() ?? a)
        // The picture showing at A is the last one starting at or before it.
        guard let start = packets.map(\.pts).filter({ $0 <= a }).max(),
              let keyBefore = keys.last(where: { packets[$0].pts <= start }), start < b else { return nil }
        self.start = start
        end = b
        func groupEnd(_ key: Int) -> Int { keys.first { $0 > key } ?? packets.count }
        func delay(_ key: Int) -> Int64 { max(0, packets[key].pts - packets[key].dts) }

        var segments: [Segment] = []
        let inside = keys.filter { packets[$0].pts >= start && packets[$0].pts < b }
        if let first = inside.first, let last = inside.last {
            if start < packets[first].pts {
                segments.append(.reencode(decode: keyBefore..<first, keep: start..<packets[first].pts, delay: delay(first)))
            }
            // A last group that ends before B (on B's keyframe, or at the stream's end) is copied whole.
            let isWhole = packets[last..<groupEnd(last)].allSatisfy { $0.pts < b }
            let copyEnd = isWhole ? groupEnd(last) : last
            if copyEnd > first { segments.append(.copy(first..<copyEnd)) }
            if !isWhole {
                segments.append(.reencode(decode: last..<groupEnd(last), keep: packets[last].pts..<b, delay: delay(last)))
            }
        } else {
            segments.append(.reencode(decode: keyBefore..<groupEnd(keyBefore), keep: start..<b, delay: 0))
        }
        self.segments = segments
    }

    /// The plan when no stretch can be encoded again: the clip starts at the keyframe at or
    /// before A, and its packets are copied in decoding order up to the last picture starting
    /// before B. nil when the packets hold no keyframe at or before A, or A is not before B.
    public init?(keyframeCutOf packets: [Packet], from a: Int64, to b: Int64) {
        let a = max(a, packets.map(\.pts).min() ?? a)
        guard let key = packets.indices.last(where: { packets[$0].isKeyframe && packets[$0].pts <= a }),
              packets[key].pts < b,
              let last = packets.indices.last(where: { packets[$0].pts < b }) else { return nil }
        start = packets[key].pts
        end = b
        segments = last >= key ? [.copy(key..<last + 1)] : []
    }
}
