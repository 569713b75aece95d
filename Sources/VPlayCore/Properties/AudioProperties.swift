/// The sound's properties (`audio-delay`, …), by mpv's names; part of `PropertyRegistry.all`.
extension PropertyRegistry {
    static let audioProperties: [Property] = [
        .number("audio-delay", "seconds the sound plays later than the picture (negative: earlier)",
                get: { .number($0.audio.delay) }, bounds: { _ in AudioSettings.delayRange },
                set: { seconds, _ in .setAudio(.delay(seconds)) }),
        Property("af", .text, "audio filters, as --af: libavfilter's, comma-separated, or lavfi=[GRAPH]",
                 get: { .text($0.audio.filters.joined(separator: ",")) }, domain: .text({ _ in true }),
                 set: { value, _ in .setAudio(.filters(AudioFilterChain.entries(value.textValue ?? ""))) }),
    ]
}
