import VPlayCore

/// Everything that decides the overlay's pixels and nothing else: two equal looks draw the
/// same picture, so comparing looks tells the loop whether the overlay needs a redraw.
/// Numbers only (texts are derived), so computing one every frame allocates nothing.
public struct OverlayLook: Equatable, Sendable {
    public struct Tooltip: Equatable, Sendable {
        /// The x the bubble is centred on.
        public var x: Double
        /// Whole seconds under the pointer.
        public var seconds: Double
    }

    public var layout: OverlayLayout
    /// The button shows the action it will take: ▶ while paused, ❚❚ while playing.
    public var showsPlayIcon: Bool
    /// Whole seconds shown in the label.
    public var elapsed: Double
    /// nil while the duration is unknown.
    public var duration: Double?
    /// Thumb centre, rounded to a quarter point so playback redraws only when the thumb
    /// visibly moves; nil while the duration is unknown.
    public var thumbX: Double?
    public var hovered: OverlayElement?
    public var tooltip: Tooltip?

    public var timeText: String {
        TimeFormat.pair(position: elapsed, duration: duration)
    }

    public var tooltipText: String? {
        tooltip.map { TimeFormat.label($0.seconds, duration: duration) }
    }
}
