import CSDL2

/// The track menu's texts on screen: one texture per row, kept from one frame and one opening
/// to the next and re-rendered only when that row's text or size changes; placed where
/// `TrackMenuLayout` says and clipped to the plate. Main thread only.
final class TrackMenuTexts {
    /// Headings are dimmer than the entries under them.
    static let headingAlpha: UInt8 = 150

    private var textures: [TextTexture] = []
    private var placed: [(texture: TextTexture, frame: SDL_Rect, alpha: UInt8)] = []
    private var clip = SDL_Rect()

    /// Renders what changed and places the rows of `look` (nil: nothing to draw). `scale` is
    /// output pixels per point. Called when the look changes, not every frame.
    func update(_ look: TrackMenuLook?, scale: Double, font: Font, renderer: OpaquePointer) {
        placed.removeAll(keepingCapacity: true)
        guard let look else { return }
        let layout = look.layout
        for (index, row) in look.menu.rows.enumerated() {
            if index == textures.count { textures.append(TextTexture()) }
            let texture = textures[index]
            let isHeading = if case .heading = row { true } else { false }
            let size = isHeading ? layout.headingFontSize : layout.fontSize
            texture.update(TrackMenu.text(of: row), pixelSize: Int32((size * scale).rounded()), font: font,
                           renderer: renderer)
            // Headings start where the check marks do, entries after them.
            let x = isHeading ? layout.markX - layout.markSize / 2 : layout.textX
            let midY = layout.rowFrame(index).midY * scale
            placed.append((texture, SDL_Rect(x: Int32((x * scale).rounded()),
                                             y: Int32((midY - Double(texture.height) / 2).rounded()),
                                             w: texture.width, h: texture.height),
                           isHeading ? Self.headingAlpha : 255))
        }
        let area = layout.textArea
        let left = Int32(((layout.markX - layout.markSize / 2) * scale).rounded(.down))
        clip = SDL_Rect(x: left, y: Int32((area.minY * scale).rounded(.down)),
                        w: Int32((area.maxX * scale).rounded(.up)) - left, h: Int32((area.height * scale).rounded(.up)))
    }

    func draw(renderer: OpaquePointer) {
        guard !placed.isEmpty else { return }
        // A label longer than the layout's estimate is cut at the plate's edge, not drawn past it.
        var clip = clip
        SDL_RenderSetClipRect(renderer, &clip)
        for text in placed {
            text.texture.draw(in: text.frame, alpha: text.alpha, renderer: renderer)
        }
        SDL_RenderSetClipRect(renderer, nil)
    }
}
