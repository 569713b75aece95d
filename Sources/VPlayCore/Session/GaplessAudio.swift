/// Whether the next file's sound follows the last sample of the one playing, with no gap
/// (`--gapless-audio`, mpv's values).
public enum GaplessAudio: String, Sendable, Equatable, CaseIterable {
    /// Always, the next file's sound resampled to the device's format if need be.
    case yes
    /// Never: each file's sound plays out before the next one's starts afresh.
    case no
    /// When the next file's sound has the device's format (sample rate and channels).
    case weak
}
