/// How sound is played: its delay against the picture, the user's filters, the device it goes to.
extension Player {
    func setAudio(_ setting: AudioSetting, now: Double) {
        var setting = setting
        var refused: String?
        if case .filters(let entries) = setting { setting = .filters(usableFilters(entries) { refused = $0 }) }
        state.audio = state.audio.with(setting)
        output?.renderer.setDelay(state.audio.delay)
        output?.renderer.setFilters(AudioFilterChain.graph(of: state.audio.filters))
        show(refused ?? state.audio.message(for: setting), now: now)
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
}
