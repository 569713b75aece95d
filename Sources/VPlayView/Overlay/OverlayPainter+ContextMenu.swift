/// The open context menu's shapes (its texts are placed by `ContextMenuTexts`).
extension OverlayPainter {
    /// Each plate, its lit row, a check mark before each entry in effect and an arrow after each
    /// row with a submenu; later plates over earlier ones.
    static func addContextMenu(_ look: ContextMenuLook, to builder: inout MeshBuilder) {
        let layout = look.layout, font = layout.fontSize
        for (index, plate) in layout.plates.enumerated() where index < look.plates.count {
            builder.fillRoundedRect(plate.frame, radius: font * 0.45, color: menuPlateColor)
            if let lit = look.highlighted[index], lit < plate.rowCount {
                let row = plate.rowFrame(lit)
                let inset = OverlayRect(x: row.minX + font * 0.25, y: row.minY + 1 / builder.scale,
                                        width: max(0, row.width - font * 0.5), height: max(0, row.height - 2 / builder.scale))
                builder.fillRoundedRect(inset, radius: font * 0.3, color: hoverGlow)
            }
            for (number, row) in look.plates[index].enumerated() {
                let midY = plate.rowFrame(number).midY
                if row.isChecked {
                    addCheckMark(center: OverlayPoint(x: plate.markX, y: midY), size: layout.markSize, to: &builder)
                }
                if row.submenu != nil {
                    let size = layout.markSize * 0.6
                    builder.fillConvexPolygon([OverlayPoint(x: plate.arrowX - size * 0.35, y: midY - size / 2),
                                               OverlayPoint(x: plate.arrowX + size * 0.45, y: midY),
                                               OverlayPoint(x: plate.arrowX - size * 0.35, y: midY + size / 2)],
                                              color: foreground)
                }
            }
        }
    }
}
