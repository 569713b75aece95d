/// How pictures are decoded and prepared for the screen: set by the player on the main thread,
/// read by the video decoder's thread for every frame (a short lock, never held across work).
public struct PictureSettings: Sendable, Equatable {
    public var deinterlace = DeinterlaceMode.auto
    /// How HDR highlights are brought into SDR range.
    public var toneMapping = ToneMappingCurve.auto
    /// The HDR content's peak in cd/m² (`--hdr-peak`); nil: from the stream's metadata.
    public var hdrPeak: Double?
    /// Which hardware decoders to try; read when a video decoder opens.
    public var hwdec = HardwareDecoding.no
    /// The user's video filters (`--vf`, `vf`), one filter of the chain each; applied last.
    public var videoFilters: [String] = []

    public init() {}

    /// These settings with the filter list changed as mpv's `vf` command does.
    public func with(_ change: VideoFilterChange) -> PictureSettings {
        var changed = self
        switch change {
        case .set(let text): changed.videoFilters = FilterListText.entries(text)
        case .add(let text): changed.videoFilters += FilterListText.entries(text)
        case .remove(let text):
            let removed = FilterListText.entries(text)
            changed.videoFilters.removeAll { removed.contains($0) }
        case .clear: changed.videoFilters = []
        }
        return changed
    }
}

/// mpv's `vf set|add|remove|clr`.
public enum VideoFilterChange: Sendable, Equatable {
    case set(String)
    case add(String)
    case remove(String)
    case clear
}

/// The settings shared between the player and the decoder thread that applies them.
final class SharedPictureSettings: Sendable {
    private let value: Locked<PictureSettings>

    init(_ settings: PictureSettings) {
        value = Locked(settings)
    }

    var current: PictureSettings {
        get { value.withLock { $0 } }
        set { value.withLock { $0 = newValue } }
    }
}
