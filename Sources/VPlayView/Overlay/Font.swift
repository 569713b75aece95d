import CSDL2
import Foundation

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

    /// How wide `text` is at `pixelSize`, in pixels.
    func width(of text: String, pixelSize: Int32) -> Int32 {
        setSize(pixelSize)
        var width: Int32 = 0, height: Int32 = 0
        return TTF_SizeUTF8(font, text, &width, &height) == 0 ? width : 0
    }

    /// `text` if it is at most `maxWidth` pixels wide at `pixelSize`; else as much of its start
    /// as fits with "…" after it (whole characters, trailing spaces dropped).
    func fitting(_ text: String, pixelSize: Int32, maxWidth: Int32) -> String {
        guard width(of: text, pixelSize: pixelSize) > maxWidth else { return text }
        let characters = Array(text)
        func shortened(_ count: Int) -> String {
            String(characters[..<count]).trimmingCharacters(in: .whitespaces) + "…"
        }
        // The longest start that fits, found by halving.
        var fits = 0, tooLong = characters.count
        while tooLong - fits > 1 {
            let middle = (fits + tooLong) / 2
            if width(of: shortened(middle), pixelSize: pixelSize) <= maxWidth { fits = middle } else { tooLong = middle }
        }
        return shortened(fits)
    }

    private func setSize(_ pixelSize: Int32) {
        if pixelSize != self.pixelSize, TTF_SetFontSize(font, pixelSize) == 0 {
            self.pixelSize = pixelSize
        }
    }

    /// Renders `text` anti-aliased into a new ARGB surface that the caller frees. With a
    /// `wrapWidth` (pixels) the text breaks into lines no wider than that, and at newlines.
    func render(_ text: String, pixelSize: Int32, color: SDL_Color, wrapWidth: Int32 = 0) -> UnsafeMutablePointer<SDL_Surface>? {
        // One font object serves every size: sizes change only when the window does.
        setSize(pixelSize)
        if wrapWidth > 0 {
            return TTF_RenderUTF8_Blended_Wrapped(font, text, color, UInt32(wrapWidth))
        }
        return TTF_RenderUTF8_Blended(font, text, color)
    }
}
