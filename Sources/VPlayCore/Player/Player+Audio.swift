/// How sound is played: its delay against the picture and the device it goes to.
extension Player {
    func setAudio(_ setting: AudioSetting, now: Double) {
        state.audio = state.audio.with(setting)
        output?.renderer.setDelay(state.audio.delay)
        show(state.audio.message(for: setting), now: now)
    }
}
