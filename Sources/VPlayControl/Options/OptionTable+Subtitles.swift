import VPlayCore

/// The subtitle options: files to add, which ones beside the video to find, their encoding, and
/// the `sub-*` properties' starting values (checked by the property registry).
extension OptionTable {
    static let subtitleOptions: [OptionSpec] = [
        OptionSpec(["--sub-file"], .value("PATH"), "add a subtitle file (repeatable)", default: "none") { draft, use throws(OptionError) in
            draft.options.player.subtitleFiles.append(try use.text())
        },
        OptionSpec(["--sub-auto"], .value("exact|fuzzy|no"),
                   "subtitle files beside the video: named like it (clip.srt, clip.en.srt), or containing its name, or none",
                   default: "exact") { draft, use throws(OptionError) in
            let text = try use.text()
            guard let mode = SubtitleAutoLoad(rawValue: text) else { throw .invalidValue(use.name, text, expected: "exact, fuzzy or no") }
            draft.options.player.subtitleAutoLoad = mode
        },
        OptionSpec(["--sub-codepage"], .value("CP"), "encoding of subtitle files that are not UTF-8, e.g. CP1251",
                   default: "guessed: CP1252 or CP1251") { draft, use throws(OptionError) in
            draft.options.player.subtitleCodepage = try use.text()
        },
        OptionSpec(["--sub-visibility"], .flag, "show subtitles", default: "yes") { draft, use throws(OptionError) in
            draft.options.player.subtitles.isVisible = try use.flag(for: "sub-visibility")
        },
        OptionSpec(["--sub-delay"], .value("SECONDS"), "show subtitles later (negative: earlier)", default: "0") { draft, use throws(OptionError) in
            draft.options.player.subtitles.delay = try use.number(for: "sub-delay")
        },
        OptionSpec(["--sub-scale"], .value("X"), "subtitle size factor", default: "1") { draft, use throws(OptionError) in
            draft.options.player.subtitles.scale = try use.number(for: "sub-scale")
        },
        OptionSpec(["--sub-pos"], .value("PERCENT"), "where bottom subtitles sit, 0 top .. 100 bottom", default: "100") { draft, use throws(OptionError) in
            draft.options.player.subtitles.position = try use.number(for: "sub-pos")
        },
        OptionSpec(["--sub-font"], .value("NAME"), "font of text subtitles without a style (SRT, WebVTT)", default: "sans-serif") { draft, use throws(OptionError) in
            draft.options.player.subtitles.font = try use.text(for: "sub-font")
        },
        OptionSpec(["--sub-font-size"], .value("PIXELS"), "their size, in pixels of a 720-line window", default: "55") { draft, use throws(OptionError) in
            draft.options.player.subtitles.fontSize = try use.number(for: "sub-font-size")
        },
        OptionSpec(["--sub-color"], .value("#RRGGBB"), "their colour (#AARRGGBB with opacity)", default: "#FFFFFF") { draft, use throws(OptionError) in
            // As in mpv, hex only: a name here would not be taken by a `set sub-color` later.
            let text = try use.text()
            guard let color = SubtitleColor(text) else {
                throw .invalidValue(use.name, text, expected: "a colour: #RRGGBB, or #AARRGGBB with AA the opacity (e.g. #FF0000 is red)")
            }
            draft.options.player.subtitles.color = color
        },
        OptionSpec(["--sub-border-size"], .value("PIXELS"), "their outline width", default: "3") { draft, use throws(OptionError) in
            draft.options.player.subtitles.borderSize = try use.number(for: "sub-border-size")
        },
    ]
}
