import Foundation

/// `--normalize`: each file played at one constant gain that
/// brings its integrated loudness (EBU R128) to `--normalize-target`, its own (`track`) or its
/// album's (`album`: the files of its folder, see `AlbumLoudness`). One gain per file, never a
/// moving one, so nothing pumps.
public enum LoudnessNormalization: String, CaseIterable, Sendable {
    case no, track, album

    /// The targets accepted, in LUFS: quieter than broadcast's floor or louder than a master's
    /// ceiling would be a mistake.
    public static let targetRange: ClosedRange<Double> = -40 ... -5
    /// The most a file is raised or lowered: beyond it a measurement is doubted, not obeyed.
    public static let gainLimit = 20.0
    /// ebur128's floor: a file no louder than this is silence, left as it is.
    static let silence = -70.0

    /// The gain (dB) that brings `integrated` LUFS to `target`, within ±`gainLimit`; 0 when
    /// there is nothing to go by (silence, no measurement, not a number).
    public static func gain(integrated: Double?, target: Double) -> Double {
        guard let integrated, integrated.isFinite, integrated > silence, target.isFinite else { return 0 }
        return min(gainLimit, max(-gainLimit, target - integrated))
    }

    /// The libavfilter stage applying `gain` dB, nil when there is nothing to apply.
    public static func graph(gain: Double) -> String? {
        guard gain.isFinite, abs(gain) >= 0.01 else { return nil }
        return String(format: "volume=%.2fdB", gain)
    }
}
