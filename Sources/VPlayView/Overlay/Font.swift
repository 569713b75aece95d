import CSDL2

/// Owns one `TTF_Font`, and one reference on SDL_ttf itself (`TTF_Init` is reference-counted),
/// so the library stays up exactly as long as a font needs it.
final class Font {
    private let font: OpaquePointer
    private var pixelSize: Int32

    init(path: String, pixelSize: Int32) throws(OverlayError) {
        guard TTF_Init() == 0 else {
            throw .fontUnavailable(path: path, reason: String(cString: SDL_GetError()))
        }
        guard let font = TTF_OpenFont(path, pixelSize) else {
            let reason = String(cString: SDL_GetError())
            TTF_Quit()
            throw .fontUnavailable(path: path, reason: reason)
        }
        self.font = font
        self.pixelSize = pixelSize
    }

    deinit {
        TTF_CloseFont(font)
        TTF_Quit()
    }

    /// Renders `text` anti-aliased into a new ARGB surface that the caller frees. With a
    /// `wrapWidth` (pixels) the text breaks into lines no wider than that, and at newlines.
    func render(_ text: String, pixelSize: Int32, color: SDL_Color, wrapWidth: Int32 = 0) -> UnsafeMutablePointer<SDL_Surface>? {
        // One font object serves every size: sizes change only when the window does.
        if pixelSize != self.pixelSize, TTF_SetFontSize(font, pixelSize) == 0 {
            self.pixelSize = pixelSize
        }
        if wrapWidth > 0 {
            return TTF_RenderUTF8_Blended_Wrapped(font, text, color, UInt32(wrapWidth))
        }
        return TTF_RenderUTF8_Blended(font, text, color)
    }
}
