/// Where the main loop goes after a file: the next or previous entry, or a new file.
public enum PlaylistMove: Sendable, Equatable {
    case next
    case previous
    /// Round again from the other end (`loop-playlist`).
    case first
    case last
    case open(String)
    /// The playlist becomes these files (chosen in the Open dialog), the first playing.
    case replace([String])
    /// Playback stops and the playlist empties (mpv's `stop`): idle, or quit without it.
    case stop
}

/// The files named on the command line (and dropped on the window), and which one plays.
public struct Playlist: Sendable, Equatable {
    public private(set) var entries: [String]
    public private(set) var index = 0

    public init(_ entries: [String]) {
        self.entries = entries
    }

    public var current: String? { entries.indices.contains(index) ? entries[index] : nil }
    public var hasNext: Bool { index + 1 < entries.count }

    /// Applies `move`; false when there is nowhere to go (past either end).
    public mutating func apply(_ move: PlaylistMove) -> Bool {
        switch move {
        case .next:
            guard hasNext else { return false }
            index += 1
        case .previous:
            guard index > 0 else { return false }
            index -= 1
        case .first:
            guard !entries.isEmpty else { return false }
            index = 0
        case .last:
            guard !entries.isEmpty else { return false }
            index = entries.count - 1
        case .open(let path):
            // A dropped file plays next and stays in the list.
            entries.insert(path, at: min(index + 1, entries.count))
            index += 1
        case .replace(let paths):
            entries = paths
            index = 0
            return !paths.isEmpty
        case .stop:
            entries = []
            index = 0
            return false
        }
        return true
    }
}

/// One playlist entry as the overlay's panel and IPC show it (mpv's `playlist/N/…`).
public struct PlaylistItem: Sendable, Equatable {
    /// What the user gave: a path or a URL.
    public var path: String
    /// The media title once the entry has been opened, nil before.
    public var title: String?
    /// Seconds, once known.
    public var duration: Double?
    /// Stays with the entry through moves and shuffles (mpv's `playlist/N/id`, from 1).
    public var id: Int

    public init(path: String, title: String? = nil, duration: Double? = nil, id: Int) {
        self.path = path
        self.title = title
        self.duration = duration
        self.id = id
    }
}
