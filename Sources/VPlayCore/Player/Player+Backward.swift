import CFFmpeg

/// Playing backwards (`play-dir`): the forward engine holds where it is, while
/// `BackwardPlayback` shows the spans decoded backwards on a clock that runs down, and the
/// audio output plays their sound turned round, its clock the master as going forward.
/// Going forward again is an exact seek to where backward playback stands, with the
/// forward track's sound back on the output.
extension Player {
    /// Playing backwards now (not handing over to the forward engine).
    var activeBackward: BackwardPlayback? {
        backward.flatMap { $0.isHandingOver ? nil : $0 }
    }

    /// The picture up while playing backwards, and after, until the forward engine's first
    /// picture at the same position is up.
    var backwardPicture: Frame? {
        guard let backward, let frame = backward.onScreen else { return nil }
        if backward.isHandingOver, lifecycle.restart.map({ $0.landing != nil }) ?? true { return nil }
        return frame
    }

    func setPlayDirection(_ direction: PlayDirection, now: Double) {
        switch direction {
        case .backward: enterBackward(from: state.position, now: now)
        case .forward: leaveBackward(now: now)
        }
    }

    /// Starts playing backwards from `position` (seconds from the start of the file).
    func enterBackward(from position: Double, now: Double) {
        guard activeBackward == nil else { return }
        guard let video, !options.untimed else { return refuseBackward("no video to play backward", now: now) }
        guard file.isSeekable else { return refuseBackward("the source cannot seek", now: now) }
        let parameters = file.stream(video.streamIndex).pointee.codecpar.pointee
        let sound = backwardSound()
        let decoding = BackwardDecoding(path: file.path, options: options, streamIndex: video.streamIndex,
                                        width: Int(parameters.width), height: Int(parameters.height),
                                        picture: pictureSettings, sound: sound, wake: wake, warn: warn)
        let playback = BackwardPlayback(decoding: decoding, fileStart: startTime)
        backward?.stop()
        holdPlayback(true, at: now)
        if let sound, let output {
            output.renderer.setStopTime(nil)
            output.startTimeline(sound.source, id: output.nextSourceID())
        }
        decoding.start()
        backward = playback
        state.playDirection = .backward
        playback.restart(at: position + startTime, now: now, speed: state.speed, paused: state.isPaused)
    }

    /// The sound to turn round: the selected track's, from the file itself or from the sound
    /// file the track comes from (`--audio-file`, `audio-add`), opened again for it.
    private func backwardSound() -> BackwardSound? {
        guard let audio, output != nil else { return nil }
        let place = DemuxerInputs.locate(audio.streamIndex)
        guard place.input > 0 else { return BackwardSound(streamIndex: place.local) }
        guard let path = tracks.first(where: { $0.kind == .audio && $0.streamIndex == audio.streamIndex })?.externalFilename else {
            return nil
        }
        return BackwardSound(streamIndex: place.local, separateFile: path)
    }

    /// Another audio track while playing backwards: its sound (or silence) from where playback
    /// stands.
    func followAudioTrackBackward(now: Double) {
        guard let playback = activeBackward, let output else { return }
        let sound = backwardSound()
        playback.decoding.setSound(sound)
        if let sound {
            output.startTimeline(sound.source, id: output.nextSourceID())
        } else {
            // The track's own sound must not play forward meanwhile.
            output.sink.setPaused(true)
            playback.isSoundPaused = true
        }
        seekBackward(to: state.position, announce: false)
    }

    private func refuseBackward(_ reason: String, now: Double) {
        // Said once per file: the setting asks again when the file has loaded.
        if backwardRefusal == nil { warn("cannot play backward: \(reason); playing forward") }
        backwardRefusal = reason
        state.playDirection = .forward
        show("Cannot play backward", now: now)
    }

    /// Plays forward again from where backward playback stands.
    func leaveBackward(now: Double) {
        guard let playback = activeBackward else { return }
        let position = state.position
        playback.handOver()
        // The forward track's sound again, from the seek's first picture (a timeline of its own).
        if let output, let audio { output.startTimeline(audio.source, id: audio.sourceID) }
        state.playDirection = .forward
        holdPlayback(state.isPaused, at: now)
        requestSeek(to: position, precision: .exact, announce: true)
    }

    /// Commands that mean something else while playing backwards; false for the others.
    func applyBackward(_ command: PlayerCommand, now: Double) -> Bool {
        guard let playback = activeBackward else { return false }
        switch command {
        case .setPaused(let paused):
            setBackwardPaused(paused, playback, now: now)
        case .togglePause:
            setBackwardPaused(!state.isPaused, playback, now: now)
        case .setSpeed(let speed) where speed <= 0:
            setBackwardPaused(true, playback, now: now)
        case .frameStep:
            // One frame on in the direction of play: the one before.
            setBackwardPaused(true, playback, now: now)
            if !playback.isSeeking { playback.stepPending = true }
            playback.hasStepped = true
        case .frameBackStep:
            // Against the direction of play: the frame after, by an exact seek to its middle.
            guard let shown = playback.onScreen, !playback.isSeeking else { return true }
            setBackwardPaused(true, playback, now: now)
            let duration = shown.duration > 0 ? shown.duration : 1 / (video?.frameRate ?? 25)
            let target = shown.pts - startTime + duration * 1.5
            if let length = state.duration, target > length { return true }
            seekBackward(to: target, announce: true)
        default:
            return false
        }
        return true
    }

    private func setBackwardPaused(_ paused: Bool, _ playback: BackwardPlayback, now: Double) {
        state.isPaused = paused
        playback.clock.setPaused(paused, at: now)
        // Paused with the picture behind the clock (the next one still being decoded): time
        // stands in the picture on screen, so the position and a turn forward match what is seen.
        if paused, !playback.isSeeking, let shown = playback.onScreen, playback.clock.time(at: now) < shown.pts {
            playback.clock.set(shown.pts, serial: playback.serial, at: now)
            state.position = max(0, shown.pts - startTime)
        }
        // The sound stood still while frames were stepped: it starts again from the picture,
        // what the device held of it dropped before the device plays.
        if !paused && playback.hasStepped && playback.sound != nil { seekBackward(to: state.position, announce: false) }
        followSoundPause(playback, now: now)
    }

    /// The audio device plays while backward playback does.
    private func followSoundPause(_ playback: BackwardPlayback, now: Double) {
        guard playback.sound != nil, let output, playback.isSoundPaused != state.isPaused else { return }
        playback.isSoundPaused = state.isPaused
        output.sink.setPaused(state.isPaused)
        // The clock the device left would run on while it stands: unknown until it plays again.
        if state.isPaused { output.clock.update { $0.set(.nan, serial: -1, at: now) } }
    }

    /// The clock follows the sound heard, mirrored back to media time, while it plays. Where
    /// the sound has run out (the next span late, or none before the file's first picture), the
    /// system's time runs the clock.
    private func followSound(_ playback: BackwardPlayback, now: Double) {
        guard let sound = playback.sound, let output, !state.isPaused, !playback.isSeeking, !output.renderer.isIdle,
              let heard = output.time(at: now, serial: BackwardSound.soundSerial(playback.serial), sourceID: latestSourceID) else { return }
        let time = sound.timeline.mediaTime(heard)
        playback.clock.set(time, serial: playback.serial, at: now, speed: -state.speed)
        if playback.pictureClock.serial == playback.serial {
            state.avOffset = playback.pictureClock.time(at: now) - time
        }
    }

    /// A seek while playing backwards: decoding starts again from the frame covering `position`.
    func seekBackward(to position: Double, announce: Bool) {
        guard let playback = activeBackward else { return }
        var position = max(0, position)
        if let duration = state.duration { position = min(position, duration) }
        playback.restart(at: position + startTime, now: monotonic(), speed: state.speed, paused: state.isPaused)
        state.position = position
        if announce {
            events.append(.seek)
            playback.announcesRestart = true
        }
        publishPhase()
    }

    /// The main loop's turn while playing backwards; nil going forward. Once the forward
    /// engine has its first picture up after playing backwards, the last picture goes.
    func tickBackward(now: Double) -> Tick? {
        guard let playback = backward else { return nil }
        guard !playback.isHandingOver else {
            if backwardPicture == nil {
                playback.stop()
                backward = nil
            }
            return nil
        }
        var tick = Tick(hasNewPicture: false, wakeAt: .infinity)
        if let reason = playback.decoding.failureReason {
            warn("cannot play backward: \(reason); playing forward")
            leaveBackward(now: now)
            tick.wakeAt = now
            return tick
        }
        // Files added meanwhile join the item as going forward; one chosen plays backward.
        takeAddedAudioFiles(now: now)
        if playback.clock.speed != -state.speed { playback.clock.setSpeed(-state.speed, at: now) }
        if playback.clock.isPaused != state.isPaused { playback.clock.setPaused(state.isPaused, at: now) }
        followSoundPause(playback, now: now)
        followSound(playback, now: now)
        // The clock waits at a seek's target for its first picture.
        if playback.isSeeking { playback.clock.set(playback.clock.pts, serial: playback.serial, at: now) }
        presentBackward(playback, now: now, into: &tick)
        if outcome != nil { return tick }
        let position = playback.clock.time(at: now) - startTime
        state.position = min(max(0, position), state.duration ?? .infinity)
        state.droppedFrames = (video?.scheduler.droppedFrames ?? 0) + playback.dropped
        stats.framesDropped = state.droppedFrames
        stats.backwardStalls = playback.stalls
        publishSubtitles()
        publishCache(now: now)
        publishPhase()
        return tick
    }

    private func presentBackward(_ playback: BackwardPlayback, now: Double, into tick: inout Tick) {
        while let frame = playback.peek() {
            if playback.isSeeking {
                showBackward(playback, now: now, into: &tick)
                // A seek past the frames there are: time stands at the end of the one up.
                if playback.clock.pts > frame.pts + frame.duration {
                    playback.clock.set(frame.pts + frame.duration, serial: playback.serial, at: now)
                }
                continue
            }
            if playback.stepPending {
                playback.stepPending = false
                showBackward(playback, now: now, into: &tick)
                playback.clock.set(frame.pts, serial: playback.serial, at: now)
                return
            }
            if state.isPaused { return }
            // A frame is due once the clock, running down, enters its time.
            let time = playback.clock.time(at: now + displayLatency)
            let due = frame.pts + frame.duration
            if time >= due {
                tick.wakeAt = min(tick.wakeAt, now + (time - due) / state.speed)
                return
            }
            if let after = playback.peekAfter(), time < after.pts + after.duration {
                playback.dropNext()   // late, and the one after it is due too
                continue
            }
            showBackward(playback, now: now, into: &tick)
        }
        // Nothing decoded to show next: the start, or a span still being decoded.
        guard let shown = playback.onScreen, !playback.isSeeking else { return }
        let time = playback.clock.time(at: now)
        if playback.decoding.hasReachedStart(serial: playback.serial) {
            playback.stepPending = false
            guard !state.isPaused else { return }
            if time <= shown.pts {
                reachStart(playback, at: shown, now: now)
            } else {
                tick.wakeAt = min(tick.wakeAt, now + (time - shown.pts) / state.speed)
            }
        } else if !state.isPaused {
            if time < shown.pts {
                playback.stall(at: shown.pts, now: now)
            } else {
                tick.wakeAt = min(tick.wakeAt, now + (time - shown.pts) / state.speed)
            }
        }
    }

    private func showBackward(_ playback: BackwardPlayback, now: Double, into tick: inout Tick) {
        let wasSeeking = playback.isSeeking
        let frame = playback.showNext(now: now)
        tick.hasNewPicture = true
        stats.framesShown += 1
        if wasSeeking && playback.announcesRestart {
            playback.announcesRestart = false
            events.append(.playbackRestart)
        }
        if frame.pts.isFinite { heldPosition = max(0, frame.pts - startTime) }
    }

    /// The first frame's time is over: playback waits there, paused, as at the end going
    /// forward (or the file ends, when something follows it).
    private func reachStart(_ playback: BackwardPlayback, at shown: Frame, now: Double) {
        playback.hasReachedStart = true
        if movesOnAtEnd {
            events.append(.endFile(reason: .eof))
            outcome = .endOfFile
            return
        }
        setBackwardPaused(true, playback, now: now)
        playback.clock.set(max(startTime, shown.pts), serial: playback.serial, at: now)
    }

    /// The derived states while playing backwards.
    func publishBackwardPhase(_ playback: BackwardPlayback) {
        state.isSeeking = playback.isSeeking && playback.announcesRestart
        state.isRestarting = playback.isSeeking
        state.eofReached = playback.hasReachedStart
        state.isPausedForCache = false
    }
}
