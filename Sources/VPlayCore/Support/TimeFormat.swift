/// Time labels: `m:ss`, or `h:mm:ss` when the reference duration is an hour or longer.
public enum TimeFormat {
    /// Formats `seconds` in the style chosen by `duration` so both halves of
    /// `elapsed / total` line up. Unknown or non-finite values print `--:--`.
    public static func label(_ seconds: Double?, duration: Double? = nil) -> String {
        guard let seconds, seconds.isFinite else { return "--:--" }
        let total = Int(max(0, seconds).rounded(.down))
        let h = total / 3600, m = (total % 3600) / 60, s = total % 60
        let longForm = (duration.map { $0.isFinite && $0 >= 3600 } ?? false) || total >= 3600
        if longForm {
            return "\(h):\(twoDigits(m)):\(twoDigits(s))"
        }
        return "\(m):\(twoDigits(s))"
    }

    /// `elapsed / total` as the overlay shows it.
    public static func pair(position: Double, duration: Double?) -> String {
        let reference = duration ?? position
        return "\(label(position, duration: reference)) / \(label(duration, duration: reference))"
    }

    private static func twoDigits(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
}
