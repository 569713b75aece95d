import Foundation

/// What yt-dlp says a web page holds (its `-J` description): one item to play, made of one
/// source or of separate video and audio sources, or a playlist of further pages.
public enum WebPage: Sendable, Equatable {
    case item(WebItem)
    /// Entries played in turn, each resolved when its turn comes.
    case playlist(title: String?, entries: [String])
}

/// One item of a page.
public struct WebItem: Sendable, Equatable {
    public var title: String?
    public var duration: Double?
    public var chapters: [Chapter] = []
    /// The page's picture (a URL), for MPRIS's art.
    public var thumbnail: String?
    /// External subtitles by language (`requested_subtitles`).
    public var subtitles: [WebSubtitle] = []
    public var isLive = false
    /// The video (or the one source holding both), then the audio when it comes apart.
    public var sources: [WebSource]

    /// The source that carries the picture (or the only one).
    public var main: WebSource { sources.first { $0.hasVideo } ?? sources[0] }
    /// Sound served apart from the picture, if any.
    public var separateAudio: WebSource? {
        sources.count > 1 ? sources.first { !$0.hasVideo && $0 != main } : nil
    }
}

/// One URL to read, with what each request for it needs.
public struct WebSource: Sendable, Equatable {
    public var url: String
    public var hasVideo: Bool
    public var hasAudio: Bool
    /// Request headers, `User-Agent` and `Referer` among them.
    public var headers: [String: String]
    /// Cookies, `name=value` each.
    public var cookies: [String]

    /// `base` with this source's user agent, referrer, headers and cookies.
    public func networkOptions(over base: NetworkOptions) -> NetworkOptions {
        var options = base
        var fields: [String] = []
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
            // A header value never spans lines: one that does would forge further headers.
            guard !value.contains("\r"), !value.contains("\n"), !name.contains(":") else { continue }
            switch name.lowercased() {
            case "user-agent": options.userAgent = value
            case "referer": options.referrer = value
            case "cookie": fields.append("Cookie: \(value)")
            default: fields.append("\(name): \(value)")
            }
        }
        if !cookies.isEmpty, !fields.contains(where: { $0.hasPrefix("Cookie:") }) {
            fields.append("Cookie: " + cookies.joined(separator: "; "))
        }
        options.headerFields = base.headerFields + fields
        return options
    }
}

public struct WebSubtitle: Sendable, Equatable {
    public var language: String
    public var url: String
    /// Its format as yt-dlp names it (`vtt`, `srt`, `ass`).
    public var format: String?
}
