import VPlayCore

/// Options for web pages resolved with yt-dlp (mpv's names; `--ytdl-path` stands for mpv's
/// `--script-opts=ytdl_hook-ytdl_path=…`).
extension OptionTable {
    static let web: [OptionSpec] = [
        OptionSpec(["--ytdl"], .flag, "play web pages through yt-dlp", default: "yes") { draft, use throws(OptionError) in
            draft.options.player.web.enabled = try use.flag()
        },
        OptionSpec(["--ytdl-format"], .value("FORMAT"), "the format yt-dlp picks on a page", default: "bestvideo+bestaudio/best") { draft, use throws(OptionError) in
            let text = try use.text()
            guard !text.isEmpty else { throw .invalidValue(use.name, text, expected: "a yt-dlp format selection") }
            draft.options.player.web.format = text
        },
        OptionSpec(["--ytdl-raw-options"], .value("OPTS"), "extra yt-dlp options, name=value separated by commas",
                   default: "none") { draft, use throws(OptionError) in
            let text = try use.text()
            guard let options = WebOptions.rawOptions(text) else {
                throw .invalidValue(use.name, text, expected: "name=value pairs separated by commas")
            }
            draft.options.player.web.rawOptions += options
        },
        OptionSpec(["--ytdl-path"], .value("PROGRAM"), "the yt-dlp to run: a path, or a name on PATH", default: "yt-dlp") { draft, use throws(OptionError) in
            let text = try use.text()
            guard !text.isEmpty else { throw .invalidValue(use.name, text, expected: "a program") }
            draft.options.player.web.program = text
        },
    ]
}
