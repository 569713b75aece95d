import Foundation
import VPlayCore

/// One row of the idle window's recent files: a watch-history entry, and whether the file is
/// still there. What the row says and where a click starts it are worked out here, without SDL.
public struct RecentFile: Equatable, Sendable {
    public var path: String
    public var title: String
    /// Where it was left, in seconds.
    public var position: Double
    /// Its length in seconds; nil when unknown (a live stream).
    public var duration: Double?
    /// False for a local file that is gone (moved, deleted, an unplugged disk): its row is dimmed
    /// and shows no picture.
    public var exists: Bool

    public init(path: String, title: String, position: Double, duration: Double?, exists: Bool = true) {
        self.path = path
        self.title = title
        self.position = position
        self.duration = duration
        self.exists = exists
    }

    /// `entry`, looking on disk whether its file is still there (call off the main thread: a
    /// sleeping disk or a network mount can take a while to answer).
    public init(_ entry: WatchHistory.Entry) {
        self.init(path: entry.path, title: entry.title, position: entry.position, duration: entry.duration,
                  exists: Self.fileExists(entry.path))
    }

    /// Watched this far or further counts as watched to the end: what is left is credits.
    public static let watchedShare = 0.95

    /// A known, usable length.
    private var length: Double? {
        guard let duration, duration.isFinite, duration > 0 else { return nil }
        return duration
    }

    /// Watched to the end (or as good as): a click starts it again from the beginning.
    public var isWatched: Bool {
        guard let length else { return false }
        return position >= length * Self.watchedShare
    }

    /// How much of it was watched, 0 to 1 (1 once watched); nil when its length is unknown.
    public var watchedFraction: Double? {
        guard let length else { return nil }
        if isWatched { return 1 }
        return min(1, max(0, position / length))
    }

    /// Where a click starts it: where it was left, or the beginning once watched.
    public var resumePosition: Double {
        isWatched || !position.isFinite ? 0 : max(0, position)
    }

    /// The media's title, else the file name.
    public var displayTitle: String {
        let trimmed = title.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? PlaylistPanel.fileName(path) : trimmed
    }

    /// `12:34 left`, `watched`; `at 4:05` when the length is unknown.
    public var progressText: String {
        guard let length else { return "at " + TimeFormat.label(max(0, position)) }
        if isWatched { return "watched" }
        return TimeFormat.label(max(0, length - position)) + " left"
    }

    /// What the row says beside the bar: the time left, or that the file is gone.
    public var detailText: String { exists ? progressText : "not found" }

    /// The file on disk, for a path or a `file:` URL: only these are looked for and have a picture.
    public var localPath: String? { SourceLocation(path).filePath }

    /// Whether `path` is still there; anything but a file on disk (a URL) is taken to be.
    public static func fileExists(_ path: String) -> Bool {
        guard let file = SourceLocation(path).filePath else { return true }
        var info = stat()
        return stat(file, &info) == 0
    }
}
