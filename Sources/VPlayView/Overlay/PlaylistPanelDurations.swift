import VPlayCore

/// Fills the open playlist panel's durations of entries not opened yet from a
/// `PlaylistDurations`, and tells it which entries the panel shows: those in view and a page
/// either side, asked for again only when the rows in view change. Main thread only.
final class PlaylistPanelDurations {
    let source: PlaylistDurations
    /// What was last asked for: the rows in view of a playlist this long, from one entry to another.
    private var asked: Asked?

    private struct Asked: Equatable {
        var rows: Range<Int>
        var count: Int
        var firstID: Int?
        var lastID: Int?
    }

    init(source: PlaylistDurations) {
        self.source = source
    }

    /// `look` with the durations learned so far shown in its panel. Looks at the rows in view only.
    func apply(to look: OverlayLook?, state: PlayerState) -> OverlayLook? {
        guard var look, var panel = look.playlistPanel else {
            if asked != nil {
                asked = nil
                source.want([])
            }
            return look
        }
        ask(for: panel, playlist: state.playlist)
        for index in panel.entries.indices where panel.entries[index].duration == nil {
            if let duration = source.duration(of: panel.entries[index].path) { panel.entries[index].duration = duration }
        }
        look.playlistPanel = panel
        return look
    }

    private func ask(for panel: PlaylistPanelLook, playlist: [PlaylistItem]) {
        let rows = panel.layout.visibleRows
        let now = Asked(rows: rows, count: playlist.count, firstID: panel.entries.first?.id, lastID: panel.entries.last?.id)
        guard now != asked else { return }
        asked = now
        // Only entries that may open local files: not those a network playlist listed.
        source.want(PlaylistDurations.rows(visible: rows, count: playlist.count).compactMap { row in
            let item = playlist[row]
            return item.duration == nil && item.source.reach == .local ? item.path : nil
        })
    }
}
