import VPlayCore

/// The sound options: its delay against the picture (checked by the property registry), its filters.
extension OptionTable {
    static let audioOptions: [OptionSpec] = [
        OptionSpec(["--audio-delay"], .value("SECONDS"), "play the sound later (negative: earlier), -100..100; Ctrl++ / Ctrl+- while playing",
                   default: "0") { draft, use throws(OptionError) in
            let delay = try use.number(for: "audio-delay")
            draft.options.player.audio.delay = delay
            draft.options.player.audio.startDelay = delay
        },
        OptionSpec(["--audio-device"], .value("NAME"), "where the sound goes: auto (the sound server's default) or a name from audio-device-list, e.g. pulse/SINK",
                   default: "auto") { draft, use throws(OptionError) in
            draft.options.player.audio.device = try use.text(for: "audio-device")
        },
        OptionSpec(["--drc"], .value("no|light|strong"), "night mode: loud passages compressed towards speech", default: "no") { draft, use throws(OptionError) in
            draft.options.player.audio.drc = DynamicRange(rawValue: try use.choice(for: "drc")) ?? .no
        },
        OptionSpec(["--normalize"], .value("no|track|album"), "loudness normalization: each file (or each folder's files) at one constant gain to --normalize-target",
                   default: "no") { draft, use throws(OptionError) in
            draft.options.player.audio.normalize = LoudnessNormalization(rawValue: try use.choice(for: "normalize")) ?? .no
        },
        OptionSpec(["--normalize-target"], .value("LUFS"), "the loudness --normalize aims at, -40..-5", default: "-16") { draft, use throws(OptionError) in
            draft.options.player.audio.normalizeTarget = try use.number(for: "normalize-target")
        },
        OptionSpec(["--af"], .value("FILTERS"),
                   "audio filters, comma-separated: libavfilter's (equalizer=f=1000:t=q:w=1:g=-10) or lavfi=[GRAPH]; one that cannot be built is left out with a warning",
                   default: "none") { draft, use throws(OptionError) in
            draft.options.player.audio.filters = FilterListText.entries(try use.text())
        },
    ]
}
