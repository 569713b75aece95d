import Foundation

/// How highlights brighter than SDR white are brought into range (`--tone-mapping`, mpv's
/// names). Every curve works on light relative to HDR reference white (203 cd/m², BT.2408),
/// which SDR white stands for, and leaves content no brighter than that untouched.
public enum ToneMappingCurve: String, CaseIterable, Sendable {
    /// `mobius` kept linear up to 70 % of SDR white: reference white shows at about 0.94 of
    /// white on screen and highlights roll off smoothly to the stream's peak.
    case auto
    /// Everything above SDR white shows as white.
    case clip
    /// Linear up to 30 % of white, then a Möbius roll-off (mpv's default parameter).
    case mobius
    /// Reinhard's x / (x + 1), scaled so the peak reaches white.
    case reinhard
    /// Hable's filmic curve, scaled so the peak reaches white.
    case hable
    /// ITU-R BT.2390's EETF: a spline in PQ space towards a 203 cd/m² display peak.
    case bt2390 = "bt.2390"

    /// `x` (1 = reference white) mapped to SDR light (1 = white), for a stream whose
    /// brightest content is `peak` (same unit). Never above 1.
    public func map(_ x: Double, peak: Double) -> Double {
        guard x > 0 else { return 0 }
        guard peak > 1 else { return min(x, 1) }
        let y: Double = switch self {
        case .clip: x
        case .auto: Self.mobius(x, peak: peak, knee: 0.7)
        case .mobius: Self.mobius(x, peak: peak, knee: 0.3)
        case .reinhard: x / (x + 1) * (peak + 1) / peak
        case .hable: Self.hable(x) / Self.hable(peak)
        case .bt2390: Self.bt2390(x, peak: peak)
        }
        return min(max(y, 0), 1)
    }

    private static func mobius(_ x: Double, peak: Double, knee j: Double) -> Double {
        guard x > j, peak > j + 1e-6 else { return x }
        let a = -j * j * (peak - 1) / (j * j - 2 * j + peak)
        let b = (j * j - 2 * j * peak + peak) / max(1e-6, peak - 1)
        return (b * b + 2 * b * j + j * j) / (b - a) * (x + a) / (x + b)
    }

    private static func hable(_ x: Double) -> Double {
        let (a, b, c, d, e, f) = (0.15, 0.50, 0.10, 0.20, 0.02, 0.30)
        return (x * (a * x + c * b) + d * e) / (x * (a * x + b) + d * f) - e / f
    }

    private static func bt2390(_ x: Double, peak: Double) -> Double {
        let white = HDRTransfer.referenceWhite
        let sourcePeak = HDRTransfer.pqEncode(nits: peak * white)
        let e = HDRTransfer.pqEncode(nits: x * white) / sourcePeak
        let maxLuminance = HDRTransfer.pqEncode(nits: white) / sourcePeak
        let knee = 1.5 * maxLuminance - 0.5
        var mapped = e
        if e > knee {
            let t = (e - knee) / (1 - knee)
            let t2 = t * t, t3 = t2 * t
            mapped = (2 * t3 - 3 * t2 + 1) * knee + (t3 - 2 * t2 + t) * (1 - knee) + (-2 * t3 + 3 * t2) * maxLuminance
        }
        return HDRTransfer.pqDecode(mapped * sourcePeak) / white
    }
}
