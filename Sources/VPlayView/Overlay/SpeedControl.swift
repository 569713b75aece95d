import VPlayCore

/// The speed label's arithmetic: what a click or a wheel notch asks for, and how a speed reads.
public enum SpeedControl {
    /// A click moves to the next larger step, wrapping from the last to the first.
    public static let steps: [Double] = [0.5, 0.75, 1, 1.25, 1.5, 2]
    /// Per wheel notch.
    public static let wheelStep: Double = 0.25

    /// The step after `speed`: the first one larger than it, else the first of all.
    public static func next(after speed: Double) -> Double {
        steps.first { $0 > speed + 1e-6 } ?? steps[0]
    }

    /// `speed` moved by `notches` wheel steps and clamped to `Speed.range`.
    public static func wheel(from speed: Double, notches: Int) -> Double {
        min(Speed.range.upperBound, max(Speed.range.lowerBound, speed + wheelStep * Double(notches)))
    }

    /// "1×", "1.5×", "0.75×": at most two decimals, no trailing zeros.
    public static func label(_ speed: Double) -> String {
        let hundredths = Int((max(0, speed) * 100).rounded())
        let whole = hundredths / 100, fraction = hundredths % 100
        if fraction == 0 { return "\(whole)×" }
        if fraction % 10 == 0 { return "\(whole).\(fraction / 10)×" }
        return "\(whole).\(fraction < 10 ? "0" : "")\(fraction)×"
    }
}
