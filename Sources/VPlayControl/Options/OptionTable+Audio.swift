import VPlayCore

/// The sound options: its delay against the picture (checked by the property registry).
extension OptionTable {
    static let audioOptions: [OptionSpec] = [
        OptionSpec(["--audio-delay"], .value("SECONDS"), "play the sound later (negative: earlier), -100..100; Ctrl++ / Ctrl+- while playing",
                   default: "0") { draft, use throws(OptionError) in
            let delay = try use.number(for: "audio-delay")
            draft.options.player.audio = AudioSettings.starting(delay: delay, device: draft.options.player.audio.device)
        },
    ]
}
