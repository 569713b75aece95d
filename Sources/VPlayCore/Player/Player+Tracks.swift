import Foundation

/// Choosing tracks while playing. A new audio track gets its own decoder from the play
/// position (the file is read again from there, not reopened) and its sound follows the old
/// one's on the same device; a new video track starts at the position as after a seek.
extension Player {
    func selectTrack(_ kind: Track.Kind, _ choice: TrackChoice, now: Double) {
        let name = Self.trackKindName(kind)
        var id: Int?
        switch choice {
        case .none: id = nil
        case .auto:
            let languages = kind == .audio ? options.audioLanguages : kind == .sub ? options.subtitleLanguages : []
            id = TrackChooser.choose(.auto, among: tracks, kind: kind, languages: languages)
        case .id(let wanted):
            guard Self.track(kind, wanted, in: tracks) != nil else {
                warn("no \(name) track \(wanted)")
                show("No \(name) track \(wanted)", now: now)
                return
            }
            id = wanted
        }
        guard id != state.selectedTrackID(kind) else { return }
        switch kind {
        case .audio:
            switchAudio(to: id.flatMap { Self.track(.audio, $0, in: tracks) }, now: now)
            followAudioTrackBackward(now: now)
        case .video: switchVideo(to: id.flatMap { Self.track(.video, $0, in: tracks) }, now: now)
        case .sub: switchSubtitles(to: id.flatMap { Self.track(.sub, $0, in: tracks) }, now: now)
        }
        publishTracks()
        let label = state.tracks.first { $0.kind == kind && $0.isSelected }?.label ?? "no"
        show("\(name.prefix(1).uppercased() + name.dropFirst()): \(label)", now: now)
    }

    static func trackKindName(_ kind: Track.Kind) -> String {
        switch kind {
        case .audio: "audio"
        case .video: "video"
        case .sub: "subtitle"
        }
    }

    /// Marks the tracks that play, from the paths that play them.
    func publishTracks() {
        let playing: Set<Int> = Set([video?.streamIndex, audio?.streamIndex, subtitles?.streamIndex].compactMap { $0 })
        state.tracks = tracks.map { track in
            var track = track
            track.isSelected = playing.contains(track.streamIndex)
            track.isSecondarySelection = track.kind == .sub && track.streamIndex == secondarySubtitles?.streamIndex
            return track
        }
        state.hasAudio = audio != nil
    }

    /// The queues the demuxer fills: the tracks that play.
    var routes: Demuxer.Routes {
        var routes = Demuxer.Routes()
        if let video { routes.queues[video.streamIndex] = video.packets }
        if let audio { routes.queues[audio.streamIndex] = audio.packets }
        for source in [subtitles, secondarySubtitles] {
            if let source, let packets = source.packets {
                routes.queues[source.streamIndex] = packets
                routes.sparse.insert(source.streamIndex)
            }
        }
        return routes
    }

    private func switchAudio(to track: Track?, now: Double) {
        guard let output = output ?? track.flatMap({ openLateOutput(for: $0, now: now) }) else {
            show("No audio output", now: now)
            return
        }
        let heard = audioTime(at: now)
        let position = masterTime(at: now) ?? state.position + startTime
        if let old = audio {
            retiringAudio.append(old)
            audio = nil
        }
        latestSourceID = output.nextSourceID()
        guard let track else {
            // The picture goes on from where the sound is, on the system clock.
            if let heard, let serial = demuxer.settledSerial { externalClock.set(heard, serial: serial, at: now) }
            externalClock.isPaused = state.isPaused
            audioAwaitsHandover = false
            output.renderer.setSource(nil, id: latestSourceID)
            demuxer.setRoutes(routes)
            return
        }
        let path: AudioTrackPath
        do {
            path = try AudioTrackPath(inputs: demuxer.inputs, stream: track.streamIndex, packets: demuxer.makeQueue(for: track.streamIndex),
                                      sourceID: latestSourceID)
        } catch {
            warn("audio track \(track.id): \(error); playing without sound")
            output.renderer.setSource(nil, id: latestSourceID)
            demuxer.setRoutes(routes)
            return
        }
        watchDamage(of: path.decoder, name: "audio")
        path.start()
        audio = path
        if heard == nil, let serial = demuxer.settledSerial {
            // Nothing is heard: the picture's clock runs until the new sound starts, where it is.
            if !externalClock.pts.isFinite { externalClock.set(position, serial: serial, at: now) }
            audioAwaitsHandover = true
        }
        output.renderer.setSource(path.source, id: path.sourceID, handover: audioAwaitsHandover ? externalClock : nil)
        demuxer.setRoutes(routes, refreshAt: position)
    }

    /// Stops the decoders of tracks switched away from once the renderer has let go of them,
    /// and hands the clock to the new sound once it plays.
    func retireSwitchedAudio(now: Double) {
        guard let output, !retiringAudio.isEmpty || audioAwaitsHandover else { return }
        guard output.renderer.sourceID == latestSourceID else { return }
        retiringAudio.forEach { $0.stop() }
        retiringAudio.removeAll()
        if audioAwaitsHandover, let audio, output.time(at: now, serial: audio.packets.serial, sourceID: latestSourceID) != nil {
            audioAwaitsHandover = false
        }
    }

    private func switchSubtitles(to track: Track?, now: Double) {
        if let track, track.streamIndex == secondarySubtitles?.streamIndex {
            // One track is not shown twice: it moves from the top to the main place.
            secondarySubtitles?.stop()
            secondarySubtitles = nil
        }
        subtitles?.stop()
        subtitles = nil
        pendingSubtitleMove = nil
        state.subtitleText = nil
        if let track {
            do {
                let path = try Self.subtitleSource(for: track, file: file, demuxer: demuxer, files: subtitleFiles,
                                                options: options, wake: wake)
                path.readLines(showingAt: subtitleTime)
                path.start()
                subtitles = path
                prepareSubtitleFonts()
            } catch {
                warn("subtitle track \(track.id): \(error)")
            }
        }
        if subtitles?.packets != nil {
            // The lines from where playback is, not from where reading had got to.
            demuxer.setRoutes(routes, refreshAt: masterTime(at: now) ?? state.position + startTime)
        } else {
            demuxer.setRoutes(routes)
        }
    }

    fileprivate func switchVideo(to track: Track?, now: Double) {
        video?.stop()
        video = nil
        if let track {
            do {
                let path = try VideoPath(file: file, stream: track.streamIndex,
                                         packets: demuxer.makeQueue(for: track.streamIndex),
                                         picture: pictureSettings, threads: options.decodingThreads,
                                         warn: warn, verbose: verbose, wake: wake)
                path.decoder.replayHold = options.seekReplayHold
                path.scheduler.speed = state.speed
                if state.isPaused { path.scheduler.pause(now: now) }
                path.packets.setHolding(state.isPaused)
                watchDamage(of: path.decoder, name: "video")
                path.start()
                video = path
            } catch {
                warn("video track \(track.id): \(error)")
            }
        }
        state.hasVideo = video != nil
        demuxer.setRoutes(routes)
        // Every stream reads again from the position, the new picture among them.
        requestSeek(to: state.position, precision: .exact, announce: false)
    }

    /// `secondary-sid`: a second subtitle track at the top, or none (`auto` is none, as in mpv).
    func selectSecondarySubtitles(_ choice: TrackChoice, now: Double) {
        var track: Track?
        if case .id(let id) = choice {
            guard let found = Self.track(.sub, id, in: tracks) else {
                warn("no subtitle track \(id)")
                show("No subtitle track \(id)", now: now)
                return
            }
            guard id != state.selectedTrackID(.sub) else {
                show("Subtitle track \(id) is already shown", now: now)
                return
            }
            track = found
        }
        guard track?.id != state.secondarySubtitleID else { return }
        secondarySubtitles?.stop()
        secondarySubtitles = nil
        if let track {
            do {
                let source = try Self.subtitleSource(for: track, file: file, demuxer: demuxer, files: subtitleFiles,
                                                options: options, wake: wake)
                source.readLines(showingAt: subtitleTime)
                source.start()
                secondarySubtitles = source
                prepareSubtitleFonts(for: .secondary)
            } catch {
                warn("subtitle track \(track.id): \(error)")
            }
        }
        if secondarySubtitles?.packets != nil {
            demuxer.setRoutes(routes, refreshAt: masterTime(at: now) ?? state.position + startTime)
        } else {
            demuxer.setRoutes(routes)
        }
        publishTracks()
        show("Secondary subtitles: \(track?.label ?? "no")", now: now)
    }
}

extension Player {
    /// Opens the playing video track's decoder again (hardware decoding changed), from the
    /// position as after a seek.
    func reopenVideo(now: Double) {
        guard let video, let track = tracks.first(where: { $0.kind == .video && $0.streamIndex == video.streamIndex }) else { return }
        switchVideo(to: track, now: now)
    }
}
