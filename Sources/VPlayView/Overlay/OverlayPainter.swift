/// Turns an `OverlayLook` and a `MessageLook` into coloured shapes and says where each text
/// goes. Pure, so the SDL side only uploads the mesh and copies text textures into the rects
/// given here.
enum OverlayPainter {
    static let bandTop = RGBA(0, 0, 0, 110)
    static let bandBottom = RGBA(0, 0, 0, 190)
    static let foreground = RGBA(240, 240, 240)
    static let hoverGlow = RGBA(255, 255, 255, 40)
    static let trackColor = RGBA(255, 255, 255, 80)
    static let bubbleColor = RGBA(0, 0, 0, 200)
    /// The speed label's resting pill, so it reads as a button.
    static let pillColor = RGBA(255, 255, 255, 26)
    /// The volume level while muted: still there, but clearly not playing.
    static let mutedFill = RGBA(176, 180, 186)
    /// A-B loop marks: warm, apart from the white of the track and thumb.
    static let loopMarkColor = RGBA(255, 184, 28)
    /// Chapter ticks: dark, so they show on the filled track as on the empty one.
    static let chapterTickColor = RGBA(20, 20, 20, 200)
    /// What the cache holds: a lighter band over the empty track.
    static let bufferedColor = RGBA(255, 255, 255, 70)
    static let messagePlate = RGBA(0, 0, 0, 165)
    /// The 1-pixel frame around the seek preview.
    static let previewBorder = RGBA(230, 230, 230)

    /// A rect in whole output pixels.
    typealias PixelFrame = (x: Int, y: Int, width: Int, height: Int)

    /// The overlay's shapes in parts, in output pixels, each drawn over the one before. The
    /// parts that change often (the filled track, the thumb) are apart from the bar at rest,
    /// so each can be kept as a finished layer and only copied while it stays the same.
    struct Parts: Equatable {
        /// The bar at rest: band, buttons, speaker and volume, the empty track. Empty when hidden.
        var bar = Mesh()
        /// The whole track filled; shown from its left end up to the thumb.
        var fill = Mesh()
        /// Over the fill: the cached spans, chapter ticks and A-B loop marks.
        var marks = Mesh()
        var thumb = Mesh()
        /// The tooltip bubble, the preview's border and the message's plate.
        var extras = Mesh()
        /// The open track menu or context menu: over everything but the texts.
        var menu = Mesh()
    }

    /// The shapes of `look` (the bar, nil when hidden) and of `message` on `messagePlate`, in
    /// pixels. `tooltipFrame` is the bubble and `messagePlate` the message's plate, each sized
    /// by its text; `previewFrame` is where the preview picture goes, in output pixels: it gets
    /// a 1-pixel border around it.
    static func parts(for look: OverlayLook?, message: MessageLook?, scale: Double, tooltipFrame: OverlayRect?,
                      previewFrame: PixelFrame? = nil, messagePlate plate: OverlayRect?, reusing old: Parts) -> Parts {
        var bar = MeshBuilder(scale: scale, reusing: old.bar)
        var fill = MeshBuilder(scale: scale, reusing: old.fill)
        var marks = MeshBuilder(scale: scale, reusing: old.marks)
        var thumb = MeshBuilder(scale: scale, reusing: old.thumb)
        var extras = MeshBuilder(scale: scale, reusing: old.extras)
        var menu = MeshBuilder(scale: scale, reusing: old.menu)
        if let look {
            addBar(look, to: &bar)
            let layout = look.layout, track = layout.track
            if look.thumbX != nil {
                fill.fillRoundedRect(track, radius: track.height / 2, color: foreground)
            }
            for span in look.bufferedSpans {
                let band = OverlayRect(x: span.lowerBound, y: track.y, width: span.upperBound - span.lowerBound, height: track.height)
                marks.fillRoundedRect(band, radius: track.height / 2, color: bufferedColor)
            }
            if let duration = look.duration, duration > 0 {
                // The start of the file needs no tick.
                for chapter in look.chapters where chapter.time > 0 && chapter.time < duration {
                    marks.fillRect(layout.chapterTick(atX: layout.thumbX(for: chapter.time / duration)), color: chapterTickColor)
                }
            }
            for x in [look.loopAX, look.loopBX].compactMap({ $0 }) {
                let mark = layout.loopMark(atX: x)
                marks.fillRoundedRect(mark, radius: mark.width / 2, color: loopMarkColor)
            }
            if let thumbX = look.thumbX {
                thumb.fillCircle(center: OverlayPoint(x: thumbX, y: track.midY), radius: thumbRadius(of: look),
                                 color: foreground)
            }
            if let tooltipFrame {
                extras.fillRoundedRect(tooltipFrame, radius: tooltipFrame.height * 0.25, color: bubbleColor)
            }
            if let frame = previewFrame {
                // One rect under the picture: only its outermost pixel ring stays visible.
                extras.fillPixelRect(x: frame.x - 1, y: frame.y - 1, width: frame.width + 2, height: frame.height + 2,
                                     color: previewBorder)
            }
            if let trackMenu = look.trackMenu {
                addTrackMenu(trackMenu, to: &menu)
            }
            if let contextMenu = look.contextMenu {
                addContextMenu(contextMenu, to: &menu)
            }
        }
        if let message, let plate {
            var color = messagePlate
            color.a = UInt8((Double(color.a) * message.opacity).rounded())
            extras.fillRoundedRect(plate, radius: message.layout.fontSize * 0.35, color: color)
        }
        return Parts(bar: bar.mesh, fill: fill.mesh, marks: marks.mesh, thumb: thumb.mesh, extras: extras.mesh,
                     menu: menu.mesh)
    }

    /// The seek thumb's radius in points: it swells while the slider is under the pointer, to
    /// say it can be grabbed.
    static func thumbRadius(of look: OverlayLook) -> Double {
        look.layout.thumbRadius * (look.tooltip == nil ? 1 : 1.25)
    }

    /// Where the "10" goes on a skip button: under its arrows.
    static func skipCaptionCenter(in button: OverlayRect, layout: OverlayLayout) -> OverlayPoint {
        OverlayPoint(x: button.midX, y: button.midY + layout.barHeight * 0.2)
    }

    /// The speed label's pill: a capsule around the text, inside the button.
    static func speedPill(in layout: OverlayLayout) -> OverlayRect {
        let button = layout.speedButton, height = layout.barHeight * 0.52
        return OverlayRect(x: button.minX + layout.barHeight * 0.04, y: button.midY - height / 2,
                           width: max(0, button.width - layout.barHeight * 0.08), height: height)
    }

    /// The speaker is drawn a little larger than the other icons: it is wider than it is tall.
    static func speakerSize(in layout: OverlayLayout) -> Double {
        layout.iconSize * 1.15
    }

    /// The point between the speaker's two waves where the mute cross is centred.
    static func muteCrossCenter(in layout: OverlayLayout) -> OverlayPoint {
        OverlayPoint(x: layout.muteButton.midX + 0.3 * speakerSize(in: layout), y: layout.muteButton.midY)
    }

    private static func addBar(_ look: OverlayLook, to builder: inout MeshBuilder) {
        let layout = look.layout
        builder.fillGradient(layout.band, top: bandTop, bottom: bandBottom)
        guard !layout.isPictureInPicture else {
            addReducedBar(look, to: &builder)
            return
        }

        let pill = speedPill(in: layout)
        builder.fillRoundedRect(pill, radius: pill.height / 2, color: pillColor)
        // The track and playlist buttons stay lit while their menu or panel is open.
        switch look.trackMenu != nil ? .tracks : look.playlistPanel != nil ? .playlist : look.hovered {
        case .speed?:
            builder.fillRoundedRect(pill, radius: pill.height / 2, color: hoverGlow)
        case let hovered?:
            if let button = buttonRect(hovered, in: layout) {
                builder.fillCircle(center: OverlayPoint(x: button.midX, y: button.midY),
                                   radius: layout.barHeight * 0.4, color: hoverGlow)
            }
        case nil:
            break
        }
        let icon = layout.iconSize
        addPlayPauseIcon(look, to: &builder)
        addSkipArrows(to: &builder, in: layout.skipBackButton, pointingRight: false, iconSize: icon)
        addSkipArrows(to: &builder, in: layout.skipForwardButton, pointingRight: true, iconSize: icon)
        addSpeaker(to: &builder, look: look)
        if let button = layout.trackButton {
            addTrackIcon(in: button, iconSize: icon, to: &builder)
        }
        if let button = layout.playlistButton {
            addPlaylistIcon(in: button, iconSize: icon, to: &builder)
        }
        if let button = layout.pictureInPictureButton {
            addPictureInPictureIcon(in: button, iconSize: icon, to: &builder)
        }

        let track = layout.track
        builder.fillRoundedRect(track, radius: track.height / 2, color: trackColor)

        if let volumeTrack = layout.volumeTrack, let thumbX = look.volumeThumbX {
            let level = look.isMuted ? mutedFill : foreground
            builder.fillRoundedRect(volumeTrack, radius: volumeTrack.height / 2, color: trackColor)
            var filled = volumeTrack
            filled.width = max(0, thumbX - volumeTrack.minX)
            builder.fillRoundedRect(filled, radius: volumeTrack.height / 2, color: level)
            let radius = layout.volumeThumbRadius * (look.volumeIsActive ? 1.25 : 1)
            builder.fillCircle(center: OverlayPoint(x: thumbX, y: volumeTrack.midY), radius: radius, color: level)
        }
    }

    /// ▶ while paused, ❚❚ while playing.
    static func addPlayPauseIcon(_ look: OverlayLook, to builder: inout MeshBuilder) {
        let icon = look.layout.iconSize
        let play = look.layout.playPauseButton
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
    }

    static func buttonRect(_ element: OverlayElement, in layout: OverlayLayout) -> OverlayRect? {
        switch element {
        case .skipBack: layout.skipBackButton
        case .playPause: layout.playPauseButton
        case .skipForward: layout.skipForwardButton
        case .mute: layout.muteButton
        case .tracks: layout.trackButton
        case .playlist: layout.playlistButton
        case .pictureInPicture: layout.pictureInPictureButton
        case .closePictureInPicture: layout.closeButton
        case .speed, .slider, .volume, .bar: nil
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

    /// A speaker with its sound waves, or crossed out while muted.
    private static func addSpeaker(to builder: inout MeshBuilder, look: OverlayLook) {
        let layout = look.layout, icon = speakerSize(in: layout)
        let x = layout.muteButton.midX, y = layout.muteButton.midY
        // The box, reaching into the cone so no seam shows where they meet.
        builder.fillRect(OverlayRect(x: x - 0.58 * icon, y: y - 0.17 * icon, width: 0.26 * icon, height: 0.34 * icon),
                         color: foreground)
        builder.fillConvexPolygon([
            OverlayPoint(x: x - 0.38 * icon, y: y - 0.17 * icon), OverlayPoint(x: x - 0.08 * icon, y: y - 0.48 * icon),
            OverlayPoint(x: x - 0.08 * icon, y: y + 0.48 * icon), OverlayPoint(x: x - 0.38 * icon, y: y + 0.17 * icon),
        ], color: foreground)
        let stroke = max(1.5 / builder.scale, 0.09 * icon)
        if look.isMuted {
            let cross = muteCrossCenter(in: layout), arm = 0.19 * icon
            builder.fillLine(from: OverlayPoint(x: cross.x - arm, y: cross.y - arm),
                             to: OverlayPoint(x: cross.x + arm, y: cross.y + arm), width: stroke, color: foreground)
            builder.fillLine(from: OverlayPoint(x: cross.x - arm, y: cross.y + arm),
                             to: OverlayPoint(x: cross.x + arm, y: cross.y - arm), width: stroke, color: foreground)
        } else {
            let center = OverlayPoint(x: x - 0.14 * icon, y: y), sweep = 0.27 * Double.pi
            for (wave, radius) in [0.3 * icon, 0.55 * icon].enumerated() where wave < look.volumeWaves {
                builder.strokeArc(center: center, radius: radius, thickness: stroke, from: -sweep, to: sweep,
                                  color: foreground)
            }
        }
    }
}
