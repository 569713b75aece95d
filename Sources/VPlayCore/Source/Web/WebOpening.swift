/// Opens what a user named: media as it is, a web page through yt-dlp (on the opening's own
/// thread, given up with it).
public enum WebOpening {
    /// - Parameter open: opens media, as `Session.Opener` does.
    public static func open(_ path: String, options: PlayerOptions, interrupt: InterruptFlag,
                            warn: @Sendable (String) -> Void,
                            with open: Session.Opener) throws(PlayerError) -> Player {
        let location = SourceLocation(path)
        guard options.web.enabled, location.isNetwork,
              PageCheck.isPage(location, network: options.network, interrupt: interrupt) else {
            if interrupt.isRaised { throw .cancelled(path) }
            return try open(path, options, interrupt)
        }
        let item: WebItem
        switch try WebPageResolver.resolve(path, options: options, interrupt: interrupt) {
        case .item(let found): item = found
        case .playlist(_, let entries):
            throw .cannotOpen(path, "a playlist page (\(entries.count) entries); open an entry's own page")
        }
        var mediaOptions = options
        mediaOptions.network = item.main.networkOptions(over: options.network)
        let player = try open(item.main.url, mediaOptions, interrupt)
        if item.separateAudio != nil, !item.main.hasAudio {
            warn("the page's sound is a separate source, not played; --ytdl-format=best picks one source with both")
        }
        player.present(page: path, item: item)
        return player
    }
}
