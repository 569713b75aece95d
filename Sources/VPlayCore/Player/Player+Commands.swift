import Foundation

/// Carrying out `PlayerCommand`s: the one place where keys, mouse, IPC and options take effect.
extension Player {
    public func apply(_ command: PlayerCommand) {
        let now = monotonic()
        defer { publishPhase() }
        if applyBackward(command, now: now) { return }
        switch command {
        case .setPaused(let paused):
            setPaused(paused, at: now)
        case .togglePause:
            setPaused(!state.isPaused, at: now)
        case let .seek(target, precision):
            seek(target, precision: precision, now: now)
        case .setSpeed(let speed):
            setSpeed(speed, now: now)
            show("Speed: \(Self.speedText(state.speed))×", now: now)
        case .multiplySpeed(let factor):
            setSpeed(state.speed * factor, now: now)
            show("Speed: \(Self.speedText(state.speed))×", now: now)
        case .setVolume(let volume):
            setVolume(volume)
            applyGain()
            show("Volume: \(Int(state.volume.rounded())) %", now: now)
        case .addVolume(let delta):
            setVolume(state.volume + delta)
            applyGain()
            show("Volume: \(Int(state.volume.rounded())) %", now: now)
        case .setMute(let muted):
            state.isMuted = muted
            applyGain()
            show(muted ? "Mute" : "Unmute", now: now)
        case .toggleMute:
            state.isMuted.toggle()
            applyGain()
            show(state.isMuted ? "Mute" : "Unmute", now: now)
        case .frameStep:
            frameStep(now: now)
        case .frameBackStep:
            frameBackStep(now: now)
        case .setPlayDirection(let direction):
            setPlayDirection(direction, now: now)
            show("Play direction: \(state.playDirection.rawValue)", now: now)
        case .setFullscreen(let on):
            state.isFullscreen = on
        case .toggleFullscreen:
            state.isFullscreen.toggle()
        case let .showText(text, seconds):
            show(text, now: now, seconds: seconds)
        case .quit, .quitSavingPosition, .playlistNext, .playlistPrevious, .loadFile, .openFiles, .stop, .appendFiles,
             .playlistPlay, .playlistMove, .playlistRemove, .playlistClear, .playlistShuffle, .playlistUnshuffle, .resume,
             .forgetSeriesChoices:
            break   // the run's, carried out by the Session
        case .setLoopFile(let count):
            state.loopFile = count
            loopsLeft = count
        case .setLoopPlaylist(let loops):
            state.loopsPlaylist = loops
        case .cycleABLoop:
            abLoop.cycle(at: state.position)
            showABLoop(now: now)
        case let .setABLoop(a, b):
            abLoop.setPoints(a: a, b: b)
            showABLoop(now: now)
        case let .adjust(property, adjustment):
            adjust(property, by: adjustment)
        case .screenshot:
            saveScreenshot(includingSubtitles: true, now: now)
        case .screenshotVideo:
            saveScreenshot(includingSubtitles: false, now: now)
        case .exportClip:
            exportClip(now: now)
        case let .selectTrack(kind, choice):
            selectTrack(kind, choice, now: now)
        case let .cycleTrack(kind, down):
            selectTrack(kind, TrackChooser.cycle(from: state.selectedTrackID(kind), among: tracks, kind: kind, down: down),
                        now: now)
        case .goToChapter(let destination):
            goToChapter(destination, now: now)
        case .setPicture(let picture):
            setPicture(picture, now: now)
        case .changeVideoFilters(let change):
            setPicture(state.picture.with(change), now: now)
        case .setDisplay(let setting):
            state.display = state.display.with(setting)
            show(state.display.message(for: setting), now: now)
        case .setWindow(let setting):
            state.windowSettings = state.windowSettings.with(setting)
            show(state.windowSettings.message(for: setting), now: now)
        case .setSubtitle(let setting):
            let delay = state.subtitles.delay
            state.subtitles = state.subtitles.with(setting)
            if state.subtitles.delay != delay { readSubtitleLines(showingAt: state.position) }
            show(state.subtitles.message(for: setting), now: now)
        case .setAudio(let setting):
            setAudio(setting, now: now)
        case .changeAudioFilters:
            if let resolved = Settings.resolve(command, in: state) { apply(resolved) }
        case .selectSecondarySubtitles(let choice):
            selectSecondarySubtitles(choice, now: now)
        case let .addSubtitleFile(file, mode):
            addSubtitleFile(file, mode: mode, now: now)
        case .setWebFormat(let format):
            state.webFormat = format
        case let .addAudioFile(file, mode):
            addAudioFile(file, mode: mode, now: now)
        case .removeAudioFile(let id):
            removeAudioFile(id, now: now)
        case .searchSubtitles(let phrase):
            searchSubtitles(for: phrase, now: now)
        case .subtitleSeek(let direction):
            seekToSubtitleLine(forward: direction > 0, now: now)
        }
    }

    /// The user's pause: an intent kept beside the phase. Playback holds while either it or
    /// waiting for the cache says so.
    func setPaused(_ paused: Bool, at now: Double) {
        if !paused { lifecycle.handle(.resumed) }
        // A paused exact seek shows its target first and decodes the way on afterwards.
        video?.packets.setHolding(paused)
        state.isPaused = paused
        let hold = paused || lifecycle.isBuffering
        if hold != (pausedAt != nil) && lifecycle.isStepping { lifecycle.handle(.stepped) }
        holdPlayback(hold, at: now)
    }

    /// Stops or restarts the clocks, the pictures' timing and the sound.
    func holdPlayback(_ paused: Bool, at now: Double) {
        guard paused != (pausedAt != nil) else { return }
        if paused {
            heldPosition = state.position
            pausedAt = now
            externalClock.setPaused(true, at: now)
            video?.scheduler.pause(now: now)
        } else {
            let pausedFor = pausedAt.map { now - $0 } ?? 0
            pausedAt = nil
            externalClock.setPaused(false, at: now)
            video?.scheduler.resume(afterPausedFor: pausedFor, now: now)
            rejoinSound(at: now)
        }
        output?.sink.setPaused(paused)
    }

    func setSpeed(_ speed: Double, now: Double) {
        if speed <= 0 {
            setPaused(true, at: now)   // rate 0 is paused, as in the seed players
            return
        }
        state.speed = min(Speed.range.upperBound, max(Speed.range.lowerBound, speed))
        externalClock.setSpeed(state.speed, at: now)
        video?.scheduler.speed = state.speed
        output?.renderer.setSpeed(state.speed)
    }

    func setVolume(_ volume: Double) {
        state.volume = min(options.volumeMax, max(0, volume))
    }

    func applyGain() {
        // Cubic curve: equal steps of the control sound like equal steps of loudness.
        let linear = state.isMuted ? 0 : pow(state.volume / 100, 3)
        output?.renderer.setGain(Float(linear))
    }

    func seek(_ target: SeekTarget, precision: SeekPrecision, now: Double) {
        let duration = state.duration
        var position: Double
        var forward = false
        switch target {
        case .absolute(let t): position = t
        case .relative(let d): position = state.position + d; forward = d > 0
        case .absolutePercent(let p):
            guard let duration else { return }
            position = duration * p / 100
        case .relativePercent(let p):
            guard let duration else { return }
            position = state.position + duration * p / 100; forward = p > 0
        }
        if !position.isFinite { return }
        if let duration, position >= duration, forward {
            // Skipping past the end is reaching the end.
            loopsLeft = 0
            endOfFile(now: now)
            return
        }
        if let duration { position = min(position, duration) }
        let request = SeekCoalescer.Request(target: max(0, position), precision: precision)
        if let request = seekCoalescer.ask(request, landing: isLandingSeek, now: now) {
            carryOutSeek(to: request.target, precision: request.precision, announce: true)
        } else {
            // Waits for the seek under way to land; the next relative seek counts from here.
            state.position = request.target
        }
        if precision == .keyframe {
            // Held keys and the wheel skip fast: say where to, since the picture lags behind.
            show(TimeFormat.pair(position: max(0, position), duration: duration), now: now)
        }
    }

    /// - Parameter reportsTarget: once landed, the position is the target itself when the
    ///   picture covers it (else the picture's own time, as after a frame step back).
    func requestSeek(to position: Double, precision: SeekPrecision, announce: Bool,
                     reason: Restart.Reason = .seek, reportsTarget: Bool = true) {
        seekCoalescer.cancel()
        carryOutSeek(to: position, precision: precision, announce: announce, reason: reason, reportsTarget: reportsTarget)
    }

    /// A user's seek under way has no picture up yet: another waits for it (see `SeekCoalescer`).
    var isLandingSeek: Bool {
        // Playing backwards, a seek starts the spans again at once and waits for nothing.
        guard activeBackward == nil, let restart = lifecycle.restart else { return false }
        return restart.reason == .seek && restart.landing == nil
    }

    /// Carries out a seek that waited for the one before it to land.
    func carryOutWaitingSeek(now: Double) {
        guard let request = seekCoalescer.next(landing: isLandingSeek, now: now) else { return }
        carryOutSeek(to: request.target, precision: request.precision, announce: true)
    }

    private func carryOutSeek(to position: Double, precision: SeekPrecision, announce: Bool,
                              reason: Restart.Reason = .seek, reportsTarget: Bool = true) {
        if activeBackward != nil { return seekBackward(to: position, announce: announce) }
        if precision == .exact { checkSeekShortcut() }
        // The sound of the new position waits for its picture (see `advanceRestart`); a loop's
        // follows what the device still holds of the end as soon as it is decoded, and its
        // picture waits for it.
        if video != nil && !options.untimed && reason != .loop, let audio {
            output?.renderer.holdSound(after: audio.packets.serial)
        }
        // Paused, the device keeps the old position's sound queued: it must not play on resume.
        if state.isPaused, audio != nil { output?.renderer.dropDeviceQueue() }
        demuxer.requestSeek(.init(target: position + startTime, precision: precision))
        readSubtitleLines(showingAt: position)
        heldPosition = position
        soundJoinedAt = nil
        // Measured again once sound and picture run from the new position (mpv's `avsync`).
        state.avOffset = 0
        let wasBuffering = lifecycle.isBuffering
        lifecycle.handle(.restart(reason, target: position, exact: precision == .exact && reportsTarget))
        // The seek ends the wait for the cache; only the user's pause still holds.
        if wasBuffering { holdPlayback(state.isPaused, at: monotonic()) }
        state.position = position
        publishPhase()
        if announce {
            events.append(.seek)
            seekRequestedAt = monotonic()
        }
    }

    /// Starts `SeekShortcutCheck` for this file on a background thread; exact seeks use the
    /// shortcut once it has passed. Files that are never sought exactly never pay for it.
    private func checkSeekShortcut() {
        // A network source is not fetched a second time for a shortcut.
        guard !seekShortcutChecked, !file.location.isNetwork, let video, video.hasReorderedFrames else { return }
        seekShortcutChecked = true
        let flag = video.decoder.skipsBFramesWhenSeeking
        let source = file.source, facts = file.facts
        let thread = Thread {
            // Niced: playback and the seek itself come first.
            setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
            let allowed = SeekShortcutCheck.run(source: source, facts: facts)
            flag.withLock { $0 = allowed }
        }
        thread.name = "vplay.seek-check"
        thread.start()
    }

    func frameStep(now: Double) {
        guard video != nil, !lifecycle.isRestarting else { return }
        if !state.isPaused { setPaused(true, at: now) }
        lifecycle.handle(.step)
        video?.packets.setHolding(false)   // the next frame is wanted now
    }

    func frameBackStep(now: Double) {
        guard let video, video.frames.hasShownFrame else { return }
        if !state.isPaused { setPaused(true, at: now) }
        let current = video.frames.peekLast()
        let duration = current.duration > 0 ? current.duration : 1 / (video.frameRate ?? 25)
        // The middle of the frame before: whatever the rounding of timestamps, that frame
        // covers it, and the position is its own time (mpv's), not the middle.
        let target = current.pts - startTime - duration / 2
        requestSeek(to: max(0, target), precision: .exact, announce: true, reportsTarget: false)
    }
}

extension Player {
    /// Takes effect from the next frame decoded; the frames already queued show as they are.
    /// Paused, the picture on screen is made again at once from the file with the new settings.
    func setPicture(_ picture: PictureSettings, now: Double) {
        let old = state.picture
        state.picture = picture
        pictureSettings.current = picture
        var decoded = picture, wasDecoded = old
        decoded.hwdec = .no
        wasDecoded.hwdec = .no
        if state.isPaused, video != nil, decoded != wasDecoded, picture.hwdec == old.hwdec {
            requestSeek(to: state.position, precision: .exact, announce: false)
        }
        if picture.deinterlace != old.deinterlace {
            show("Deinterlace: \(picture.deinterlace.rawValue)", now: now)
        }
        if picture.hwdec != old.hwdec {
            reopenVideo(now: now)
            show("Hardware decoding: \(picture.hwdec.rawValue)", now: now)
        }
        if picture.videoFilters != old.videoFilters {
            show("Video filters: " + (picture.videoFilters.isEmpty ? "none" : picture.videoFilters.joined(separator: ",")), now: now)
        }
        if picture.toneMapping != old.toneMapping {
            show("Tone mapping: \(picture.toneMapping.rawValue)", now: now)
        }
    }
}
