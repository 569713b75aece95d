import CFFmpeg

/// Which frames an exact seek may leave undecoded, packet by packet in decode order from the
/// keyframe before the target. Frames that end before the target are never shown:
/// - those no other frame refers to are skipped always (`AVDISCARD_NONREF`);
/// - where the file allows it (`SeekShortcutCheck`), so are all B-frames of each mini-GOP whose
///   anchor (the I- or P-frame decoded before them and shown after them) is no later than the
///   target. Only the chain of anchors is then decoded up to the target's own mini-GOP.
struct SeekShortcut {
    /// Latest start time among the packets since the seek: the anchor of the current mini-GOP.
    private var anchor = -Double.infinity
    /// The anchor before that one.
    private var previousAnchor = -Double.infinity

    /// A new seek: decoding starts again at a keyframe.
    mutating func reset() {
        anchor = -.infinity
        previousAnchor = -.infinity
    }

    /// What the codec may skip of the packet shown from `start` to `end` (seconds) when
    /// decoding towards `target` (nil: no exact seek under way).
    mutating func discard(start: Double, end: Double, target: Double?, skipsBFrames: Bool) -> AVDiscard {
        let anchorBefore = anchor, span = anchor - previousAnchor
        if start.isFinite && start > anchor {
            previousAnchor = anchor
            anchor = start
        }
        guard let target, end.isFinite, end <= target else { return AVDISCARD_DEFAULT }
        // Shown before a frame already decoded: a B-frame of the mini-GOP that anchor closes.
        // The next two mini-GOPs' B-frames may still refer to it: only a mini-GOP that ends
        // two spans before the target is left out.
        if skipsBFrames, start < anchorBefore, span.isFinite, anchorBefore + 2 * span <= target { return AVDISCARD_BIDIR }
        return AVDISCARD_NONREF
    }
}
