import Foundation

/// How entries are opened: with the store's settings and where they resume, and the next one
/// ahead of its turn.
extension Session {
    /// Opens the next entry while the current one plays its last seconds (`--prefetch-playlist`),
    /// so that its first picture follows the last one of this file at once.
    /// An entry that is not opened ahead (a URL, a folder) is decided on once, not every turn.
    func prefetchIfDue() {
        guard configuration.playlist.prefetches, let player, prefetched == nil, playlist.hasNext,
              let duration = player.state.duration, duration - player.state.position <= Self.prefetchLead else { return }
        let next = playlist.items[playlist.index + 1]
        // Ids start again with each new playlist: the path tells entries of different playlists apart.
        if let declined = declinedPrefetch, declined.id == next.id, declined.path == next.path { return }
        guard next.source.reach == .local, !DirectoryExpansion.isDirectory(next.path) else {
            declinedPrefetch = next
            return
        }
        let (options, resume) = openingOptions(for: next)
        prefetched = Prefetch(id: next.id, opening: makeOpening(next.source, options), resume: resume)
    }

    /// The next entry has been opened ahead and waits for its turn.
    var nextEntryIsOpened: Bool { prefetched?.opening.result != nil }

    /// Seconds before a file's end at which the next one is opened.
    static let prefetchLead = 10.0

    /// An entry being opened ahead of its turn.
    struct Prefetch {
        let id: Int
        let opening: PlayerOpening
        let resume: Resume?
    }

    /// Opens `source` with `options`, talking to its servers as the options say.
    func makeOpening(_ source: Source, _ options: PlayerOptions) -> PlayerOpening {
        let opener = opener, source = source.talking(with: options.network)
        return PlayerOpening(source: source, make: { interrupt throws(PlayerError) in
            try opener(source, options, interrupt)
        }, done: wake)
    }

    /// Where a file starts again, and the subtitle delay it had there (a file's own, not the run's).
    struct Resume {
        var position: Double
        var subtitleDelay: Double?
    }

    /// The options an entry opens with: the store's settings, and where it resumes with the
    /// tracks chosen there (unless options chose them).
    func openingOptions(for item: PlaylistItem, startingAt start: Double? = nil) -> (PlayerOptions, Resume?) {
        var options = settings.seeding(configuration.options)
        if let start {
            options.start = start
            return (options, Resume(position: start))
        }
        guard configuration.resumes, options.start == nil, let saved = watchLater?.entry(for: item.path) else {
            return (options, nil)
        }
        options.start = saved.position
        if options.audioTrack == .auto, let track = saved.audioTrack { options.audioTrack = track }
        if options.subtitleTrack == .auto, let track = saved.subtitleTrack { options.subtitleTrack = track }
        options.resumedLoudness = saved.loudness
        return (options, Resume(position: saved.position, subtitleDelay: saved.subtitleDelay))
    }
}
