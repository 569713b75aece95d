import VPlayCore

/// The seek slider's interaction: idle → hovering (tooltip under the pointer) → dragging →
/// release, which produces the seek. While held, the thumb follows the pointer and playback
/// does not move it.
public struct SliderState: Equatable, Sendable {
    public enum Phase: Equatable, Sendable {
        case idle
        /// Over the slider, not pressed: the tooltip shows the time at `fraction`.
        case hovering(fraction: Double)
        case dragging(Drag)
    }

    public struct Drag: Equatable, Sendable {
        /// Where the thumb is drawn, 0...1.
        public var fraction: Double
        /// The pause state at press time, restored after the seek.
        public var wasPaused: Bool
        /// Pointer x minus thumb centre at press: grabbing the thumb off-centre must not make it jump.
        var grabOffset: Double
        var grabbedThumb: Bool
        var hasMoved = false
    }

    public private(set) var phase: Phase = .idle

    public init() {}

    public var isDragging: Bool {
        if case .dragging = phase { return true }
        return false
    }

    /// The fraction the tooltip describes, if one is shown.
    public var tooltipFraction: Double? {
        switch phase {
        case .idle: nil
        case .hovering(let fraction): fraction
        case .dragging(let drag): drag.fraction
        }
    }

    /// Where the thumb is drawn: the pointer's value while dragging, otherwise playback's.
    public func displayedFraction(state: PlayerState) -> Double? {
        if case .dragging(let drag) = phase { return drag.fraction }
        return state.percentPosition.map { $0 / 100 }
    }

    /// The pointer moved to `x` over the slider, or off it when `x` is nil. Ignored while dragging.
    public mutating func hover(atX x: Double?, layout: OverlayLayout, duration: Double?) {
        guard !isDragging else { return }
        if let x, Self.isSeekable(duration) {
            phase = .hovering(fraction: layout.fraction(atX: x))
        } else {
            phase = .idle
        }
    }

    /// Starts a drag. A press on the thumb grabs it where it is; a press elsewhere on the track
    /// moves it under the pointer. Without a known duration the slider is inert.
    public mutating func press(atX x: Double, layout: OverlayLayout, state: PlayerState) {
        guard Self.isSeekable(state.duration) else { return }
        let current = displayedFraction(state: state).map(layout.thumbX(for:))
        let onThumb = current.map { abs(x - $0) <= layout.thumbRadius * 1.5 } ?? false
        let grabOffset = onThumb ? x - (current ?? x) : 0
        phase = .dragging(Drag(fraction: layout.fraction(atX: x - grabOffset), wasPaused: state.isPaused,
                               grabOffset: grabOffset, grabbedThumb: onThumb))
    }

    public mutating func drag(toX x: Double, layout: OverlayLayout) {
        guard case .dragging(var drag) = phase else { return }
        drag.fraction = layout.fraction(atX: x - drag.grabOffset)
        drag.hasMoved = true
        phase = .dragging(drag)
    }

    /// Ends the drag at `x` and returns the seek: pause → exact seek → restore the pause state
    /// from press time (the engine keeps its speed across a pause, so the rate comes back too).
    /// A thumb pressed and released without moving seeks nowhere.
    public mutating func release(atX x: Double, layout: OverlayLayout, duration: Double?) -> [PlayerCommand] {
        guard case .dragging(let drag) = phase else { return [] }
        phase = .idle
        let fraction = layout.fraction(atX: x - drag.grabOffset)
        let moved = drag.hasMoved || fraction != drag.fraction
        guard let duration, Self.isSeekable(duration), moved || !drag.grabbedThumb else { return [] }
        return [.setPaused(true), .seek(.absolute(fraction * duration), .exact), .setPaused(drag.wasPaused)]
    }

    private static func isSeekable(_ duration: Double?) -> Bool {
        guard let duration else { return false }
        return duration.isFinite && duration > 0
    }
}
