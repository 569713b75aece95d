import CFFmpeg

/// Gapless audio (`--gapless-audio`): the next file's sound follows this file's last sample
/// on the device, and this file ends when that sample is heard.
extension Player {
    /// Hands the sound of `next` (the next entry, opened and not yet started) to the renderer,
    /// to play right after this file's last sample, and starts decoding it. Only once this
    /// file has read its last packet and will end there: not while paused, looping, playing
    /// backward or stopping at `--end`. With `resampling` false, only when `next`'s sound has
    /// the device's format. False when its sound does not follow (this time).
    public func handSound(to next: Player, resampling: Bool) -> Bool {
        guard let output, audio != nil, let nextAudio = next.audio, next.output === output,
              !output.renderer.hasFollower, !hasHandedOverSound,
              demuxer.isAtEnd, movesOnAtEnd, lifecycle.phase == .playing, !state.isPaused, backward == nil,
              loopsLeft.map({ $0 <= 0 }) ?? false, !abLoop.jumpsAtB, options.end == nil,
              resampling || next.soundMatches(output.format, track: nextAudio) else { return false }
        next.startDecoding()
        output.renderer.follow(with: nextAudio.source, id: next.latestSourceID)
        soundFollowerID = next.latestSourceID
        return true
    }

    /// The device plays the next file's sound, taken up right after this file's last sample.
    var hasHandedOverSound: Bool {
        guard let output, let soundFollowerID else { return false }
        return output.renderer.sourceID >= soundFollowerID
    }

    /// True once the next file's first sample, played right after this file's last, is heard.
    func hasHandedOverSound(at now: Double) -> Bool {
        guard let (boundary, clock) = output?.boundary(after: latestSourceID) else { return false }
        return boundary.isHeard(clock, at: now)
    }

    /// Seconds until the next file's first sample is heard, once the renderer has gone on to it.
    func soundHandoverDelay(at now: Double) -> Double? {
        guard let (boundary, clock) = output?.boundary(after: latestSourceID) else { return nil }
        return boundary.delay(clock, at: now)
    }

    /// The track's sound has `format`'s rate and channels: it plays without resampling.
    private func soundMatches(_ format: AudioFormat, track: AudioTrackPath) -> Bool {
        let parameters = demuxer.inputs.stream(track.streamIndex).pointee.codecpar.pointee
        return Int(parameters.sample_rate) == format.sampleRate && Int(parameters.ch_layout.nb_channels) == format.channels
    }
}
