/// Turns an `OverlayLook` into coloured shapes and says where each text goes. Pure, so the
/// SDL side only uploads the mesh and copies text textures into the rects given here.
enum OverlayPainter {
    static let bandTop = RGBA(0, 0, 0, 110)
    static let bandBottom = RGBA(0, 0, 0, 190)
    static let foreground = RGBA(240, 240, 240)
    static let hoverGlow = RGBA(255, 255, 255, 40)
    static let trackColor = RGBA(255, 255, 255, 80)
    static let bubbleColor = RGBA(0, 0, 0, 200)

    /// The shapes of `look`, in pixels. `tooltipFrame` is the bubble, sized by its text.
    static func mesh(for look: OverlayLook, scale: Double, tooltipFrame: OverlayRect?, reusing old: Mesh) -> Mesh {
        let layout = look.layout
        var builder = MeshBuilder(scale: scale, reusing: old)
        builder.fillGradient(layout.band, top: bandTop, bottom: bandBottom)

        if let hovered = look.hovered, let button = buttonRect(hovered, in: layout) {
            builder.fillCircle(center: OverlayPoint(x: button.midX, y: button.midY),
                               radius: layout.barHeight * 0.4, color: hoverGlow)
        }
        let icon = layout.iconSize
        let play = layout.playPauseButton
        if look.showsPlayIcon {
            builder.fillConvexPolygon([
                OverlayPoint(x: play.midX - 0.4 * icon, y: play.midY - 0.5 * icon),
                OverlayPoint(x: play.midX + 0.5 * icon, y: play.midY),
                OverlayPoint(x: play.midX - 0.4 * icon, y: play.midY + 0.5 * icon),
            ], color: foreground)
        } else {
            for left in [play.midX - 0.42 * icon, play.midX + 0.14 * icon] {
                builder.fillRect(OverlayRect(x: left, y: play.midY - 0.48 * icon, width: 0.28 * icon, height: 0.96 * icon),
                                 color: foreground)
            }
        }
        addSkipArrows(to: &builder, in: layout.skipBackButton, pointingRight: false, iconSize: icon)
        addSkipArrows(to: &builder, in: layout.skipForwardButton, pointingRight: true, iconSize: icon)

        let track = layout.track
        builder.fillRoundedRect(track, radius: track.height / 2, color: trackColor)
        if let thumbX = look.thumbX {
            var filled = track
            filled.width = max(0, thumbX - track.minX)
            builder.fillRoundedRect(filled, radius: track.height / 2, color: foreground)
            // The thumb swells while the slider is under the pointer, to say it can be grabbed.
            let radius = layout.thumbRadius * (look.tooltip == nil ? 1 : 1.25)
            builder.fillCircle(center: OverlayPoint(x: thumbX, y: track.midY), radius: radius, color: foreground)
        }
        if let tooltipFrame {
            builder.fillRoundedRect(tooltipFrame, radius: tooltipFrame.height * 0.25, color: bubbleColor)
        }
        return builder.mesh
    }

    /// Where the "10" goes on a skip button: under its arrows.
    static func skipCaptionCenter(in button: OverlayRect, layout: OverlayLayout) -> OverlayPoint {
        OverlayPoint(x: button.midX, y: button.midY + layout.barHeight * 0.2)
    }

    private static func buttonRect(_ element: OverlayElement, in layout: OverlayLayout) -> OverlayRect? {
        switch element {
        case .skipBack: layout.skipBackButton
        case .playPause: layout.playPauseButton
        case .skipForward: layout.skipForwardButton
        case .slider, .bar: nil
        }
    }

    /// ◀◀ or ▶▶, raised to leave room for the caption.
    private static func addSkipArrows(to builder: inout MeshBuilder, in button: OverlayRect, pointingRight: Bool,
                                      iconSize: Double) {
        let width = 0.45 * iconSize, height = 0.66 * iconSize
        let midY = button.midY - 0.3 * iconSize
        let direction = pointingRight ? 1.0 : -1.0
        for start in [-width, 0] {
            // Each triangle's base is at `base`, its tip `width` further in the pointing direction.
            let base = button.midX + direction * start
            builder.fillConvexPolygon([
                OverlayPoint(x: base, y: midY - height / 2),
                OverlayPoint(x: base + direction * width, y: midY),
                OverlayPoint(x: base, y: midY + height / 2),
            ], color: foreground)
        }
    }
}
