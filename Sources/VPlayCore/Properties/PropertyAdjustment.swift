/// A change relative to a property's current value (mpv's `add`, `multiply`, `cycle`).
/// The player resolves it against its live state when it applies it, so two adjustments
/// sent before a frame is published build on each other instead of on a stale snapshot.
public enum PropertyAdjustment: Sendable, Equatable {
    case add(Double)
    case multiply(Double)
    /// To the next value (`up`) or the previous one; a flag flips either way.
    case cycle(up: Bool)
}
