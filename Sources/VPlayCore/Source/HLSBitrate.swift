/// Which variant of an HLS master playlist plays (`--hls-bitrate=max|min|N`): every variant's
/// streams are tracks, and only the selected ones are fetched.
public enum HLSBitrate: Sendable, Equatable {
    case max
    case min
    /// The highest at most this many bits/s (the lowest when none is that low).
    case limit(Int)

    public init?(_ text: String) {
        switch text {
        case "max": self = .max
        case "min": self = .min
        default:
            guard let bits = Int(text), bits > 0 else { return nil }
            self = .limit(bits)
        }
    }

    /// Of `candidates` (bits/s), the one this choice takes; nil when there are none.
    func pick(_ candidates: [Int]) -> Int? {
        switch self {
        case .max: candidates.max()
        case .min: candidates.min()
        case .limit(let bits): candidates.filter { $0 <= bits }.max() ?? candidates.min()
        }
    }
}

extension TrackChooser {
    /// As `choose`, except that on `auto` with no language asked for, an HLS presentation plays
    /// the variant `variant` picks, and its sound comes from the same variant as `video` when
    /// that has one.
    static func choose(_ choice: TrackChoice, among tracks: [Track], kind: Track.Kind, languages: [String] = [],
                       variant: HLSBitrate, with video: Track?) -> Int? {
        let plain = choose(choice, among: tracks, kind: kind, languages: languages)
        guard choice == .auto, languages.isEmpty, kind != .sub else { return plain }
        let variants = tracks.filter { $0.kind == kind && !$0.isAlbumArt && $0.hlsBitrate != nil }
        guard !variants.isEmpty else { return plain }
        if let paired = video?.hlsBitrate, let same = variants.first(where: { $0.hlsBitrate == paired }) {
            return same.id
        }
        guard let bitrate = variant.pick(variants.compactMap(\.hlsBitrate)) else { return plain }
        return variants.first { $0.hlsBitrate == bitrate }?.id ?? plain
    }
}
