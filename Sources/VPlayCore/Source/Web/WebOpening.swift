/// Opens what a user named: media as it is, a web page through yt-dlp (on the opening's own
/// thread, given up with it). A playlist page throws `listsEntries`: its entries take its place
/// in the playlist, each resolved when its turn comes.
public enum WebOpening {
    /// - Parameter open: opens media, as `Session.Opener` does.
    public static func open(_ given: Source, options: PlayerOptions, interrupt: InterruptFlag,
                            warn: @Sendable (String) -> Void,
                            with open: Session.Opener) throws(PlayerError) -> Player {
        let path = given.text
        guard options.web.enabled, given.isNetwork, given.refusal == nil,
              PageCheck.isPage(given.location, network: given.network, interrupt: interrupt) else {
            WebHeadStart.discard()
            if interrupt.isRaised { throw .cancelled(path) }
            return try open(given, options, interrupt)
        }
        let item: WebItem
        switch try WebPageResolver.resolve(path, options: options, interrupt: interrupt) {
        case .item(let found): item = found
        case .playlist(_, let entries):
            // An entry naming the page itself would list it again, for ever.
            let others = entries.filter { $0 != path }
            guard !others.isEmpty else { throw .cannotOpen(path, WebPageResolver.noVideo) }
            throw .listsEntries(path, others)
        }
        let source = item.main
        var mediaOptions = options
        mediaOptions.network = source.networkOptions(over: options.network)
        if let audio = item.separateAudio, !source.hasAudio {
            // One item: the sound's URL is read beside the picture's, on its own connection.
            mediaOptions.audioFiles.insert(audio.url, at: 0)
            mediaOptions.audioFileNetwork[audio.url] = audio.networkOptions(over: options.network)
        }
        for (file, language) in WebSubtitleFetch.fetch(item.subtitles, preferring: options.subtitleLanguages,
                                                       network: mediaOptions.network, interrupt: interrupt, warn: warn) {
            mediaOptions.subtitleFiles.append(file)
            mediaOptions.subtitleFileLanguages[file] = language
        }
        if interrupt.isRaised { throw .cancelled(path) }
        let media = Source(entry: source.url, listedBy: given.talking(with: mediaOptions.network), title: item.title)
        let player = try open(media, mediaOptions, interrupt)
        player.present(page: path, item: item)
        return player
    }
}
