/// What the opened file says about itself, read once when it opens: the container, its size
/// and tags, and the parameters of each video and audio stream. The file properties
/// (`file-format`, `file-size`, `metadata`, `video-params`, `audio-params`) read this.
public struct MediaDetails: Sendable, Equatable {
    /// The demuxer's names for the container (`mov,mp4,m4a,3gp,3g2,mj2`, `matroska,webm`).
    public var format: String
    /// Bytes; nil for a source of unknown size (a live stream).
    public var size: Int?
    /// The container's tags. A file of one audio stream and no moving picture also gives that
    /// stream's own tags (Ogg and Opus keep them there), as mpv does.
    public var tags: [String: String]
    /// The picture parameters of each video stream, by stream index.
    public var video: [Int: VideoParameters]
    /// The sound parameters of each audio stream, by stream index.
    public var audio: [Int: AudioParameters]

    public init(format: String, size: Int? = nil, tags: [String: String] = [:],
                video: [Int: VideoParameters] = [:], audio: [Int: AudioParameters] = [:]) {
        self.format = format
        self.size = size
        self.tags = tags
        self.video = video
        self.audio = audio
    }

    /// The tags mpv shows by default (its `--display-tags`), matched regardless of case.
    public static let displayTags: [String] = [
        "Artist", "Album", "Album_Artist", "Comment", "Composer", "Date", "Description", "Genre", "Performer",
        "Rating", "Series", "Title", "Track", "icy-title", "service_name", "Uploader", "Channel_URL",
    ]

    /// The tags among `displayTags` (mpv's `filtered-metadata`).
    public var displayedTags: [String: String] {
        let shown = Set(Self.displayTags.map { $0.lowercased() })
        return tags.filter { shown.contains($0.key.lowercased()) }
    }
}
