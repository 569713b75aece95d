/// A named point in the file (Matroska, MP4 Nero/QuickTime or Ogg chapters), as mpv's
/// `chapter-list` gives it: the time from the start of the file and the title, if any.
public struct Chapter: Sendable, Equatable {
    public var time: Double
    public var title: String?
    /// Every tag the container gives the chapter (`title` among them), for `chapter-metadata`.
    public var metadata: [String: String]

    public init(time: Double, title: String? = nil, metadata: [String: String] = [:]) {
        self.time = time
        self.title = title
        self.metadata = metadata
    }
}
