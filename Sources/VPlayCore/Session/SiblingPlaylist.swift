import Glibc

/// Whether one file opened alone brings its folder along (mpv's `--autocreate-playlist`):
/// the next episode is then a key press away without naming the folder.
public enum AutocreatePlaylist: String, Sendable, CaseIterable {
    /// The file plays alone.
    case no
    /// The folder's files of the kinds `--directory-filter-types` names.
    case filter
    /// The folder's files of the file's own kind: a video brings videos, not the cover art.
    case same
}

/// The playlist a single local file makes of its folder.
public enum SiblingPlaylist {
    /// The media files beside `file` (its folder's only, not subfolders'), as absolute paths in
    /// natural order, and where `file` stands among them. `file` is always there, even when
    /// hidden or of a kind the filter leaves out: it was asked for.
    ///
    /// Nil for `.no`, for a URL (a `file:` URL counts as its path), for a file that is not
    /// there or is a folder, for `.same` with a file of no known kind, and when the folder
    /// cannot be read.
    public static func entries(around file: String, mode: AutocreatePlaylist,
                               kinds: Set<MediaKind>) -> (entries: [String], index: Int)? {
        guard mode != .no else { return nil }
        let location = SourceLocation(file)
        guard location.kind == .local, let given = location.filePath else { return nil }
        let path = DirectoryExpansion.absolute(given)
        var status = stat()
        guard path != "/", stat(path, &status) == 0, status.st_mode & S_IFMT != S_IFDIR else { return nil }

        let wanted: Set<MediaKind>
        switch mode {
        case .same:
            guard let kind = MediaKind.of(path: path) else { return nil }
            wanted = [kind]
        default:
            wanted = kinds
        }
        let folder = String(path[..<path.lastIndex(of: "/")!])
        var lister = FolderLister(mode: .ignore, kinds: wanted)
        guard var entries = lister.list(folder.isEmpty ? "/" : folder) else { return nil }
        if let index = entries.firstIndex(of: path) { return (entries, index) }
        // Paths in one folder differ only in their last component, so comparing them whole
        // places the file where its name belongs.
        let index = entries.firstIndex { NaturalOrder.precedes(path, $0) } ?? entries.count
        entries.insert(path, at: index)
        return (entries, index)
    }
}
