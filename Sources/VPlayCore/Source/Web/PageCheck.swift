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
        let guardian = BlockingCallGuard(cancel: interrupt)
        guardian.limit(to: network.timeout)
        var callback = AVIOInterruptCB()
        callback.callback = { opaque in
            guard let opaque else { return 0 }
            return Unmanaged<BlockingCallGuard>.fromOpaque(opaque).takeUnretainedValue().shouldGiveUp ? 1 : 0
        }
        callback.opaque = Unmanaged.passUnretained(guardian).toOpaque()
        var dictionary: OpaquePointer?
        av_dict_set(&dictionary, "protocol_whitelist", ProtocolPolicy.allowList(for: .network), 0)
        if let denied = ProtocolPolicy.denyList(for: .network) { av_dict_set(&dictionary, "protocol_blacklist", denied, 0) }
        for (key, value) in network.formatOptions where key != "icy" { av_dict_set(&dictionary, key, value, 0) }
        var context: UnsafeMutablePointer<AVIOContext>?
        // The guard answers the callback until the connection is closed.
        return withExtendedLifetime(guardian) {
            let status = avio_open2(&context, location.text, AVIO_FLAG_READ, &callback, &dictionary)
            av_dict_free(&dictionary)
            guard status >= 0, let opened = context else { return nil }
            defer { avio_closep(&context) }
            var value: UnsafeMutablePointer<UInt8>?
            guard av_opt_get(opened, "mime_type", AV_OPT_SEARCH_CHILDREN, &value) >= 0, let value else { return nil }
            defer { av_free(value) }
            return String(cString: value)
        }
    }
}
