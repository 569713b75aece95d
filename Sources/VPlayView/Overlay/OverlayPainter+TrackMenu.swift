/// The track button's icon and the open track menu's shapes (its texts are placed by
/// `TrackMenuTexts`).
extension OverlayPainter {
    /// The menu's plate: darker than the band, so its text reads over any picture.
    static let menuPlateColor = RGBA(16, 16, 16, 240)

    /// A subtitle box: a rounded outline with two lines of text in it, the sign players use for
    /// "audio and subtitles".
    static func addTrackIcon(in button: OverlayRect, iconSize icon: Double, to builder: inout MeshBuilder) {
        let stroke = max(1.5 / builder.scale, 0.09 * icon)
        let box = OverlayRect(x: button.midX - 0.62 * icon, y: button.midY - 0.45 * icon, width: 1.24 * icon,
                              height: 0.9 * icon)
        // Four sides, so the box stays see-through: the mesh has no way to cut a hole.
        builder.fillRect(OverlayRect(x: box.minX, y: box.minY, width: box.width, height: stroke), color: foreground)
        builder.fillRect(OverlayRect(x: box.minX, y: box.maxY - stroke, width: box.width, height: stroke), color: foreground)
        builder.fillRect(OverlayRect(x: box.minX, y: box.minY + stroke, width: stroke, height: box.height - 2 * stroke),
                         color: foreground)
        builder.fillRect(OverlayRect(x: box.maxX - stroke, y: box.minY + stroke, width: stroke,
                                     height: box.height - 2 * stroke), color: foreground)
        // Two lines of "text": short then long, long then short.
        let left = box.minX + 0.2 * icon, right = box.maxX - 0.2 * icon, gap = 0.12 * icon
        let split = [left + 0.28 * (right - left), left + 0.66 * (right - left)]
        for (line, y) in [box.midY - 0.03 * icon, box.midY + 0.2 * icon].enumerated() {
            let cut = split[line]
            builder.fillRect(OverlayRect(x: left, y: y - stroke / 2, width: cut - gap / 2 - left, height: stroke),
                             color: foreground)
            builder.fillRect(OverlayRect(x: cut + gap / 2, y: y - stroke / 2, width: right - cut - gap / 2, height: stroke),
                             color: foreground)
        }
    }

    /// The plate, the highlight under the pointer and a check mark before each choice in effect.
    static func addTrackMenu(_ look: TrackMenuLook, to builder: inout MeshBuilder) {
        let layout = look.layout, font = layout.fontSize
        builder.fillRoundedRect(layout.frame, radius: font * 0.45, color: menuPlateColor)
        if let hovered = look.hoveredRow {
            let row = layout.rowFrame(hovered)
            let inset = OverlayRect(x: row.minX + font * 0.25, y: row.minY + 1 / builder.scale,
                                    width: max(0, row.width - font * 0.5), height: max(0, row.height - 2 / builder.scale))
            builder.fillRoundedRect(inset, radius: font * 0.3, color: hoverGlow)
        }
        for (index, row) in look.menu.rows.enumerated() where TrackMenu.isSelected(row, selection: look.selection) {
            addCheckMark(center: OverlayPoint(x: layout.markX, y: layout.rowFrame(index).midY), size: layout.markSize,
                         to: &builder)
        }
    }

    /// ✓ in a square of `size`.
    static func addCheckMark(center: OverlayPoint, size: Double, to builder: inout MeshBuilder) {
        let stroke = max(1.5 / builder.scale, 0.16 * size)
        let start = OverlayPoint(x: center.x - 0.42 * size, y: center.y + 0.02 * size)
        let corner = OverlayPoint(x: center.x - 0.12 * size, y: center.y + 0.32 * size)
        let end = OverlayPoint(x: center.x + 0.45 * size, y: center.y - 0.36 * size)
        builder.fillLine(from: start, to: corner, width: stroke, color: foreground)
        builder.fillLine(from: corner, to: end, width: stroke, color: foreground)
        // Rounds the joint, where the two square ends leave a notch.
        builder.fillCircle(center: corner, radius: stroke / 2, color: foreground)
    }
}
