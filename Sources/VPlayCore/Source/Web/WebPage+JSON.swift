import Foundation

/// Reading yt-dlp's `-J` output. Only network URLs are taken: a page never leads to a local
/// file (or to any protocol that could read one), whatever its description says.
extension WebPage {
    public enum ReadError: Error, Equatable {
        case invalidJSON
        case noVideo
        /// A source that is not a network URL (`file:`, a path, `data:`…).
        case refused(String)
    }

    public static func read(_ data: Data) throws(ReadError) -> WebPage {
        guard let page = object(data) else { throw .invalidJSON }
        return try read(page: page)
    }

    /// `data` as one JSON object; nil when it is not (or not yet) one.
    static func object(_ data: Data) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }

    static func read(page: [String: Any]) throws(ReadError) -> WebPage {
        if page["_type"] as? String == "playlist" || page["entries"] != nil {
            let entries = (page["entries"] as? [Any] ?? []).compactMap { $0 as? [String: Any] }.compactMap(entryURL)
            for url in entries { try checkNetwork(url) }
            guard !entries.isEmpty else { throw .noVideo }
            return .playlist(title: text(page["title"]), entries: entries)
        }
        return .item(try item(page))
    }

    /// The URL an entry of a playlist plays from: its page when it has one of its own,
    /// else the media it names.
    private static func entryURL(_ entry: [String: Any]) -> String? {
        let type = entry["_type"] as? String
        if type == "url" || type == "url_transparent" { return text(entry["url"]) ?? text(entry["webpage_url"]) }
        return text(entry["url"]) ?? text(entry["webpage_url"])
    }

    private static func item(_ page: [String: Any]) throws(ReadError) -> WebItem {
        let formats = (page["requested_formats"] as? [Any])?.compactMap { $0 as? [String: Any] } ?? []
        let described = formats.isEmpty ? (page["url"] != nil ? [page] : []) : formats
        var sources: [WebSource] = []
        for format in described {
            guard let found = try source(format) else { continue }
            sources.append(found)
        }
        guard !sources.isEmpty else { throw .noVideo }
        var result = WebItem(sources: sources)
        result.title = text(page["title"])
        result.duration = (page["duration"] as? NSNumber)?.doubleValue
        result.thumbnail = text(page["thumbnail"]).flatMap { SourceLocation($0).isNetwork ? $0 : nil }
        result.isLive = page["is_live"] as? Bool == true || page["live_status"] as? String == "is_live"
        result.chapters = (page["chapters"] as? [Any] ?? []).compactMap { $0 as? [String: Any] }.compactMap { chapter in
            guard let start = (chapter["start_time"] as? NSNumber)?.doubleValue, start.isFinite else { return nil }
            return Chapter(time: max(0, start), title: text(chapter["title"]))
        }.sorted { $0.time < $1.time }
        let subtitles = page["requested_subtitles"] as? [String: Any] ?? [:]
        result.subtitles = subtitles.keys.sorted().compactMap { language in
            guard let entry = subtitles[language] as? [String: Any], let url = text(entry["url"]),
                  SourceLocation(url).isNetwork else { return nil }
            return WebSubtitle(language: language, url: url, format: text(entry["ext"]))
        }
        return result
    }

    /// A format's URL and what each request for it carries; nil without a URL.
    private static func source(_ format: [String: Any]) throws(ReadError) -> WebSource? {
        guard let url = text(format["url"]) else { return nil }
        try checkNetwork(url)
        let video = format["vcodec"] as? String, audio = format["acodec"] as? String
        return WebSource(url: url, hasVideo: video != "none", hasAudio: audio != "none",
                         headers: (format["http_headers"] as? [String: Any] ?? [:]).compactMapValues(text),
                         cookies: cookies(text(format["cookies"])))
    }

    /// yt-dlp's cookie string (`a=1; Domain=.x; Path=/; b=2; Secure`) as `name=value` pairs,
    /// without the attributes.
    static func cookies(_ text: String?) -> [String] {
        guard let text else { return [] }
        let attributes: Set<String> = ["domain", "path", "expires", "max-age", "secure", "httponly", "samesite", "comment", "version"]
        return text.split(separator: ";").compactMap { part in
            let pair = part.trimmingCharacters(in: .whitespaces)
            let name = pair.split(separator: "=", maxSplits: 1).first.map { $0.lowercased() } ?? ""
            return name.isEmpty || attributes.contains(name) || !pair.contains("=") ? nil : pair
        }
    }

    private static func checkNetwork(_ url: String) throws(ReadError) {
        guard SourceLocation(url).isNetwork else { throw .refused(url) }
    }

    private static func text(_ value: Any?) -> String? {
        guard let string = value as? String, !string.isEmpty else { return nil }
        return string
    }
}
