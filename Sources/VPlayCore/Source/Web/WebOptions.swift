import Foundation

/// How web pages are turned into media: with yt-dlp, which format it picks, and which yt-dlp
/// runs (mpv's `--ytdl`, `--ytdl-format`, `--ytdl-raw-options`; `--ytdl-path`).
public struct WebOptions: Sendable, Equatable {
    /// Resolve pages with yt-dlp; off, every URL opens as media.
    public var enabled = true
    /// yt-dlp's format selection.
    public var format = "bestvideo+bestaudio/best"
    /// Extra yt-dlp options, each `name` or `name=value` (without the leading dashes).
    public var rawOptions: [(name: String, value: String?)] = []
    /// The yt-dlp to run: a path, or a name looked up on PATH.
    public var program = "yt-dlp"

    public init() {}

    public static func == (a: WebOptions, b: WebOptions) -> Bool {
        a.enabled == b.enabled && a.format == b.format && a.program == b.program
            && a.rawOptions.map { [$0.name, $0.value ?? "\u{0}"] } == b.rawOptions.map { [$0.name, $0.value ?? "\u{0}"] }
    }

    /// `--ytdl-raw-options`'s value: `name=value` pairs separated by commas, a name alone for
    /// a flag (`cookies=/x/c.txt,no-check-certificates=`). Nil for an empty name.
    public static func rawOptions(_ text: String) -> [(name: String, value: String?)]? {
        var result: [(name: String, value: String?)] = []
        for pair in text.split(separator: ",", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            var name = String(parts[0]).trimmingCharacters(in: .whitespaces)
            while name.hasPrefix("-") { name.removeFirst() }
            guard !name.isEmpty else { return nil }
            let value = parts.count > 1 ? String(parts[1]) : nil
            result.append((name, value.flatMap { $0.isEmpty ? nil : $0 }))
        }
        return result
    }
}
