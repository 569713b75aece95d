/// The `sub-*` properties, by mpv's names; part of `PropertyRegistry.all`.
extension PropertyRegistry {
    static let subtitleProperties: [Property] = [
        .readOnly("sub-text", .text, "the subtitle text on screen now") { state in
            .available(state.selectedTrackID(.sub) == nil ? nil : state.subtitleText ?? "")
        },
        .readOnly("sub-start", .number, "when the subtitle line on screen started, in seconds") { .available($0.subtitleStart) },
        .readOnly("sub-end", .number, "when the subtitle line on screen ends, in seconds") { .available($0.subtitleEnd) },
        .readOnly("sub-list", .list, "every subtitle line read so far: start, end, text", observable: false) { state in
            .list(state.subtitleList.map { .map(["start": .number($0.start), "end": .number($0.end), "text": .text($0.text)]) })
        },
        .flag("sub-visibility", "subtitles shown", get: { $0.subtitles.isVisible }, set: { .setSubtitle(.visible($0)) }),
        Property("secondary-sid", .integer, "a second subtitle track shown at the top: an id, or no", get: { state in
            guard !state.path.isEmpty else { return .unavailable }
            return state.secondarySubtitleID.map(PropertyValue.integer) ?? .flag(false)
        }, domain: .track(.sub), set: { value, _ in
            if case .integer(let id) = value { return .selectSecondarySubtitles(.id(id)) }
            return .selectSecondarySubtitles(.none)
        }),
        .readOnly("secondary-sub-text", .text, "the second subtitle track's text on screen now") { state in
            .available(state.secondarySubtitleText)
        },
        .flag("secondary-sub-visibility", "the second subtitle track shown", get: { $0.subtitles.isSecondaryVisible },
              set: { .setSubtitle(.secondaryVisible($0)) }),
        .number("sub-delay", "seconds subtitles show later (negative: earlier)", get: { .number($0.subtitles.delay) },
                bounds: { _ in SubtitleSettings.delayRange }, set: { seconds, _ in .setSubtitle(.delay(seconds)) }),
        .number("sub-scale", "subtitle text size factor", get: { .number($0.subtitles.scale) },
                bounds: { _ in SubtitleSettings.scaleRange }, set: { factor, _ in .setSubtitle(.scale(factor)) }),
        .number("sub-pos", "where bottom subtitles sit, percent of the picture height (100: bottom)",
                get: { .number($0.subtitles.position) }, bounds: { _ in SubtitleSettings.positionRange },
                set: { percent, _ in .setSubtitle(.position(percent)) }),
        Property("sub-font", .text, "font of text subtitles without a style of their own (SRT, WebVTT)",
                 get: { .text($0.subtitles.font) }, domain: .text({ !$0.isEmpty && $0.utf8.count < 256 }),
                 set: { value, _ in .setSubtitle(.font(value.textValue ?? "sans-serif")) }),
        .number("sub-font-size", "size of text subtitles without a style, pixels at 720 lines",
                get: { .number($0.subtitles.fontSize) }, bounds: { _ in SubtitleSettings.fontSizeRange },
                set: { size, _ in .setSubtitle(.fontSize(size)) }),
        Property("sub-color", .text, "colour of text subtitles without a style: #RRGGBB or #AARRGGBB",
                 get: { .text($0.subtitles.color.description) }, domain: .text({ SubtitleColor($0) != nil }),
                 set: { value, _ in .setSubtitle(.color(value.textValue.flatMap(SubtitleColor.init) ?? .white)) }),
        .number("sub-border-size", "outline width of text subtitles without a style",
                get: { .number($0.subtitles.borderSize) }, bounds: { _ in SubtitleSettings.borderSizeRange },
                set: { size, _ in .setSubtitle(.borderSize(size)) }),
    ]
}

extension PropertyValue {
    /// The text of a `.text` value.
    public var textValue: String? {
        if case .text(let text) = self { return text }
        return nil
    }
}
