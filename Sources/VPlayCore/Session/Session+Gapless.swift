/// Gapless audio (`--gapless-audio`): an album's tracks join with no silence between them.
extension Session {
    /// Hands the prefetched next entry's sound to the file playing, to follow its last sample
    /// (see `Player.handSound(to:resampling:)`). The next entry then starts, as usual, once
    /// this file ends: when that sample is heard.
    func handSoundOnIfDue() {
        let mode = configuration.playlist.gaplessAudio
        guard mode != .no, let player, let prefetched, playlist.hasNext,
              playlist.items[playlist.index + 1].id == prefetched.id,
              case .success(let next)? = prefetched.opening.result else { return }
        _ = player.handSound(to: next, resampling: mode == .yes)
    }
}
