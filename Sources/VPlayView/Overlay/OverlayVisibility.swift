/// When the bar is on screen: after pointer activity, for `hideDelay` seconds; always while
/// it is held (paused, pointer over the bar, dragging). Times are the main loop's monotonic
/// seconds. `nextDeadline` lets the loop sleep until the hide moment instead of polling.
public struct OverlayVisibility: Equatable, Sendable {
    public static let hideDelay: Double = 2

    private var lastActivity: Double

    /// Starts shown, as if the pointer had just moved, so a new window shows its controls.
    public init(now: Double) {
        lastActivity = now
    }

    public mutating func noteActivity(at now: Double) {
        lastActivity = now
    }

    public func isShown(now: Double, isHeld: Bool) -> Bool {
        isHeld || now < lastActivity + Self.hideDelay
    }

    /// The moment the bar will hide if nothing happens, or nil when no timer is running
    /// (held, or already hidden).
    public func nextDeadline(now: Double, isHeld: Bool) -> Double? {
        let hideAt = lastActivity + Self.hideDelay
        return !isHeld && now < hideAt ? hideAt : nil
    }

    /// In fullscreen the cursor goes away with the bar; in a window it always stays.
    public func hidesCursor(now: Double, isHeld: Bool, isFullscreen: Bool) -> Bool {
        isFullscreen && !isShown(now: now, isHeld: isHeld)
    }
}
