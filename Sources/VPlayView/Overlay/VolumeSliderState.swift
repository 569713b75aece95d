import VPlayCore

/// The volume slider's interaction. Unlike the seek slider it acts at once: a press sets the
/// volume under the pointer and a drag keeps setting it, in whole percents and only when the
/// value changes, so the sound follows the hand. Full scale is the player's `volumeMax`.
public struct VolumeSliderState: Equatable, Sendable {
    public struct Drag: Equatable, Sendable {
        /// Where the thumb is drawn, 0...1.
        public var fraction: Double
        /// Pointer x minus thumb centre at press: grabbing the thumb off-centre must not make it jump.
        var grabOffset: Double
        /// The last volume asked for in this drag; nil before the first.
        var lastSent: Double?
    }

    /// nil while the slider is not held.
    public private(set) var held: Drag?

    public init() {}

    public var isDragging: Bool { held != nil }

    /// Where the thumb is drawn: the pointer's value while dragging, otherwise the player's.
    public func displayedFraction(state: PlayerState) -> Double {
        if let held { return held.fraction }
        guard state.volumeMax > 0 else { return 0 }
        return min(1, max(0, state.volume / state.volumeMax))
    }

    /// A press on the thumb grabs it where it is and changes nothing yet; a press elsewhere on
    /// the track sets the volume there. Inert without a volume slider.
    public mutating func press(atX x: Double, layout: OverlayLayout, state: PlayerState) -> [PlayerCommand] {
        guard state.volumeMax > 0, let thumb = layout.volumeThumbX(for: displayedFraction(state: state)) else {
            return []
        }
        let onThumb = abs(x - thumb) <= layout.volumeThumbRadius * 1.5
        let grabOffset = onThumb ? x - thumb : 0
        held = Drag(fraction: layout.volumeFraction(atX: x - grabOffset), grabOffset: grabOffset,
                    lastSent: onThumb ? state.volume : nil)
        return onThumb ? [] : send(state: state)
    }

    public mutating func drag(toX x: Double, layout: OverlayLayout, state: PlayerState) -> [PlayerCommand] {
        guard var held else { return [] }
        held.fraction = layout.volumeFraction(atX: x - held.grabOffset)
        self.held = held
        return send(state: state)
    }

    /// Ends the drag at `x`, setting the volume there if it changed.
    public mutating func release(atX x: Double, layout: OverlayLayout, state: PlayerState) -> [PlayerCommand] {
        let commands = drag(toX: x, layout: layout, state: state)
        held = nil
        return commands
    }

    private mutating func send(state: PlayerState) -> [PlayerCommand] {
        guard var held else { return [] }
        let volume = (held.fraction * state.volumeMax).rounded()
        guard volume != held.lastSent else { return [] }
        held.lastSent = volume
        self.held = held
        return [.setVolume(volume)]
    }
}
