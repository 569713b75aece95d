/// The end of a file: when everything was decoded, shown and heard (or handed over to the next
/// file), and what ending then does (loops, rewinding, moving on, a failure).
extension Player {
    /// Everything of the selected track up to its end of stream was played.
    var isAudioDrained: Bool {
        guard let audio, let output else { return true }
        return audio.isDecodedToEnd && output.renderer.isIdle && output.renderer.sourceID == audio.sourceID
    }

    var isNearEnd: Bool { demuxer.isAtEnd }

    /// The selected track's sound was all played, and what the device held of it was heard.
    private func isAudioHeardToEnd(at now: Double) -> Bool {
        isAudioDrained && now >= output?.renderer.soundEndsAt ?? 0
    }

    /// The next file's sound plays on from this one's, so this one may end. With pictures, once
    /// the device has taken it up: the next file's first picture then follows the last one's
    /// duration, in the time the pictures kept, while this file's last moments of sound, queued
    /// before it, still play. Sound alone ends when that first sound is heard.
    private func isSoundHandedOver(at now: Double) -> Bool {
        video != nil ? hasHandedOverSound : hasHandedOverSound(at: now)
    }

    /// Once everything was decoded and handed over: when the last picture has been up for its
    /// duration and the last sound is heard (or the next file's first, following it). The turn
    /// that ends the file comes then, so the next one's first picture follows the last one's
    /// duration.
    func endDue(at now: Double) -> Double? {
        guard video?.isDrained ?? true else { return nil }
        let pictureEnd = video?.scheduler.currentFrameEnd ?? 0
        if audio == nil || (video != nil && hasHandedOverSound) { return pictureEnd }
        if video == nil, let handover = soundHandoverDelay(at: now) { return now + handover }
        guard isAudioDrained, let output else { return nil }
        return max(pictureEnd, output.renderer.soundEndsAt)
    }

    /// True while a playing stream has nothing decoded yet and its decoder has not finished, or
    /// the sound waits for the tempo filter of a new speed.
    var isWaitingForDecoders: Bool {
        if let video, video.frames.remaining == 0, !video.isDrained { return true }
        if let audio, audio.frames.remaining == 0, !audio.decoder.isFinished(atSerial: audio.packets.serial) { return true }
        if audio != nil, output?.renderer.isTempoPending == true { return true }
        return false
    }

    func isAtEnd(now: Double) -> Bool {
        guard demuxer.isAtEnd, !state.isPaused || lifecycle.isStepping else { return false }
        if let video, !(video.isDrained && (options.untimed || now >= video.scheduler.currentFrameEnd)) { return false }
        if audio != nil, !isAudioHeardToEnd(at: now), !isSoundHandedOver(at: now) { return false }
        if video == nil && audio == nil, let duration = state.duration, state.position < duration { return false }
        return true
    }

    func endOfFile(now: Double) {
        if let failure = demuxer.failure {
            endWithFailure(failure)
            return
        }
        if let left = loopsLeft, left <= 0 {
            if movesOnAtEnd {
                events.append(.endFile(reason: .eof))
                outcome = .endOfFile
                return
            }
            // As the seed players do: back to the start, paused.
            setPaused(true, at: now)
            requestSeek(to: 0, precision: .exact, announce: true, reason: .rewind)
            return
        }
        if let left = loopsLeft { loopsLeft = left - 1 }
        requestSeek(to: options.start ?? 0, precision: .exact, announce: true, reason: .loop)
    }

    /// The source failed for good while playing (the server went away): the entry ends with
    /// the error, as a failed open does.
    private func endWithFailure(_ reason: String) {
        let error = PlayerError.cannotOpen(state.path, reason)
        state.failure = error
        events.append(.endFile(reason: .error, error: reason))
        outcome = .failed(error)
    }
}

extension Player {
    /// How a file's playback ended by itself.
    public enum Outcome: Equatable, Sendable {
        /// Played to its end (and its loops).
        case endOfFile
        /// Its source failed for good.
        case failed(PlayerError)
    }
}
