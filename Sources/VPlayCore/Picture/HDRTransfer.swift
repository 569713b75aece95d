import Foundation

/// The HDR transfer functions (SMPTE ST 2084 PQ, ARIB STD-B67 HLG) and the display encoding
/// of the SDR result. Pure functions, in the units the tone mapper uses.
public enum HDRTransfer {
    /// HDR reference white (diffuse white, BT.2408), cd/m²: shown as SDR white.
    public static let referenceWhite = 203.0
    /// HLG's nominal display peak, cd/m², for which its system gamma is 1.2.
    public static let hlgNominalPeak = 1000.0

    private static let m1 = 2610.0 / 16384, m2 = 2523.0 / 4096 * 128
    private static let c1 = 3424.0 / 4096, c2 = 2413.0 / 4096 * 32, c3 = 2392.0 / 4096 * 32

    /// PQ signal 0...1 → cd/m² (0...10000).
    public static func pqDecode(_ signal: Double) -> Double {
        let e = pow(min(max(signal, 0), 1), 1 / m2)
        return 10000 * pow(max(e - c1, 0) / (c2 - c3 * e), 1 / m1)
    }

    /// cd/m² → PQ signal 0...1.
    public static func pqEncode(nits: Double) -> Double {
        let y = pow(min(max(nits, 0), 10000) / 10000, m1)
        return pow((c1 + c2 * y) / (1 + c3 * y), m2)
    }

    private static let hlgA = 0.17883277, hlgB = 1 - 4 * 0.17883277, hlgC = 0.5 - 0.17883277 * log(4 * 0.17883277)

    /// HLG signal 0...1 → scene light 0...1 (the inverse OETF).
    public static func hlgSceneLight(_ signal: Double) -> Double {
        let e = min(max(signal, 0), 1)
        return e <= 0.5 ? e * e / 3 : (exp((e - hlgC) / hlgA) + hlgB) / 12
    }

    /// HLG's system gamma for a display of `peak` cd/m² (BT.2100, extended range).
    public static func hlgSystemGamma(peak: Double) -> Double {
        1.2 + 0.42 * log10(max(peak, 1) / hlgNominalPeak)
    }

    /// Linear SDR light 0...1 → the value sent to a BT.1886 display (gamma 2.4).
    public static func displayEncode(_ light: Double) -> Double {
        pow(min(max(light, 0), 1), 1 / 2.4)
    }
}
