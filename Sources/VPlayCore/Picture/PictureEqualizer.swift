import CPictureKernels
import Foundation

/// mpv's colour adjustments (`brightness`, `contrast`, `saturation`, `gamma`, `hue`, each
/// −100…100, 0 leaves the picture as it is), worked into the Y'CbCr → R'G'B' matrix the
/// conversion uses anyway: contrast scales it, saturation and hue turn its chroma
/// coefficients, brightness lifts all three components; gamma, the one curve, is a table of
/// 256 luma codes. Nothing is added per pixel unless gamma (or a contrast past what the
/// kernel's luma multiply holds) needs the table.
public struct PictureEqualizer: Sendable, Equatable, Hashable {
    public enum Control: String, Sendable, CaseIterable {
        case brightness, contrast, saturation, gamma, hue
    }

    public static let range = -100...100

    public var brightness = 0
    public var contrast = 0
    public var saturation = 0
    public var gamma = 0
    public var hue = 0

    public init() {}

    public subscript(control: Control) -> Int {
        get {
            switch control {
            case .brightness: brightness
            case .contrast: contrast
            case .saturation: saturation
            case .gamma: gamma
            case .hue: hue
            }
        }
        set {
            let value = min(Self.range.upperBound, max(Self.range.lowerBound, newValue))
            switch control {
            case .brightness: brightness = value
            case .contrast: contrast = value
            case .saturation: saturation = value
            case .gamma: gamma = value
            case .hue: hue = value
            }
        }
    }

    /// All at 0: the conversion is the plain one.
    public var isNeutral: Bool { self == PictureEqualizer() }

    /// `base` (a frame's plain matrix) with the adjustments worked in, and the luma table the
    /// kernel must be given (nil: none). The table's codes stand for `base`'s luma scale; the
    /// returned matrix's `luma_table` is left nil for the caller to point at its own copy.
    func adjusting(_ base: vp_yuv_matrix) -> (matrix: vp_yuv_matrix, lumaTable: [UInt8]?) {
        guard !isNeutral else { return (base, nil) }
        let gain = 1 + Double(contrast) / 100
        let angle = Double(hue) / 100 * Double.pi
        let turn = (cos: (1 + Double(saturation) / 100) * cos(angle), sin: (1 + Double(saturation) / 100) * sin(angle))
        let fixed: (Double) -> Int32 = { Int32(max(-Double(Int32.max), min(Double(Int32.max), ($0 * gain).rounded()))) }
        var m = base
        let (crR, cbG, crG, cbB) = (Double(base.cr_to_r), Double(base.cb_to_g), Double(base.cr_to_g), Double(base.cb_to_b))
        // mpv's hue: the (Cb, Cr) columns turned by the angle, then scaled by the saturation.
        m.cr_to_r = fixed(turn.cos * crR)
        m.cb_to_r = fixed(-turn.sin * crR)
        m.cb_to_g = fixed(turn.cos * cbG - turn.sin * crG)
        m.cr_to_g = fixed(turn.sin * cbG + turn.cos * crG)
        m.cb_to_b = fixed(turn.cos * cbB)
        m.cr_to_b = fixed(turn.sin * cbB)
        m.lift = Int32((Double(brightness) / 100 * 255 * 65536).rounded())
        let scaled = Double(base.luma_scale) * gain
        if gamma == 0 && scaled < Self.largestLumaScale {
            m.luma_scale = Int32(scaled.rounded())
            return (m, nil)
        }
        return (m, lumaTable(base, gain: gain))
    }

    /// What the kernel's 16-bit luma multiply holds (its scale is 9.7 fixed point).
    private static let largestLumaScale = 1.98 * 65536

    /// Each code's luma through the gamma curve and the contrast, as the code that the plain
    /// luma scale turns into it. mpv's gamma: light raised to 1 / 8^(gamma / 100).
    private func lumaTable(_ base: vp_yuv_matrix, gain: Double) -> [UInt8] {
        let exponent = 1 / pow(8, Double(gamma) / 100)
        let scale = Double(base.luma_scale) / 65536, offset = Double(base.luma_offset)
        return (0..<256).map { code in
            let light = max(0, (Double(code) - offset) * scale / 255)
            let levels = 255 * pow(light, exponent) * gain
            return UInt8(max(0, min(255, (offset + levels / scale).rounded())))
        }
    }
}
