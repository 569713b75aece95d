/// How long to keep the current picture before showing the next one, adjusted so the
/// video follows the master clock (ffplay's compute_target_delay).
public enum SyncDecision {
    /// Below this the picture is not corrected; above `maxThreshold` it always is.
    public static let minThreshold = 0.04
    public static let maxThreshold = 0.1
    /// A frame longer than this is repeated rather than stretched to catch up.
    public static let frameDuplicationThreshold = 0.1
    /// Beyond this the clocks are too far apart to be the same timeline: no correction.
    public static let noSyncThreshold = 10.0

    /// - Parameters:
    ///   - delay: the nominal duration of the picture on screen.
    ///   - difference: video clock minus master clock (seconds); positive = video ahead.
    public static func targetDelay(_ delay: Double, difference: Double) -> Double {
        guard difference.isFinite, abs(difference) < noSyncThreshold else { return delay }
        let threshold = max(minThreshold, min(maxThreshold, delay))
        if difference <= -threshold {
            return max(0, delay + difference)
        }
        if difference >= threshold && delay > frameDuplicationThreshold {
            return delay + difference
        }
        if difference >= threshold {
            return 2 * delay
        }
        return delay
    }

    /// The duration between two consecutive pictures, trusting timestamps when sane.
    public static func frameDuration(current: Double, next: Double, nominal: Double, maxDuration: Double) -> Double {
        let gap = next - current
        if !gap.isFinite || gap <= 0 || gap > maxDuration { return nominal }
        return gap
    }
}
