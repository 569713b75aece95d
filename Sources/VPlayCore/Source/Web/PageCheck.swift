import CFFmpeg
import Foundation

/// Whether a URL names a web page for yt-dlp rather than media FFmpeg reads itself. Its name
/// decides when it can (`clip.mp4`, `live.m3u8`, `watch.html`); else the type the server
/// says it sends: HTML is a page, anything else (or no answer) is opened as media.
enum PageCheck {
    /// True or false when the URL's name tells; nil when only the server can.
    static func byName(_ location: SourceLocation) -> Bool? {
        guard location.scheme == "http" || location.scheme == "https" else { return false }
        guard let components = URLComponents(string: location.text) else { return false }
        let name = components.path.split(separator: "/").last.map(String.init) ?? ""
        if MediaKind.of(path: name) != nil { return false }
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        let ext = name[name.index(after: dot)...].lowercased()
        if manifestExtensions.contains(ext) { return false }
        if pageExtensions.contains(ext) { return true }
        return nil
    }

    static let manifestExtensions: Set<String> = ["m3u8", "m3u", "mpd", "pls", "ism", "isml", "sdp"]
    static let pageExtensions: Set<String> = ["html", "htm", "xhtml", "php", "asp", "aspx", "jsp"]

    /// Whether `location` is a page: by name, else by what its server answers.
    static func isPage(_ location: SourceLocation, network: NetworkOptions, interrupt: InterruptFlag) -> Bool {
        if let known = byName(location) { return known }
        return contentType(of: location, network: network, interrupt: interrupt).map(isPageType) ?? false
    }

    static func isPageType(_ type: String) -> Bool {
        let bare = type.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        return bare == "text/html" || bare == "application/xhtml+xml"
    }

    /// The `Content-Type` the server sends for `location`, through FFmpeg's http protocol with
    /// the network options every request carries; nil when it does not answer in time.
    static func contentType(of location: SourceLocation, network: NetworkOptions, interrupt: InterruptFlag) -> String? {
        NetworkConnection.with(location.text, network: network, interrupt: interrupt, refused: { _ in nil }) { opened, _ in
            var value: UnsafeMutablePointer<UInt8>?
            guard av_opt_get(opened, "mime_type", AV_OPT_SEARCH_CHILDREN, &value) >= 0, let value else { return nil }
            defer { av_free(value) }
            return String(cString: value)
        }
    }
}
