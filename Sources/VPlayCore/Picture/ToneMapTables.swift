import CPictureKernels
import Foundation

/// The tables and matrices `vp_tone_map_420` works from, for one signal and curve. Made when
/// those change (a few thousand `pow`s, well under a millisecond), never per frame.
final class ToneMapTables {
    let signal: HDRSignal
    let curve: ToneMappingCurve
    private let storage: UnsafeMutablePointer<Float>
    private(set) var parameters = vp_tone_map()

    private static let size = Int(VP_TONE_MAP_TABLE)
    /// BT.2020 → BT.709 for linear RGB (ITU-R BT.2087).
    static let bt2020ToBT709: [Float] = [
        1.660491, -0.587641, -0.072850,
        -0.124550, 1.132900, -0.008349,
        -0.018151, -0.100579, 1.118730,
    ]
    static let identity: [Float] = [1, 0, 0, 0, 1, 0, 0, 0, 1]

    init(signal: HDRSignal, curve: ToneMappingCurve) {
        self.signal = signal
        self.curve = curve
        let n = Self.size
        storage = .allocate(capacity: 5 * n)
        let linear = storage, ootf = storage + n, tone = storage + 2 * n, encode = storage + 3 * n
        let white = HDRTransfer.referenceWhite
        // Light relative to reference white: the largest a component can be, and the peak.
        let ceiling: Double
        let gamma = HDRTransfer.hlgSystemGamma(peak: signal.peak)
        for i in 0..<n {
            let signalValue = Double(i) / Double(n - 1)
            linear[i] = Float(signal.transfer == .pq
                ? HDRTransfer.pqDecode(signalValue) / white : HDRTransfer.hlgSceneLight(signalValue))
            // Indexed by the square root of the scene luminance: OOTF = peak · Ys^(γ-1).
            let scene = signalValue * signalValue
            ootf[i] = Float(signal.peak / white * pow(scene, gamma - 1))
            encode[i] = Float(HDRTransfer.displayEncode(signalValue * signalValue))
        }
        ceiling = signal.transfer == .pq ? 10000 / white : signal.peak / white
        let peak = signal.peak / white
        for i in 0..<n {
            let x = ceiling * pow(Double(i) / Double(n - 1), 2)
            tone[i] = x > 0 ? Float(curve.map(x, peak: peak) / x) : 1
        }
        var p = vp_tone_map()
        p.linear = UnsafePointer(linear)
        p.ootf = signal.transfer == .hlg ? UnsafePointer(ootf) : nil
        p.tone = UnsafePointer(tone)
        p.tone_index_scale = Float(1 / ceiling)
        p.encode = UnsafePointer(encode)
        let gamut = signal.wideGamut ? Self.bt2020ToBT709 : Self.identity
        withUnsafeMutableBytes(of: &p.gamut) { raw in
            gamut.withUnsafeBytes { raw.copyMemory(from: $0) }
        }
        let (kr, kb): (Float, Float) = signal.bt2020Matrix ? (0.2627, 0.0593) : (0.2126, 0.0722)
        let kg = 1 - kr - kb
        p.source_luma = signal.wideGamut ? (0.2627, 0.6780, 0.0593) : (0.2126, 0.7152, 0.0722)
        p.output_luma = (0.2126, 0.7152, 0.0722)
        let step = Float(1 << (signal.bitDepth - 8))
        if signal.fullRange {
            let top = Float((1 << signal.bitDepth) - 1)
            (p.luma_offset, p.luma_scale) = (0, 1 / top)
            (p.chroma_offset, p.chroma_scale) = (128 * step, 1 / top)
        } else {
            (p.luma_offset, p.luma_scale) = (16 * step, 1 / (219 * step))
            (p.chroma_offset, p.chroma_scale) = (128 * step, 1 / (224 * step))
        }
        p.cr_to_r = 2 * (1 - kr)
        p.cb_to_g = 2 * kb * (1 - kb) / kg
        p.cr_to_g = 2 * kr * (1 - kr) / kg
        p.cb_to_b = 2 * (1 - kb)
        let neutral = storage + 4 * n
        vp_tone_map_fill_neutral(&p, neutral)
        p.neutral = UnsafePointer(neutral)
        parameters = p
    }

    deinit {
        storage.deallocate()
    }
}
