/// How web pages are opened, by mpv's names. They hold for the pages opened after a change.
extension PropertyRegistry {
    static let webProperties: [Property] = [
        Property("ytdl-format", .text, "the format yt-dlp picks on the pages opened next",
                 get: { .text($0.webFormat) }, domain: .text({ !$0.isEmpty && $0.utf8.count < 1024 }),
                 set: { value, _ in .setWebFormat(value.textValue ?? WebOptions().format) }),
    ]
}
