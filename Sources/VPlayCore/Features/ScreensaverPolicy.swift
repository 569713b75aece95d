/// When the desktop's screensaver must be kept off (mpv's `--stop-screensaver`).
public enum ScreensaverPolicy: String, Sendable, Equatable, CaseIterable {
    /// Off only while moving pictures play: not paused, not at the end, not sound alone.
    case yes
    /// Never kept off.
    case no
    /// Kept off for as long as vplay runs, paused or not.
    case always

    public func keepsScreensaverOff(_ state: PlayerState) -> Bool {
        switch self {
        case .no: false
        case .always: true
        case .yes: !state.path.isEmpty && !state.isPaused && !state.eofReached && state.playsMovingPictures
        }
    }
}

extension PlayerState {
    /// A video track plays (an audio file's cover art is a still).
    var playsMovingPictures: Bool {
        tracks.contains { $0.kind == .video && $0.isSelected && !$0.isAlbumArt }
    }
}
