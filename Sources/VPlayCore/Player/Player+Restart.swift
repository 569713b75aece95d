/// A restart (an open, a seek, a loop) carried to its end: the sound held for its first picture
/// let go, the sound rejoining a seek made while playing, and the landing announced.
extension Player {
    /// Lets the sound held for a restart's first picture go. A seek while playing does not
    /// wait for its sound to be heard (behind what the device still holds, some 100 ms with
    /// PulseAudio): the picture's clock runs from the landing at once, and the sound joins it
    /// at the sample due when it is heard, the device's queue dropped where it can be.
    func releaseSound(of restart: Restart, landing: Double, serial: Int, now: Double) {
        guard let output else { return }
        guard restart.reason == .seek, !state.isPaused, !options.untimed, audio != nil, landing.isFinite else {
            output.renderer.releaseSound()
            return
        }
        externalClock.set(landing + startTime, serial: serial, at: now)
        externalClock.isPaused = false
        audioAwaitsHandover = true
        output.renderer.releaseSound(joining: externalClock)
    }

    /// After a pause, sound still joining the picture joins the picture's clock as it now is.
    func rejoinSound(at now: Double) {
        guard audioAwaitsHandover, !lifecycle.isRestarting, let audio, let output,
              output.time(at: now, serial: audio.packets.serial, sourceID: latestSourceID) == nil, externalClock.serial == audio.packets.serial else { return }
        output.renderer.releaseSound(joining: externalClock)
    }

    /// Carries a restart on: once the seek is done, waits for the first picture (or, without
    /// video, the first sound), then for the sound to reach it, so that both start together
    /// and the position never runs back. Gives up waiting on a picture or a sound that does
    /// not come (damage, a stream that ends first) after a second.
    func advanceRestart(now: Double, into tick: inout Tick) {
        guard var restart = lifecycle.restart, let serial = demuxer.settledSerial else { return }
        if restart.settledAt == nil {
            lifecycle.handle(.settled(at: now))
            restart.settledAt = now
        }
        guard let landing = restart.landing, let landedAt = restart.landedAt else {
            if let video {
                // Nothing decodable: the stream ended, or a second of it past the target gave
                // no picture (damage). Playing, a picture that takes seconds to decode is not
                // waited for with the sound held either.
                let nothingToShow = video.decoder.isFinished(atSerial: serial) && video.frames.remaining == 0
                let damaged = (video.decoder.packetTime(atSerial: serial) ?? -.infinity) > restart.target + startTime + 1
                let tooLong = !state.isPaused && now - (restart.settledAt ?? now) >= 3
                if nothingToShow || damaged || tooLong {
                    output?.renderer.releaseSound()
                    finishRestart(at: audioTime(at: now).map { $0 - startTime } ?? restart.target, now: now)
                }
            } else if state.isPaused || audio.map({ $0.decoder.pushedSerial == serial || $0.decoder.isFinished(atSerial: serial) }) ?? true {
                // Paused, the sound queued before the seek is taken by no one, so the new
                // position's may not be decoded yet: the seek is over at its target, and the
                // sound starts there when playing resumes.
                lifecycle.handle(.pictureShown(position: restart.target, at: now))
            }
            return
        }
        guard usesAudioClock, !state.isPaused, !options.untimed, let audio else {
            finishRestart(at: landing, now: now)
            return
        }
        if let heard = audioTime(at: now) {
            if soundJoinedAt == nil { soundJoinedAt = now }
            let ahead = landing + startTime - heard
            // 1 µs: the rounding of adding up the clock.
            if ahead <= 0.000_001 { finishRestart(at: landing, now: now); return }
            tick.wakeAt = min(tick.wakeAt, now + ahead / state.speed)
        } else if audio.isDecodedToEnd || (audio.frames.remaining == 0 && now - landedAt >= 1) {
            // No sound here (the track ended, or is damaged): the picture goes alone. Sound
            // that is ready waits for the device however long it takes to start.
            finishRestart(at: landing, now: now)
        }
    }

    /// With `-v`: how long each stage of a seek took, in ms from the request.
    private func traceRestart(_ restart: Restart?, requestedAt requested: Double, now: Double) {
        func since(_ time: Double?) -> String { time.map { String(format: "%.1f", ($0 - requested) * 1000) } ?? "-" }
        verbose("seek: demuxed \(since(restart?.settledAt)), picture \(since(restart?.landedAt)), "
                + "sound clock \(since(soundJoinedAt)), restart \(since(now)) ms")
    }

    private func finishRestart(at position: Double, now: Double) {
        let restart = lifecycle.restart
        lifecycle.handle(.started)
        demuxer.startReadingAhead()
        if let requested = seekRequestedAt {
            stats.seekLatencies.append(now - requested)
            traceRestart(restart, requestedAt: requested, now: now)
            seekRequestedAt = nil
        } else if stats.timeToFirstFrame == nil {
            stats.timeToFirstFrame = now - startedAt
        }
        if position.isFinite { heldPosition = position; state.position = max(0, position) }
        publishPhase()
        events.append(.playbackRestart)
    }
}
