import CSDL2

/// A part of the overlay rendered once into a texture and then only copied, frame after frame,
/// while its key stays the same. SDL's software renderer shades the overlay's anti-aliased
/// edges pixel by pixel with divisions: drawing the bar's shapes cost ~0.7 ms per frame at
/// 720p, where copying the finished layer is one alpha blit.
///
/// The layer is rendered over black and over white and recovered with `Unblend`, so it
/// composites exactly as drawing its shapes onto the picture would. Main thread only; must be
/// released before its renderer.
final class OverlayLayer<Key: Equatable> {
    /// The rendered pixels with straight alpha, blended when copied.
    private var texture: OpaquePointer?
    /// Where the content is rendered, over black and then over white.
    private var target: OpaquePointer?
    private var renderer: OpaquePointer?
    private var width: Int32 = 0
    private var height: Int32 = 0
    private var key: Key?
    private var overBlack: [UInt32] = []
    private var overWhite: [UInt32] = []
    private var pixels: [UInt32] = []
    /// Times the content was rendered (for tests: an unchanged key renders nothing).
    private(set) var renderCount = 0

    deinit { destroyTextures() }

    /// Makes the layer show what `content` draws for `key`, `width`×`height` pixels. `content`
    /// draws with `renderer` onto a target whose (0, 0) is the layer's top-left corner; it runs
    /// only when the key or size changed. False when the renderer cannot draw into a texture:
    /// the caller then draws the content straight onto the screen.
    func update(key: Key, width: Int32, height: Int32, renderer: OpaquePointer, content: (OpaquePointer) -> Void) -> Bool {
        guard width > 0, height > 0 else { return false }
        if key == self.key, width == self.width, height == self.height, renderer == self.renderer, texture != nil {
            return true
        }
        guard SDL_RenderTargetSupported(renderer) == SDL_TRUE, makeTextures(width, height, renderer) else { return false }
        let previousTarget = SDL_GetRenderTarget(renderer)
        var r: UInt8 = 0, g: UInt8 = 0, b: UInt8 = 0, a: UInt8 = 0
        SDL_GetRenderDrawColor(renderer, &r, &g, &b, &a)
        defer {
            SDL_SetRenderTarget(renderer, previousTarget)
            SDL_SetRenderDrawColor(renderer, r, g, b, a)
        }
        guard SDL_SetRenderTarget(renderer, target) == 0,
              render(content, over: 0, into: &overBlack, renderer), render(content, over: 255, into: &overWhite, renderer)
        else {
            self.key = nil
            return false
        }
        overBlack.withUnsafeBufferPointer { black in
            overWhite.withUnsafeBufferPointer { white in
                pixels.withUnsafeMutableBufferPointer { output in
                    Unblend.layer(black: black.baseAddress!, white: white.baseAddress!, into: output.baseAddress!,
                                  count: output.count)
                }
            }
        }
        let uploaded = pixels.withUnsafeBytes { SDL_UpdateTexture(texture, nil, $0.baseAddress, width * 4) == 0 }
        self.key = uploaded ? key : nil
        renderCount += 1
        return uploaded
    }

    /// Copies the layer with its top-left corner at (`x`, `y`); with `visibleWidth`, only that
    /// many columns from its left edge. With `window` (the software path) the layer is blended
    /// straight into the window's pixels by our kernel: the software renderer's blending cost
    /// about as much as converting the whole picture.
    func draw(x: Int32, y: Int32, visibleWidth: Int32? = nil, window: WindowPixels? = nil) {
        guard let texture, let renderer else { return }
        let columns = max(0, min(width, visibleWidth ?? width))
        guard columns > 0 else { return }
        if let window {
            _ = pixels.withUnsafeBytes {
                window.composite($0.baseAddress!, pitch: Int(width) * 4, x: Int(x), y: Int(y),
                                 width: Int(columns), height: Int(height))
            }
            return
        }
        var source = SDL_Rect(x: 0, y: 0, w: columns, h: height)
        var destination = SDL_Rect(x: x, y: y, w: columns, h: height)
        SDL_RenderCopy(renderer, texture, &source, &destination)
    }

    private func render(_ content: (OpaquePointer) -> Void, over shade: UInt8, into buffer: inout [UInt32],
                        _ renderer: OpaquePointer) -> Bool {
        SDL_SetRenderDrawColor(renderer, shade, shade, shade, 255)
        SDL_RenderClear(renderer)
        content(renderer)
        let pitch = width * 4
        return buffer.withUnsafeMutableBytes {
            SDL_RenderReadPixels(renderer, nil, SDL_PIXELFORMAT_ARGB8888.rawValue, $0.baseAddress, pitch) == 0
        }
    }

    /// Textures and buffers for this size and renderer; kept while those stay the same.
    private func makeTextures(_ width: Int32, _ height: Int32, _ renderer: OpaquePointer) -> Bool {
        if width == self.width, height == self.height, renderer == self.renderer, texture != nil, target != nil {
            return true
        }
        destroyTextures()
        let format = SDL_PIXELFORMAT_ARGB8888.rawValue
        target = SDL_CreateTexture(renderer, format, Int32(SDL_TEXTUREACCESS_TARGET.rawValue), width, height)
        texture = SDL_CreateTexture(renderer, format, Int32(SDL_TEXTUREACCESS_STATIC.rawValue), width, height)
        guard target != nil, let texture else {
            destroyTextures()
            return false
        }
        // What is drawn onto the target replaces its pixels; only the finished layer blends.
        SDL_SetTextureBlendMode(target, SDL_BLENDMODE_NONE)
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        self.renderer = renderer
        self.width = width
        self.height = height
        let count = Int(width) * Int(height)
        overBlack = [UInt32](repeating: 0, count: count)
        overWhite = overBlack
        pixels = overBlack
        return true
    }

    private func destroyTextures() {
        if let texture { SDL_DestroyTexture(texture) }
        if let target { SDL_DestroyTexture(target) }
        texture = nil
        target = nil
        renderer = nil
        key = nil
        width = 0
        height = 0
    }
}
