/// A file without sound of its own plays on the system clock with no sound device. When an
/// audio track is chosen for it later (`audio-add`, `aid` of an added track), the device opens
/// then, and the track's sound takes over the clock from where the picture is (see
/// `switchAudio`'s hand-over), so the picture neither skips nor waits.
extension Player {
    /// The output, opened now for `track` when the file had none: set up as `start()` sets it
    /// up, on an empty timeline of this file's, playing or paused as playback is. Nil without
    /// a sound device (`--no-audio`) or when it cannot open.
    func openLateOutput(for track: Track, now: Double) -> AudioOutput? {
        if let output { return output }
        guard let audioDevice else { return nil }
        let opened: AudioOutput
        do {
            opened = try audioDevice.output(for: demuxer.inputs.stream(track.streamIndex), monotonic: monotonic, wake: wake)
        } catch {
            warn("no audio output (\(error)); playing without sound")
            return nil
        }
        output = opened
        if audioDevice.chosen != Self.deviceName(state.audio.device) { chooseOutputDevice(state.audio.device) }
        latestSourceID = opened.nextSourceID()
        opened.startTimeline(nil, id: latestSourceID)
        // The picture is up already: nothing waits for it.
        opened.renderer.releaseSound()
        appliedLoudnessGain = loudnessGain
        applyOutputSettings()
        opened.renderer.setSpeed(state.speed)
        applyGain()
        opened.sink.setPaused(pausedAt != nil)
        followOutputDevice(now: now, atOnce: true)
        verbose("audio output opened for audio track \(track.id)")
        return opened
    }
}
