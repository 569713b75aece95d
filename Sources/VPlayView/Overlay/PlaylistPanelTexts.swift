import CSDL2
import VPlayCore

/// The playlist panel's texts on screen: a title and a duration texture for each entry in view,
/// kept by entry id from one update to the next, so a row is rendered once: scrolling by a row
/// renders only the row that came into view, and an entry keeps its textures while it moves.
/// A texture is rendered again only when its entry's title, path or duration, the size, or the
/// renderer changes. Placed where `PlaylistPanelLayout` says; titles clipped to the title column.
/// Main thread only.
final class PlaylistPanelTexts {
    /// Durations are quieter than the titles.
    static let durationAlpha: UInt8 = 190

    private final class Row {
        /// The entry whose texts these are; nil while the row is unused.
        var id: Int?
        var title: String?
        var path = ""
        var duration: Double?
        var pixelSize: Int32 = 0
        var renderer: OpaquePointer?
        let titleTexture = TextTexture()
        let durationTexture = TextTexture()
        /// The update that last used the row.
        var stamp = 0
    }

    private var rows: [Row] = []
    /// For each entry in view, the index of its row in `rows` (−1 until one is found).
    private var assigned: [Int] = []
    private var stamp = 0
    private var titles: [(texture: TextTexture, frame: SDL_Rect)] = []
    private var durations: [(texture: TextTexture, frame: SDL_Rect)] = []
    private var clip = SDL_Rect()
    /// Texts rendered so far (for tests).
    private(set) var renderCount = 0

    /// Renders what changed and places the rows of `look` (nil: nothing to draw). `scale` is
    /// output pixels per point. Called when the look changes, not every frame; looks at the
    /// entries in view only.
    func update(_ look: PlaylistPanelLook?, scale: Double, font: Font, renderer: OpaquePointer) {
        titles.removeAll(keepingCapacity: true)
        durations.removeAll(keepingCapacity: true)
        guard let look else { return }
        stamp += 1
        let layout = look.layout, entries = look.entries
        // First the entries that have their row already, so that none is taken from them.
        assigned.removeAll(keepingCapacity: true)
        for item in entries {
            let found = rows.firstIndex { $0.id == item.id } ?? -1
            if found >= 0 { rows[found].stamp = stamp }
            assigned.append(found)
        }
        var free = 0
        for (offset, item) in zip(assigned.indices, entries) where assigned[offset] < 0 {
            while free < rows.count, rows[free].stamp == stamp { free += 1 }
            if free == rows.count { rows.append(Row()) }
            let row = rows[free]
            row.id = item.id
            row.pixelSize = 0
            row.stamp = stamp
            assigned[offset] = free
        }

        let pixelSize = Int32((layout.fontSize * scale).rounded())
        for (offset, item) in zip(assigned.indices, entries) {
            let row = rows[assigned[offset]]
            if row.pixelSize != pixelSize || row.renderer != renderer || row.title != item.title || row.path != item.path
                || row.duration != item.duration {
                row.title = item.title
                row.path = item.path
                row.duration = item.duration
                row.pixelSize = pixelSize
                row.renderer = renderer
                row.titleTexture.update(PlaylistPanel.title(of: item), pixelSize: pixelSize, font: font, renderer: renderer)
                row.durationTexture.update(PlaylistPanel.durationText(of: item) ?? "", pixelSize: pixelSize, font: font,
                                           renderer: renderer)
                renderCount += 1
            }
            let midY = layout.rowFrame(entries.startIndex + offset).midY * scale
            let title = row.titleTexture, duration = row.durationTexture
            titles.append((title, SDL_Rect(x: Int32((layout.textX * scale).rounded()),
                                           y: Int32((midY - Double(title.height) / 2).rounded()),
                                           w: title.width, h: title.height)))
            if duration.width > 0 {
                durations.append((duration, SDL_Rect(x: Int32((layout.durationRight * scale).rounded()) - duration.width,
                                                     y: Int32((midY - Double(duration.height) / 2).rounded()),
                                                     w: duration.width, h: duration.height)))
            }
        }
        let area = layout.titleArea
        let left = Int32((area.minX * scale).rounded(.down)), top = Int32((area.minY * scale).rounded(.down))
        clip = SDL_Rect(x: left, y: top, w: Int32((area.maxX * scale).rounded(.up)) - left,
                        h: Int32((area.maxY * scale).rounded(.up)) - top)
    }

    /// Copies the texts, moved by (dx, dy) pixels.
    func draw(renderer: OpaquePointer, dx: Int32 = 0, dy: Int32 = 0) {
        guard !titles.isEmpty else { return }
        // A title longer than its column is cut at the column's edge, before the duration.
        var clip = SDL_Rect(x: clip.x + dx, y: clip.y + dy, w: clip.w, h: clip.h)
        SDL_RenderSetClipRect(renderer, &clip)
        for text in titles {
            text.texture.draw(in: SDL_Rect(x: text.frame.x + dx, y: text.frame.y + dy, w: text.frame.w, h: text.frame.h),
                              renderer: renderer)
        }
        SDL_RenderSetClipRect(renderer, nil)
        for text in durations {
            text.texture.draw(in: SDL_Rect(x: text.frame.x + dx, y: text.frame.y + dy, w: text.frame.w, h: text.frame.h),
                              alpha: Self.durationAlpha, renderer: renderer)
        }
    }
}
