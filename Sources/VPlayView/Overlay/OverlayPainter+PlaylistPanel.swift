/// The playlist button's icon and the open playlist panel's shapes, in two parts: what lies
/// under the texts (placed by `PlaylistPanelTexts`) and the highlights over them. Only the rows
/// in view are drawn.
extension OverlayPainter {
    /// Under the entry playing: lighter than the plate, so it stands out at a glance.
    static let currentRowColor = RGBA(255, 255, 255, 46)
    /// The keyboard cursor's ring.
    static let cursorRingColor = RGBA(255, 255, 255, 120)
    static let scrollTrackColor = RGBA(255, 255, 255, 30)
    static let scrollThumbColor = RGBA(255, 255, 255, 130)

    /// A list: three bullets, each with its line.
    static func addPlaylistIcon(in button: OverlayRect, iconSize icon: Double, to builder: inout MeshBuilder) {
        let stroke = max(1.5 / builder.scale, 0.11 * icon)
        let left = button.midX - 0.55 * icon, lineStart = left + 0.34 * icon, right = button.midX + 0.55 * icon
        for step in -1...1 {
            let y = button.midY + Double(step) * 0.34 * icon
            builder.fillCircle(center: OverlayPoint(x: left + stroke * 0.75, y: y), radius: stroke * 0.75, color: foreground)
            builder.fillRect(OverlayRect(x: lineStart, y: y - stroke / 2, width: right - lineStart, height: stroke),
                             color: foreground)
        }
    }

    /// What lies under the texts and changes only with a scroll or another entry playing: the
    /// plate; the current row lighter, with a ▶ before it; the scroll indicator.
    static func addPlaylistPanel(_ look: PlaylistPanelLook, to builder: inout MeshBuilder) {
        let layout = look.layout, font = layout.fontSize
        // A list emptied while open leaves no plate behind.
        guard layout.visibleCount > 0 else { return }
        builder.fillRoundedRect(layout.frame, radius: font * 0.45, color: menuPlateColor)
        let rows = layout.visibleRows
        if let current = look.current, rows.contains(current) {
            builder.fillRoundedRect(rowHighlight(current, in: layout, pixel: 1 / builder.scale), radius: font * 0.3,
                                    color: currentRowColor)
            let size = layout.markerSize, y = layout.rowFrame(current).midY
            builder.fillConvexPolygon([
                OverlayPoint(x: layout.markerX - 0.4 * size, y: y - 0.5 * size),
                OverlayPoint(x: layout.markerX + 0.5 * size, y: y),
                OverlayPoint(x: layout.markerX - 0.4 * size, y: y + 0.5 * size),
            ], color: foreground)
        }
        if let track = layout.scrollTrack, let thumb = layout.scrollThumb {
            builder.fillRoundedRect(track, radius: track.width / 2, color: scrollTrackColor)
            builder.fillRoundedRect(thumb, radius: thumb.width / 2, color: scrollThumbColor)
        }
    }

    /// What follows the pointer and the keys, over the texts: the row under the pointer lit; a
    /// ring around the cursor's row; while dragging, the dragged row lit and a line where it
    /// would drop.
    static func addPlaylistPanelHighlights(_ look: PlaylistPanelLook, to builder: inout MeshBuilder) {
        let layout = look.layout, font = layout.fontSize, pixel = 1 / builder.scale
        let rows = layout.visibleRows
        for lit in [look.hoveredRow, look.draggedRow] {
            if let row = lit, rows.contains(row) {
                builder.fillRoundedRect(rowHighlight(row, in: layout, pixel: pixel), radius: font * 0.3, color: hoverGlow)
            }
        }
        if let cursor = look.cursor, rows.contains(cursor) {
            let ring = rowHighlight(cursor, in: layout, pixel: pixel), stroke = max(pixel, font * 0.08)
            builder.fillRect(OverlayRect(x: ring.minX, y: ring.minY, width: ring.width, height: stroke), color: cursorRingColor)
            builder.fillRect(OverlayRect(x: ring.minX, y: ring.maxY - stroke, width: ring.width, height: stroke),
                             color: cursorRingColor)
            builder.fillRect(OverlayRect(x: ring.minX, y: ring.minY + stroke, width: stroke, height: ring.height - 2 * stroke),
                             color: cursorRingColor)
            builder.fillRect(OverlayRect(x: ring.maxX - stroke, y: ring.minY + stroke, width: stroke,
                                         height: ring.height - 2 * stroke), color: cursorRingColor)
        }
        if let gap = look.dropGap {
            let height = max(2 * pixel, font * 0.14), span = rowHighlight(layout.firstRow, in: layout, pixel: pixel)
            builder.fillRoundedRect(OverlayRect(x: span.minX, y: layout.gapY(gap) - height / 2, width: span.width,
                                                height: height),
                                    radius: height / 2, color: foreground)
        }
    }

    /// A row's highlight: inside the row, clear of the scroll indicator.
    static func rowHighlight(_ index: Int, in layout: PlaylistPanelLayout, pixel: Double) -> OverlayRect {
        let font = layout.fontSize, row = layout.rowFrame(index)
        let right = (layout.scrollTrack?.minX ?? layout.frame.maxX) - font * 0.15
        return OverlayRect(x: row.minX + font * 0.25, y: row.minY + pixel, width: max(0, right - row.minX - font * 0.5),
                           height: max(0, row.height - 2 * pixel))
    }
}
