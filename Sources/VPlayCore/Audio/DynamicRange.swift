import Foundation

/// Night mode (`--drc`): a compressor that brings loud passages down towards speech, so the
/// volume can stay low. Its static curve, declared here once, is both what the tests check and
/// what libavfilter's `acompressor` is given.
public enum DynamicRange: String, CaseIterable, Sendable {
    case no, light, strong

    /// Level (dBFS) above which the sound is compressed, the ratio above it, and the gain
    /// given back to the whole (so quiet passages come up as loud ones go down).
    struct Curve: Equatable {
        var threshold: Double
        var ratio: Double
        var makeup: Double
    }

    var curve: Curve? {
        switch self {
        case .no: nil
        case .light: Curve(threshold: -24, ratio: 2, makeup: 4)
        case .strong: Curve(threshold: -32, ratio: 4, makeup: 9)
        }
    }

    /// The steady output level (dBFS) for a steady input level, by the curve.
    public func outputLevel(for input: Double) -> Double {
        guard let curve else { return input }
        let above = max(0, input - curve.threshold)
        return input - above + above / curve.ratio + curve.makeup
    }

    /// The filter for libavfilter, nil for `no`. Attack and release are a broadcaster's: fast
    /// enough to catch an explosion, slow enough not to pump on speech.
    public var graph: String? {
        guard let curve else { return nil }
        let threshold = pow(10, curve.threshold / 20), makeup = pow(10, curve.makeup / 20)
        return String(format: "acompressor=threshold=%.6f:ratio=%g:attack=10:release=300:makeup=%.6f:knee=1", threshold, curve.ratio, makeup)
    }
}
