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

    /// The levels of the centre and the surrounds against a front channel's 1, where they are
    /// folded into the fronts (libswresample's own are 0.707 for both) and where they are kept
    /// as channels (1).
    public struct Downmix: Equatable, Sendable {
        public var centre: Double
        public var surround: Double
    }

    /// Night mode keeps dialogue forward: the centre, where films put speech, 3 dB above the
    /// fronts and the surrounds' effects and music 6 dB below them, so speech stays clear at a
    /// low volume and the compressor is driven by it rather than by effects. Nil for `no`
    /// (the channels as they are, libswresample's own levels where folded).
    public var downmix: Downmix? {
        self == .no ? nil : Downmix(centre: 1.414, surround: 0.5)
    }

    /// The filter for libavfilter, nil for `no`. Attack and release are a broadcaster's: fast
    /// enough to catch an explosion, slow enough not to pump on speech.
    public var graph: String? {
        guard let curve else { return nil }
        let threshold = pow(10, curve.threshold / 20), makeup = pow(10, curve.makeup / 20)
        return String(format: "acompressor=threshold=%.6f:ratio=%g:attack=10:release=300:makeup=%.6f:knee=1", threshold, curve.ratio, makeup)
    }
}
