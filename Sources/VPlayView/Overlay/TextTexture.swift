import CSDL2

/// Owns the texture of one piece of text. It is re-rendered only when the text, its size or
/// the renderer changes, so an unchanged label costs one copy per frame and no allocation.
final class TextTexture {
    private var texture: OpaquePointer?
    private var renderedText = ""
    private var renderedSize: Int32 = 0
    private var renderedWrapWidth: Int32 = 0
    private var renderer: OpaquePointer?
    /// Size of the rendered text in pixels.
    private(set) var width: Int32 = 0
    private(set) var height: Int32 = 0

    deinit {
        if let texture { SDL_DestroyTexture(texture) }
    }

    /// - Parameter wrapWidth: pixels; above 0, longer text wraps onto more lines.
    func update(_ text: String, pixelSize: Int32, font: Font, renderer: OpaquePointer, wrapWidth: Int32 = 0) {
        guard text != renderedText || pixelSize != renderedSize || wrapWidth != renderedWrapWidth
                || renderer != self.renderer else { return }
        if let texture { SDL_DestroyTexture(texture) }
        texture = nil
        width = 0
        height = 0
        renderedText = text
        renderedSize = pixelSize
        renderedWrapWidth = wrapWidth
        self.renderer = renderer
        guard let surface = font.render(text, pixelSize: pixelSize, color: SDL_Color(r: 255, g: 255, b: 255, a: 255),
                                        wrapWidth: wrapWidth)
        else { return }
        defer { SDL_FreeSurface(surface) }
        // Created from an ARGB surface, the texture already blends by its alpha.
        texture = SDL_CreateTextureFromSurface(renderer, surface)
        if texture != nil {
            width = surface.pointee.w
            height = surface.pointee.h
        }
    }

    /// The text's pixel rect centred on `center` (pixels), snapped to whole pixels to stay crisp.
    func frame(centeredAt center: OverlayPoint) -> SDL_Rect {
        SDL_Rect(x: Int32((center.x - Double(width) / 2).rounded()), y: Int32((center.y - Double(height) / 2).rounded()),
                 w: width, h: height)
    }

    /// Copies the text into `frame`, its alpha scaled by `alpha` (255: as rendered).
    func draw(in frame: SDL_Rect, alpha: UInt8 = 255, renderer: OpaquePointer) {
        guard let texture else { return }
        var frame = frame
        SDL_SetTextureAlphaMod(texture, alpha)
        SDL_RenderCopy(renderer, texture, nil, &frame)
    }
}
