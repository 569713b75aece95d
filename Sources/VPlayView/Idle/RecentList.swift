import VPlayCore

/// The idle window's recent files as the user works them: the files (newest first, one per
/// path), the row the keyboard has selected, and what a click or a key asks for. Pure: the
/// idle loop carries the answers out (plays, forgets in the history).
public struct RecentList: Equatable, Sendable {
    public private(set) var files: [RecentFile]
    /// The row Up and Down move and Enter opens; nil until a key moves it.
    public private(set) var selection: Int?

    public init(files: [RecentFile] = []) {
        self.files = files
    }

    /// What the user asked of the list.
    public enum Action: Equatable, Sendable {
        /// Play the file from `at` seconds.
        case resume(path: String, at: Double)
        /// Remove the file from the history (and its row from the list).
        case forget(path: String)
        /// Only the selection moved: draw again.
        case moved

        /// The player's command for it; nil for one that is not played.
        public var command: PlayerCommand? {
            if case let .resume(path, position) = self { return .resume(path, at: position) }
            return nil
        }
    }

    /// Shows `files` (a new reading of the history); the selection stays on its file when that
    /// is still listed, and goes otherwise.
    public mutating func show(_ files: [RecentFile]) {
        let selected = selection.flatMap { self.files.indices.contains($0) ? self.files[$0].path : nil }
        self.files = files
        selection = selected.flatMap { path in files.firstIndex { $0.path == path } }
    }

    /// Takes `path`'s row out at once (the history forgets it meanwhile); the selection stays
    /// on the row that takes its place.
    public mutating func remove(path: String) {
        guard let index = files.firstIndex(where: { $0.path == path }) else { return }
        files.remove(at: index)
        if let selected = selection {
            if files.isEmpty {
                selection = nil
            } else if index < selected {
                selection = selected - 1
            } else {
                selection = min(selected, files.count - 1)
            }
        }
    }

    /// What a click on `hit` asks for.
    public func action(for hit: RecentListLayout.Hit) -> Action? {
        guard files.indices.contains(hit.row) else { return nil }
        let file = files[hit.row]
        switch hit {
        case .row: return .resume(path: file.path, at: file.resumePosition)
        case .forget: return .forget(path: file.path)
        }
    }

    /// The selection as drawn, within the `shown` rows.
    public func selection(shown: Int) -> Int? {
        guard let selection, shown > 0 else { return nil }
        return min(selection, shown - 1)
    }

    /// Up and Down move the selection among the `shown` rows, Enter opens the selected file,
    /// Delete forgets the file of the row under the pointer (`hovered`), else the selected one.
    /// Nil for any other key, and for these when they have nothing to act on: the player's
    /// bindings have them then.
    public mutating func handle(_ press: OverlayKeyPress, shown: Int, hovered: Int?) -> Action? {
        let shown = min(shown, files.count)
        guard shown > 0, press.modifiers.isEmpty else { return nil }
        let current = selection(shown: shown)
        switch press.key {
        case .key(.up):
            selection = max(0, (current ?? shown) - 1)
            return .moved
        case .key(.down):
            selection = min(shown - 1, (current ?? -1) + 1)
            return .moved
        case .key(.enter):
            guard let current else { return nil }
            return action(for: .row(current))
        case .delete:
            guard let row = hovered.flatMap({ $0 < shown ? $0 : nil }) ?? current else { return nil }
            return action(for: .forget(row))
        default:
            return nil
        }
    }
}
