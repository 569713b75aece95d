/// The sound's properties (`audio-delay`, …), by mpv's names; part of `PropertyRegistry.all`.
extension PropertyRegistry {
    static let audioProperties: [Property] = [
        .number("audio-delay", "seconds the sound plays later than the picture (negative: earlier)",
                get: { .number($0.audio.delay) }, bounds: { _ in AudioSettings.delayRange },
                set: { seconds, _ in .setAudio(.delay(seconds)) }),
        Property("audio-device", .text, "where the sound goes: auto (the sound server's default) or a name from audio-device-list",
                 get: { .text($0.audio.device) }, domain: .text({ !$0.isEmpty }),
                 set: { value, _ in .setAudio(.device(value.textValue ?? AudioSettings.automaticDevice)) }),
        .readOnly("audio-device-list", .list, "the output devices: name, description; auto first") { state in
            .list(([AudioOutputDevice(name: AudioSettings.automaticDevice, description: "Autoselect device")] + state.audioDevices)
                .map { .map(["name": .text($0.name), "description": .text($0.description)]) })
        },
        Property("drc", .text, "night mode, loud passages compressed: no, light, strong",
                 get: { .text($0.audio.drc.rawValue) }, domain: .choice(DynamicRange.allCases.map(\.rawValue)),
                 set: { value, _ in .setAudio(.drc(value.textValue.flatMap(DynamicRange.init) ?? .no)) },
                 cycle: { state, up in
                     let all = DynamicRange.allCases, index = all.firstIndex(of: state.audio.drc) ?? 0
                     return .setAudio(.drc(all[(index + (up ? 1 : all.count - 1)) % all.count]))
                 }),
        Property("normalize", .text, "loudness normalization, one constant gain per file: no, track, album",
                 get: { .text($0.audio.normalize.rawValue) }, domain: .choice(LoudnessNormalization.allCases.map(\.rawValue)),
                 set: { value, _ in .setAudio(.normalize(value.textValue.flatMap(LoudnessNormalization.init) ?? .no)) }),
        .number("normalize-target", "the loudness normalization aims at, LUFS",
                get: { .number($0.audio.normalizeTarget) }, bounds: { _ in LoudnessNormalization.targetRange },
                set: { target, _ in .setAudio(.normalizeTarget(target)) }),
        Property("af", .text, "audio filters, as --af: libavfilter's, comma-separated, or lavfi=[GRAPH]",
                 get: { .text($0.audio.filters.joined(separator: ",")) }, domain: .text({ _ in true }),
                 set: { value, _ in .setAudio(.filters(FilterListText.entries(value.textValue ?? ""))) }),
    ]
}
