import CSDL2

/// The context menu's texts on screen: a texture per label and per key, kept from one frame and
/// one opening to the next and re-rendered only when its text or size changes; labels start
/// after the check marks, keys end before the arrows, dimmed, each clipped to its plate.
/// Main thread only.
final class ContextMenuTexts {
    /// Keys and unavailable entries are dimmer than the labels.
    static let keyAlpha: UInt8 = 150
    static let disabledAlpha: UInt8 = 100

    private var textures: [TextTexture] = []
    private var placed: [(texture: TextTexture, frame: SDL_Rect, alpha: UInt8, clip: SDL_Rect)] = []

    /// Renders what changed and places the texts of `look` (nil: nothing to draw). `scale` is
    /// output pixels per point. Called when the look changes, not every frame.
    func update(_ look: ContextMenuLook?, scale: Double, font: Font, renderer: OpaquePointer) {
        placed.removeAll(keepingCapacity: true)
        guard let look else { return }
        let layout = look.layout
        let pixelSize = Int32((layout.fontSize * scale).rounded())
        var used = 0
        func texture(_ text: String) -> TextTexture {
            if used == textures.count { textures.append(TextTexture()) }
            defer { used += 1 }
            textures[used].update(text, pixelSize: pixelSize, font: font, renderer: renderer)
            return textures[used]
        }
        for (index, plate) in layout.plates.enumerated() where index < look.plates.count {
            let frame = plate.frame
            let clip = SDL_Rect(x: Int32((frame.minX * scale).rounded(.down)), y: Int32((frame.minY * scale).rounded(.down)),
                                w: Int32((frame.width * scale).rounded(.up)), h: Int32((frame.height * scale).rounded(.up)))
            for (number, row) in look.plates[index].enumerated() {
                let midY = plate.rowFrame(number).midY * scale
                let label = texture(row.text)
                placed.append((label, SDL_Rect(x: Int32((plate.textX * scale).rounded()),
                                               y: Int32((midY - Double(label.height) / 2).rounded()),
                                               w: label.width, h: label.height),
                               row.isEnabled ? 255 : Self.disabledAlpha, clip))
                guard let keyText = row.keyText else { continue }
                let key = texture(keyText)
                placed.append((key, SDL_Rect(x: Int32((plate.keyRightX * scale).rounded()) - key.width,
                                             y: Int32((midY - Double(key.height) / 2).rounded()),
                                             w: key.width, h: key.height),
                               row.isEnabled ? Self.keyAlpha : Self.disabledAlpha, clip))
            }
        }
    }

    func draw(renderer: OpaquePointer) {
        for text in placed {
            var clip = text.clip
            SDL_RenderSetClipRect(renderer, &clip)
            text.texture.draw(in: text.frame, alpha: text.alpha, renderer: renderer)
        }
        if !placed.isEmpty { SDL_RenderSetClipRect(renderer, nil) }
    }
}
