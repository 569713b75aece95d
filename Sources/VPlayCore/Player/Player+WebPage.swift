/// A file that came from a web page: shown as the page, and what reopens its media.
extension Player {
    /// Presents the item as the page `url` it came from: its title, chapters and picture from
    /// yt-dlp where the media itself does not say.
    func present(page url: String, item: WebItem) {
        state.path = url
        if let title = item.title { state.title = title }
        if state.chapters.isEmpty { state.chapters = item.chapters }
        if state.duration == nil, !item.isLive { state.duration = item.duration }
        state.thumbnailURL = item.thumbnail
    }

    /// The media URL (or path) opened and the network options each request for it carries:
    /// for a web page, its video's URL and headers, not the page's.
    public var mediaSource: (path: String, network: NetworkOptions) { (file.path, options.network) }
}
