/// How an on-screen message leaves: fully shown until `duration` before its expiry, then
/// fading out in `steps` even steps. The opacity is quantised so the picture changes only at
/// step boundaries, and `nextDeadline` names them: the loop wakes for each step, then sleeps.
/// Times are the main loop's monotonic seconds (the player's `messageExpiry` clock).
public enum MessageFade {
    public static let duration: Double = 0.3
    public static let steps = 10

    private static var stepLength: Double { duration / Double(steps) }

    /// `steps` while fully shown, down to 1 in the last step, 0 once expired.
    public static func level(now: Double, expiry: Double) -> Int {
        let remaining = expiry - now
        guard remaining > 0 else { return 0 }
        guard remaining < duration else { return steps }
        // The small bias keeps a wake-up exactly on a boundary on the lower level.
        return min(steps, max(0, Int((remaining / stepLength - 1e-9).rounded(.up))))
    }

    /// 1 while fully shown, 0 once expired.
    public static func opacity(now: Double, expiry: Double) -> Double {
        Double(level(now: now, expiry: expiry)) / Double(steps)
    }

    /// When the opacity next changes (the fade's next step, or the expiry itself); nil once
    /// expired or when the expiry is not finite.
    public static func nextDeadline(now: Double, expiry: Double) -> Double? {
        let level = level(now: now, expiry: expiry)
        guard level > 0, expiry.isFinite else { return nil }
        return expiry - Double(level - 1) * stepLength
    }
}
