import VPlayCore

/// Where the playlist panel goes for one bar, one playlist length and one scroll position: a
/// plate down the window's right side, from near the top to just above the bar, holding as many
/// whole rows as fit, one per entry, from `firstRow` on. Each row has a marker column (the entry
/// playing), the title, and the duration right-aligned; a thin scroll indicator runs down the
/// right edge when not every entry is in view.
///
/// Numbers only, and only the rows in view are ever looked at: rows are found by arithmetic,
/// so a playlist of 10,000 entries costs what one of 10 does, every frame, without allocating.
public struct PlaylistPanelLayout: Equatable, Sendable {
    /// The plate.
    public let frame: OverlayRect
    public let entryCount: Int
    /// The entry in the top row, kept within `0...maxFirstRow`.
    public let firstRow: Int
    /// Rows on the plate: every entry, or as many as fit.
    public let visibleCount: Int
    /// The most rows the window has room for, whatever the playlist's length.
    public let capacity: Int
    public let rowHeight: Double
    public let fontSize: Double
    /// From the plate's top to the first row (and from the last row to the plate's bottom).
    public let padding: Double
    /// The current entry's marker is centred here, in a square of side `markerSize`.
    public let markerX: Double
    public let markerSize: Double
    /// Titles start at `textX` and are clipped at `titleRight`; durations end at `durationRight`.
    public let textX: Double
    public let titleRight: Double
    public let durationRight: Double
    /// The scroll indicator's groove, nil when every entry is in view.
    public let scrollTrack: OverlayRect?

    /// Average width of a character in titles, in em (as the track menu estimates it).
    public static let averageCharacterWidth = TrackMenuLayout.averageCharacterWidth
    /// Room kept for a duration: "1:23:45" is about 3.9 em in DejaVu Sans.
    public static let durationEms = 4.2

    private struct Metrics {
        let margin, font, rowHeight, padding, top, bottom: Double
        let capacity: Int

        init(bar: OverlayLayout) {
            margin = bar.barHeight * 0.1
            font = bar.fontSize * 0.9
            rowHeight = font * 1.8
            padding = font * 0.4
            top = margin
            bottom = bar.band.minY - margin
            let room = bottom - top - 2 * padding
            capacity = rowHeight > 0 && room > 0 ? Int((room / rowHeight).rounded(.down)) : 0
        }
    }

    /// The most rows a window with this bar has room for.
    public static func capacity(bar: OverlayLayout) -> Int {
        Metrics(bar: bar).capacity
    }

    /// The top row that puts `index` in the middle of `capacity` rows, kept within the list.
    public static func firstRow(centering index: Int, entryCount: Int, capacity: Int) -> Int {
        min(max(0, index - capacity / 2), max(0, entryCount - capacity))
    }

    public init(bar: OverlayLayout, entryCount: Int, firstRow: Int) {
        let metrics = Metrics(bar: bar)
        let font = metrics.font
        self.entryCount = max(0, entryCount)
        capacity = metrics.capacity
        visibleCount = min(capacity, self.entryCount)
        self.firstRow = min(max(0, firstRow), self.entryCount - visibleCount)
        fontSize = font
        rowHeight = metrics.rowHeight
        padding = metrics.padding

        let windowWidth = max(0, bar.windowSize.width)
        let widest = max(0, windowWidth - 2 * metrics.margin)
        let width = min(widest, max(16 * font, min(0.36 * windowWidth, 36 * font)))
        let height = Double(visibleCount) * rowHeight + 2 * padding
        frame = OverlayRect(x: windowWidth - metrics.margin - width, y: metrics.top, width: width, height: height)

        let leftPadding = font * 0.5, markerColumn = font * 1.4
        markerSize = font * 0.7
        markerX = frame.minX + leftPadding + markerColumn / 2
        textX = frame.minX + leftPadding + markerColumn
        let scrollWidth = max(2, font * 0.25)
        if self.entryCount > visibleCount, visibleCount > 0 {
            scrollTrack = OverlayRect(x: frame.maxX - font * 0.35 - scrollWidth, y: frame.minY + padding,
                                      width: scrollWidth, height: Double(visibleCount) * rowHeight)
        } else {
            scrollTrack = nil
        }
        durationRight = (scrollTrack?.minX ?? frame.maxX) - font * 0.5
        titleRight = max(textX, durationRight - Self.durationEms * font - font * 0.6)
    }

    /// The last possible top row: the list's end then fills the plate.
    public var maxFirstRow: Int { max(0, entryCount - visibleCount) }

    /// The entries in view, as indices into the playlist.
    public var visibleRows: Range<Int> { firstRow..<(firstRow + visibleCount) }

    /// The rows' part of the plate (the padding left out).
    public var rowsArea: OverlayRect {
        OverlayRect(x: frame.minX, y: frame.minY + padding, width: frame.width, height: Double(visibleCount) * rowHeight)
    }

    /// The row of entry `index` (an index into the playlist), across the plate's width; where
    /// it would be for entries out of view.
    public func rowFrame(_ index: Int) -> OverlayRect {
        OverlayRect(x: frame.minX, y: frame.minY + padding + Double(index - firstRow) * rowHeight, width: frame.width,
                    height: rowHeight)
    }

    /// The entry whose row is under `point`; nil outside the rows (the padding included).
    public func row(at point: OverlayPoint) -> Int? {
        guard frame.contains(point), rowHeight > 0 else { return nil }
        var offset = Int(((point.y - rowsArea.minY) / rowHeight).rounded(.down))
        // The division can land a point on a row's top edge in the row above: the row rects,
        // which the drawing uses too, have the last word.
        if offset + 1 < visibleCount, point.y >= rowFrame(firstRow + offset + 1).minY { offset += 1 }
        if offset >= 0, point.y < rowFrame(firstRow + offset).minY { offset -= 1 }
        return (0..<visibleCount).contains(offset) ? firstRow + offset : nil
    }

    /// Where a dragged entry dropped at height `y` goes: before the entry of this index (the
    /// playlist's length: last), the boundary between rows nearest `y` among those in view.
    public func gap(atY y: Double) -> Int {
        guard rowHeight > 0 else { return firstRow }
        let offset = ((y - rowsArea.minY) / rowHeight).rounded()
        return firstRow + Int(min(Double(visibleCount), max(0, offset)))
    }

    /// The height of the boundary above entry `gap` (below the last row for the list's length).
    public func gapY(_ gap: Int) -> Double {
        rowsArea.minY + Double(gap - firstRow) * rowHeight
    }

    /// The top row after scrolling as little as needed to show entry `index`.
    public func firstRow(showing index: Int) -> Int {
        if index < firstRow { return max(0, index) }
        if index >= firstRow + visibleCount { return min(maxFirstRow, index - visibleCount + 1) }
        return firstRow
    }

    /// The part of the plate titles may cover: longer ones are clipped to it.
    public var titleArea: OverlayRect {
        OverlayRect(x: textX, y: rowsArea.minY, width: max(0, titleRight - textX), height: rowsArea.height)
    }

    /// The scroll indicator's thumb: as long as the part in view is of the whole list, and as
    /// far down the groove as the top row is down the list. nil when every entry is in view.
    public var scrollThumb: OverlayRect? {
        guard let track = scrollTrack, entryCount > 0 else { return nil }
        let height = min(track.height, max(fontSize * 1.2, track.height * Double(visibleCount) / Double(entryCount)))
        let travel = maxFirstRow > 0 ? Double(firstRow) / Double(maxFirstRow) : 0
        return OverlayRect(x: track.minX, y: track.minY + (track.height - height) * travel, width: track.width,
                           height: height)
    }
}

/// What a playlist row says.
public enum PlaylistPanel {
    /// The key that opens and closes the panel (mpv shows its playlist on F8).
    public static let key = OverlayKey.function(8)

    /// The entry's media title, else its file name.
    public static func title(of item: PlaylistItem) -> String {
        if let title = item.title, !title.isEmpty { return title }
        return fileName(item.path)
    }

    /// The last part of a path or URL (a URL's query left out); the whole when it has none.
    public static func fileName(_ path: String) -> String {
        var name = Substring(path)
        if name.contains("://"), let end = name.firstIndex(where: { $0 == "?" || $0 == "#" }) {
            name = name[..<end]
        }
        while name.count > 1, name.hasSuffix("/") { name = name.dropLast() }
        if let slash = name.lastIndex(of: "/") {
            let tail = name[name.index(after: slash)...]
            if !tail.isEmpty { return String(tail) }
        }
        return name.isEmpty ? path : String(name)
    }

    /// `4:05`, `1:23:45`; nil while the duration is unknown.
    public static func durationText(of item: PlaylistItem) -> String? {
        guard let duration = item.duration, duration.isFinite, duration > 0 else { return nil }
        return TimeFormat.label(duration)
    }
}
