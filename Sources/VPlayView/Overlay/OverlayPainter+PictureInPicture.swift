/// The picture-in-picture button's icon, and the reduced bar of the picture-in-picture window.
extension OverlayPainter {
    /// A screen with a small picture in its lower-right corner.
    static func addPictureInPictureIcon(in button: OverlayRect, iconSize icon: Double, to builder: inout MeshBuilder) {
        let width = 1.1 * icon, height = 0.8 * icon
        let stroke = max(1.5 / builder.scale, 0.09 * icon)
        let screen = OverlayRect(x: button.midX - width / 2, y: button.midY - height / 2, width: width, height: height)
        builder.fillRect(OverlayRect(x: screen.minX, y: screen.minY, width: width, height: stroke), color: foreground)
        builder.fillRect(OverlayRect(x: screen.minX, y: screen.maxY - stroke, width: width, height: stroke), color: foreground)
        builder.fillRect(OverlayRect(x: screen.minX, y: screen.minY + stroke, width: stroke, height: height - 2 * stroke),
                         color: foreground)
        builder.fillRect(OverlayRect(x: screen.maxX - stroke, y: screen.minY + stroke, width: stroke,
                                     height: height - 2 * stroke), color: foreground)
        let inset = 1.5 * stroke
        builder.fillRect(OverlayRect(x: screen.midX, y: screen.midY, width: width / 2 - inset, height: height / 2 - inset),
                         color: foreground)
    }

    /// Play/pause in the middle and ✕ on the right, each lit under the pointer.
    static func addReducedBar(_ look: OverlayLook, to builder: inout MeshBuilder) {
        let layout = look.layout
        if let hovered = look.hovered, let button = buttonRect(hovered, in: layout) {
            builder.fillCircle(center: OverlayPoint(x: button.midX, y: button.midY), radius: layout.barHeight * 0.4,
                               color: hoverGlow)
        }
        addPlayPauseIcon(look, to: &builder)
        if let close = layout.closeButton {
            let arm = 0.4 * layout.iconSize, stroke = max(1.5 / builder.scale, 0.1 * layout.iconSize)
            let center = OverlayPoint(x: close.midX, y: close.midY)
            builder.fillLine(from: OverlayPoint(x: center.x - arm, y: center.y - arm),
                             to: OverlayPoint(x: center.x + arm, y: center.y + arm), width: stroke, color: foreground)
            builder.fillLine(from: OverlayPoint(x: center.x - arm, y: center.y + arm),
                             to: OverlayPoint(x: center.x + arm, y: center.y - arm), width: stroke, color: foreground)
        }
    }
}
