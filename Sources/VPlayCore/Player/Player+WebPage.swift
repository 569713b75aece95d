/// A file that came from a web page: shown as the page, and what reopens its media.
extension Player {
    /// Presents the item as the page `url` it came from: its chapters and picture from yt-dlp
    /// where the media itself does not say (its title came with the media's `Source`).
    func present(page url: String, item: WebItem) {
        state.path = url
        if state.chapters.isEmpty { state.chapters = item.chapters }
        if state.duration == nil, !item.isLive { state.duration = item.duration }
        state.thumbnailURL = item.thumbnail
    }

    /// The media opened, with the network options each request for it carries: for a web
    /// page, its video's URL and headers, not the page's.
    public var source: Source { file.source }

    /// What opening it learned, for other readers of the same source (seek-bar previews).
    public var sourceFacts: SourceFacts { file.facts }
}
