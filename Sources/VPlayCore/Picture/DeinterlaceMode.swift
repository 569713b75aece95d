/// Whether interlaced pictures are turned into whole frames (`--deinterlace`, property `deinterlace`).
public enum DeinterlaceMode: String, CaseIterable, Sendable {
    /// Only frames the stream flags as interlaced.
    case auto
    /// Every frame, flagged or not (mislabelled recordings).
    case yes
    case no

    /// Whether a frame with this interlace flag is deinterlaced.
    func deinterlaces(flaggedInterlaced: Bool) -> Bool {
        switch self {
        case .auto: flaggedInterlaced
        case .yes: true
        case .no: false
        }
    }
}
