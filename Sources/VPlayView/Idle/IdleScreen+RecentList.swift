import CSDL2
import VPlayCore

/// One recent-file row's texts and picture on screen, kept from one draw to the next: a text is
/// rendered again only when it changes, a picture uploaded only when another is shown.
final class RecentRowTextures {
    let title = TextTexture()
    let detail = TextTexture()
    let picture = PreviewTexture()
    /// The file whose picture `picture` holds: another file's may have the same size and time.
    var picturePath: String?
    /// The title last fitted to its column: what was asked, and what fits.
    private var fittedTitle: (text: String, pixelSize: Int32, width: Int32, fitted: String)?

    /// `text` as it fits `width` pixels at `pixelSize`: whole, or shortened with "…". Measured
    /// again only when one of them changes.
    func fitted(_ text: String, pixelSize: Int32, width: Int32, font: Font) -> String {
        if let fittedTitle, fittedTitle.text == text, fittedTitle.pixelSize == pixelSize, fittedTitle.width == width {
            return fittedTitle.fitted
        }
        let fitted = font.fitting(text, pixelSize: pixelSize, maxWidth: width)
        fittedTitle = (text, pixelSize, width, fitted)
        return fitted
    }
}

/// The recent files' rows, in two parts: the shapes (lit row, selection ring, picture boxes,
/// watched bars, "×"), which go into the window's mesh, and the pictures and texts over them.
extension IdleScreen {
    static let rowLit = RGBA(255, 255, 255, 20)
    static let selectionRing = RGBA(255, 255, 255, 120)
    static let pictureBox = RGBA(44, 44, 50)
    static let missingPictureBox = RGBA(34, 34, 38)
    static let barGroove = RGBA(255, 255, 255, 38)
    static let forgetLit = RGBA(255, 255, 255, 40)
    /// The "×": faint, clearer on its row, clear under the pointer.
    static let forgetAlpha: (idle: UInt8, rowLit: UInt8, lit: UInt8) = (70, 150, 240)
    /// Texts of a file still there, and of one gone.
    static let titleAlpha: (present: UInt8, missing: UInt8) = (235, 105)
    static let detailAlpha: (present: UInt8, missing: UInt8) = (160, 80)

    static func addRecentShapes(_ look: RecentLook, layout: RecentListLayout, to builder: inout MeshBuilder) {
        let pixel = 1 / builder.scale, unit = layout.rowHeight / 40
        let count = min(layout.count, look.files.count)
        for index in 0..<count {
            let file = look.files[index], row = layout.rowFrame(index)
            let band = OverlayRect(x: row.minX, y: row.minY + pixel, width: row.width, height: row.height - 2 * pixel)
            let isLit = look.hovered?.row == index, radius = 5 * unit
            var inside = band
            if look.selection == index {
                // A ring: the row in the ring's colour, then all but its edge in the window's.
                let stroke = max(pixel, 1.5 * unit)
                inside = OverlayRect(x: band.minX + stroke, y: band.minY + stroke, width: band.width - 2 * stroke,
                                     height: band.height - 2 * stroke)
                builder.fillRoundedRect(band, radius: radius, color: selectionRing)
                builder.fillRoundedRect(inside, radius: radius - stroke, color: background)
            }
            if isLit { builder.fillRoundedRect(inside, radius: radius, color: rowLit) }

            let picture = layout.thumbnailFrame(index)
            builder.fillRoundedRect(picture, radius: 3 * unit, color: file.exists ? pictureBox : missingPictureBox)

            if let fraction = file.watchedFraction {
                let groove = layout.barFrame(index)
                builder.fillRoundedRect(groove, radius: groove.height / 2,
                                        color: file.exists ? barGroove : barGroove.dimmed(0.5))
                let filled = layout.barFill(index, fraction: fraction)
                if filled.width > 0 {
                    builder.fillRoundedRect(filled, radius: filled.height / 2,
                                            color: file.exists ? button : button.dimmed(0.45))
                }
            }

            let forget = layout.forgetButton(index), isOnForget = look.hovered == .forget(index)
            if isOnForget { builder.fillCircle(center: OverlayPoint(x: forget.midX, y: forget.midY), radius: forget.width / 2,
                                                color: forgetLit) }
            let alpha = isOnForget ? forgetAlpha.lit : isLit ? forgetAlpha.rowLit : forgetAlpha.idle
            let arm = forget.width * 0.2, stroke = max(1.2 * pixel, forget.width * 0.07)
            let color = RGBA(255, 255, 255, alpha)
            builder.fillLine(from: OverlayPoint(x: forget.midX - arm, y: forget.midY - arm),
                             to: OverlayPoint(x: forget.midX + arm, y: forget.midY + arm), width: stroke, color: color)
            builder.fillLine(from: OverlayPoint(x: forget.midX - arm, y: forget.midY + arm),
                             to: OverlayPoint(x: forget.midX + arm, y: forget.midY - arm), width: stroke, color: color)
        }
    }

    /// The pictures, titles (cut at the title column's end) and times left of the rows.
    func drawRecentContent(_ look: RecentLook, layout: RecentListLayout, renderer: OpaquePointer, scale: Double) {
        let count = min(layout.count, look.files.count)
        while recentRows.count < count { recentRows.append(RecentRowTextures()) }
        if recentRows.count > count { recentRows.removeLast(recentRows.count - count) }
        let titleSize = Int32((layout.titleFontSize * scale).rounded())
        let detailSize = Int32((layout.detailFontSize * scale).rounded())
        func px(_ value: Double) -> Int32 { Int32((value * scale).rounded()) }

        for index in 0..<count {
            let file = look.files[index], textures = recentRows[index]
            if file.exists, index < look.pictures.count, let picture = look.pictures[index] {
                if textures.picturePath != file.path {
                    textures.picture.invalidate()
                    textures.picturePath = file.path
                }
                if textures.picture.show(picture, renderer: renderer) {
                    textures.picture.draw(in: Self.fitted(picture, in: layout.thumbnailFrame(index), scale: scale),
                                          renderer: renderer)
                }
            }
            textures.detail.update(file.detailText, pixelSize: detailSize, font: font, renderer: renderer)
            let detailY = layout.detailCenterY(index) * scale
            textures.detail.draw(in: SDL_Rect(x: px(layout.labelX), y: Int32((detailY - Double(textures.detail.height) / 2).rounded()),
                                              w: textures.detail.width, h: textures.detail.height),
                                 alpha: file.exists ? Self.detailAlpha.present : Self.detailAlpha.missing, renderer: renderer)
        }

        // A title longer than its column ends in "…" before the "×" (and is cut there, should
        // the font measure a little short).
        let left = px(layout.textX), top = px(layout.frame.minY)
        var clip = SDL_Rect(x: left, y: top, w: px(layout.titleRight) - left, h: px(layout.frame.maxY) - top)
        SDL_RenderSetClipRect(renderer, &clip)
        for index in 0..<count {
            let file = look.files[index], row = recentRows[index], title = row.title
            title.update(row.fitted(file.displayTitle, pixelSize: titleSize, width: px(layout.titleRight) - left, font: font),
                         pixelSize: titleSize, font: font, renderer: renderer)
            let y = layout.titleCenterY(index) * scale
            title.draw(in: SDL_Rect(x: left, y: Int32((y - Double(title.height) / 2).rounded()), w: title.width, h: title.height),
                       alpha: file.exists ? Self.titleAlpha.present : Self.titleAlpha.missing, renderer: renderer)
        }
        SDL_RenderSetClipRect(renderer, nil)
    }

    /// `picture`'s pixel rect: as large as fits `box` (points) with its aspect, centred in it.
    static func fitted(_ picture: Thumbnail, in box: OverlayRect, scale: Double) -> SDL_Rect {
        let boxWidth = box.width * scale, boxHeight = box.height * scale
        let factor = min(boxWidth / Double(max(1, picture.width)), boxHeight / Double(max(1, picture.height)))
        let width = (Double(picture.width) * factor).rounded(), height = (Double(picture.height) * factor).rounded()
        return SDL_Rect(x: Int32((box.midX * scale - width / 2).rounded()), y: Int32((box.midY * scale - height / 2).rounded()),
                        w: Int32(width), h: Int32(height))
    }
}

extension RGBA {
    /// The colour with its alpha scaled by `factor`.
    func dimmed(_ factor: Double) -> RGBA {
        RGBA(r, g, b, UInt8((Double(a) * factor).rounded()))
    }
}
