import Foundation

/// How the playlist is made and remembered (mpv's names): folders, a file's siblings, the
/// order, and the watch history.
public struct PlaylistOptions: Sendable, Equatable {
    /// Subfolders of a folder given (`--directory-mode`).
    public var directoryMode = DirectoryMode.recursive
    /// The kinds of file a folder contributes (`--directory-filter-types`).
    public var kinds = MediaKind.all
    /// One file given fills the playlist with its folder's files (`--autocreate-playlist`).
    public var autocreate = AutocreatePlaylist.no
    /// Random order from the start (`--shuffle`).
    public var shuffles = false
    /// Open the next local entry during the last seconds of the current one (`--prefetch-playlist`).
    public var prefetches = true
    /// Play the next file's sound right after the last sample of the one playing (`--gapless-audio`).
    public var gaplessAudio = GaplessAudio.weak
    /// Carry audio and subtitle choices, subtitle delay and speed across a folder's episodes,
    /// and across runs (`--remember-series`).
    public var remembersSeries = true
    /// The entry to start at, from 0 (`--playlist-start`).
    public var start: Int?
    /// Keep a watch history (`--save-watch-history`), and where (`--watch-history-path`).
    public var savesHistory = true
    public var historyFile = WatchHistory.defaultFile()

    public init() {}

    /// Why a folder gives no entry.
    public static let emptyFolder = "no media files in this folder"

    /// The entries `paths` stand for: a folder's media files (its subfolders left as entries
    /// with `lazy`), everything else as given.
    public func expanding(_ paths: [String], warn: (String) -> Void) -> [String] {
        paths.flatMap { path -> [String] in
            guard SourceLocation(path).kind == .local, DirectoryExpansion.isDirectory(path) else { return [path] }
            let entries = DirectoryExpansion.entries(of: path, mode: directoryMode, kinds: kinds, warn: warn)
            if entries.isEmpty { warn(PlayerError.cannotOpen(path, Self.emptyFolder).description) }
            return entries
        }
    }
}
