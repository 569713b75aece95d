import CFFmpeg

/// What a decoded frame's colour tags and light-level metadata say about it, as far as tone
/// mapping needs: nil from `init?` for SDR.
struct HDRSignal: Equatable {
    enum Transfer: Equatable { case pq, hlg }

    var transfer: Transfer
    /// BT.2020 primaries (else BT.709's: nothing to convert).
    var wideGamut: Bool
    /// The Y'CbCr matrix is BT.2020's non-constant-luminance one (else BT.709's).
    var bt2020Matrix: Bool
    var fullRange: Bool
    var bitDepth: Int
    /// The brightest content, cd/m²: from `--hdr-peak`, else the stream's metadata where it
    /// is sane, else 1000 (PQ); the display peak HLG is rendered for (HLG).
    var peak: Double

    /// Light levels outside this are taken as missing: 0 means unknown, and no display
    /// reaches 10⁶ cd/m² (PQ stops at 10000).
    static let plausiblePeaks = 100.0...10000.0
    static let defaultPQPeak = 1000.0

    init?(frame: UnsafeMutablePointer<AVFrame>, bitDepth: Int, metadataPeak: Double?, requestedPeak: Double?) {
        let f = frame.pointee
        switch f.color_trc {
        case AVCOL_TRC_SMPTE2084: transfer = .pq
        case AVCOL_TRC_ARIB_STD_B67: transfer = .hlg
        default: return nil
        }
        wideGamut = f.color_primaries != AVCOL_PRI_BT709
        bt2020Matrix = f.colorspace != AVCOL_SPC_BT709
        fullRange = f.color_range == AVCOL_RANGE_JPEG
        self.bitDepth = bitDepth
        switch transfer {
        case .pq: peak = requestedPeak ?? metadataPeak ?? Self.defaultPQPeak
        case .hlg: peak = requestedPeak ?? HDRTransfer.hlgNominalPeak
        }
    }

    /// The peak a frame's side data gives (content light level first, then the mastering
    /// display's), nil when absent or implausible.
    static func metadataPeak(of frame: UnsafeMutablePointer<AVFrame>) -> Double? {
        if let data = av_frame_get_side_data(frame, AV_FRAME_DATA_CONTENT_LIGHT_LEVEL),
           data.pointee.size >= MemoryLayout<AVContentLightMetadata>.size {
            let level = data.pointee.data.withMemoryRebound(to: AVContentLightMetadata.self, capacity: 1) { $0.pointee }
            if plausiblePeaks.contains(Double(level.MaxCLL)) { return Double(level.MaxCLL) }
        }
        if let data = av_frame_get_side_data(frame, AV_FRAME_DATA_MASTERING_DISPLAY_METADATA),
           data.pointee.size >= MemoryLayout<AVMasteringDisplayMetadata>.size {
            let display = data.pointee.data.withMemoryRebound(to: AVMasteringDisplayMetadata.self, capacity: 1) { $0.pointee }
            let peak = display.max_luminance.den != 0 ? av_q2d(display.max_luminance) : 0
            if display.has_luminance != 0, plausiblePeaks.contains(peak) { return peak }
        }
        return nil
    }
}
