/// How sound is played: its delay against the picture, the user's filters, the device it goes to.
extension Player {
    func setAudio(_ setting: AudioSetting, now: Double) {
        var setting = setting
        var refused: String?
        switch setting {
        case .filters(let entries): setting = .filters(usableFilters(entries) { refused = $0 })
        case .device(let name): refused = chooseOutputDevice(name)
        default: break
        }
        state.audio = state.audio.with(setting)
        output?.renderer.setDelay(state.audio.delay)
        appliedLoudnessGain = loudnessGain
        output?.renderer.setFilters(soundGraph)
        output?.renderer.setDownmix(state.audio.drc.downmix)
        show(refused ?? state.audio.message(for: setting), now: now)
        if case .device = setting { followOutputDevice(now: now, atOnce: true) }
    }

    /// `entries` without those libavfilter cannot build for this sound, each reported once: the
    /// sound plays on without them.
    func usableFilters(_ entries: [String], refused: (String) -> Void = { _ in }) -> [String] {
        let format = output?.format
        return entries.filter { entry in
            guard let problem = TempoFilter.problem(with: AudioFilterChain.graph(of: entry), sampleRate: format?.sampleRate ?? 48000,
                                                    channels: format?.channels ?? 2) else { return true }
            let message = "audio filter '\(entry)' cannot be used (\(problem)); playing without it"
            warn(message)
            refused(message)
            return false
        }
    }

    /// The sink's name for an `audio-device` value: nil for `auto`.
    static func deviceName(_ device: String) -> String? {
        device == AudioSettings.automaticDevice ? nil : device
    }

    /// Sends the sound to `device`; a device that is not there is reported (it is used once it
    /// appears) and the default plays meanwhile. Returns that report.
    @discardableResult
    func chooseOutputDevice(_ device: String) -> String? {
        guard let audioDevice, !audioDevice.select(Self.deviceName(device)) else { return nil }
        let message = "audio device '\(device)' not found; playing on the default"
        warn(message)
        return message
    }

    /// Every quarter second (or `atOnce`): the device list for `audio-device-list`, the chosen
    /// device back when it has come back, and the device playing now with the delay it keeps.
    func followOutputDevice(now: Double, atOnce: Bool = false) {
        guard let audioDevice, output != nil, atOnce || now - outputDeviceCheckedAt >= 0.25 else { return }
        outputDeviceCheckedAt = now
        let (generation, devices) = audioDevice.updateDevices()
        if generation != outputDeviceGeneration {
            outputDeviceGeneration = generation
            state.audioDevices = devices
        }
        if let playing = audioDevice.playingDevice, playing != state.audio.playing {
            let first = state.audio.playing.isEmpty
            state.audio = state.audio.with(.playing(playing))
            output?.renderer.setDelay(state.audio.delay)
            if !first { show(state.audio.message(for: .playing(playing)), now: now) }
        }
    }
}
