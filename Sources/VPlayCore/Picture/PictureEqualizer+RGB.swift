import Foundation

extension PictureEqualizer {
    /// Applies the adjustments to packed RGB24 pixels converted from a picture of
    /// `colorimetry` (a screenshot): each pixel is taken back to its Y'CbCr and converted again
    /// with the adjusted matrix, as the screen shows it.
    func apply(toRGB pixels: UnsafeMutablePointer<UInt8>, pitch: Int, width: Int, height: Int, colorimetry: Colorimetry) {
        guard !isNeutral else { return }
        let plain = colorimetry.kernelMatrix
        let (adjusted, table) = adjusting(plain)
        let unit = 65536.0
        let (kr, kb) = colorimetry.isHD ? (0.2126, 0.0722) : (0.299, 0.114)
        let kg = 1 - kr - kb
        let scale = Double(plain.luma_scale) / unit, offset = Double(plain.luma_offset)
        let crR = Double(plain.cr_to_r) / unit, cbB = Double(plain.cb_to_b) / unit
        let m = (ls: Double(adjusted.luma_scale) / unit, crR: Double(adjusted.cr_to_r) / unit, cbR: Double(adjusted.cb_to_r) / unit,
                 cbG: Double(adjusted.cb_to_g) / unit, crG: Double(adjusted.cr_to_g) / unit,
                 cbB: Double(adjusted.cb_to_b) / unit, crB: Double(adjusted.cr_to_b) / unit, lift: Double(adjusted.lift) / unit)
        for row in 0..<height {
            let line = pixels + row * pitch
            for x in 0..<width {
                let p = line + 3 * x
                let (r, g, b) = (Double(p[0]), Double(p[1]), Double(p[2]))
                let light = kr * r + kg * g + kb * b
                let cb = (b - light) / cbB, cr = (r - light) / crR
                var code = light / scale + offset
                if let table {
                    // The table between its two nearest codes.
                    let low = Int(max(0, min(254, code.rounded(.down))))
                    let fraction = max(0, min(1, code - Double(low)))
                    code = Double(table[low]) * (1 - fraction) + Double(table[low + 1]) * fraction
                }
                let luma = (code - offset) * m.ls
                let out = (luma + m.crR * cr + m.cbR * cb + m.lift,
                           luma - m.cbG * cb - m.crG * cr + m.lift,
                           luma + m.cbB * cb + m.crB * cr + m.lift)
                p[0] = Self.byte(out.0)
                p[1] = Self.byte(out.1)
                p[2] = Self.byte(out.2)
            }
        }
    }

    private static func byte(_ value: Double) -> UInt8 {
        UInt8(max(0, min(255, value.rounded())))
    }
}
