/// When pictures go up against the master clock. Each frame is due the moment the master
/// clock reaches its timestamp, as in mpv: the A/V offset then stays within the master
/// clock's own jitter. (ffplay's frame timer corrects only past ±40 ms, so whatever offset
/// a run starts with, it keeps.)
public enum SyncDecision {
    /// A frame due this long ago means playback stalled: restart the timeline, don't rush.
    public static let maxThreshold = 0.1
    /// Beyond this the clocks are too far apart to be the same timeline: no correction.
    public static let noSyncThreshold = 10.0

    /// Monotonic time at which a frame stamped `pts` should go up.
    /// - Parameters:
    ///   - master: the master clock's reading at `now` (same timeline as `pts`); nil when
    ///     there is none to follow (video is master, stepping frame by frame).
    ///   - fallback: the due time by frame durations alone, used without a usable master.
    ///   - lead: how long a picture takes from this decision to the screen: it goes up that
    ///     much earlier, so it is seen on time.
    public static func dueTime(pts: Double, master: Double?, now: Double, speed: Double, fallback: Double,
                               lead: Double = 0) -> Double {
        guard let master, pts.isFinite, master.isFinite, abs(pts - master) < noSyncThreshold, speed > 0 else {
            return fallback
        }
        return now + (pts - master) / speed - lead
    }

    /// The duration between two consecutive pictures, trusting timestamps when sane.
    public static func frameDuration(current: Double, next: Double, nominal: Double, maxDuration: Double) -> Double {
        let gap = next - current
        if !gap.isFinite || gap <= 0 || gap > maxDuration { return nominal }
        return gap
    }
}
