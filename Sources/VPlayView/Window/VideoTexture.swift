import CSDL2
import VPlayCore

/// Owns the streaming texture the current picture lives in. YUV planes go straight in
/// (`SDL_UpdateYUVTexture` / `SDL_UpdateNVTexture`): no conversion, no allocation per frame;
/// the texture is recreated only when the picture's size or layout changes.
final class VideoTexture {
    private let renderer: OpaquePointer
    private var texture: OpaquePointer?
    private var key: (format: UInt32, width: Int, height: Int)?

    init(renderer: OpaquePointer) {
        self.renderer = renderer
    }

    deinit {
        if let texture { SDL_DestroyTexture(texture) }
    }

    var isEmpty: Bool { texture == nil }

    func upload(_ picture: VideoPicture) {
        let format = picture.layout == .yuv420p ? SDL_PIXELFORMAT_IYUV.rawValue : SDL_PIXELFORMAT_NV12.rawValue
        ensureTexture(format: format, width: picture.width, height: picture.height)
        guard let texture else { return }
        SDL_SetYUVConversionMode(picture.colorMatrix == .bt709 ? SDL_YUV_CONVERSION_BT709 : SDL_YUV_CONVERSION_BT601)
        switch picture.layout {
        case .yuv420p:
            SDL_UpdateYUVTexture(texture, nil,
                                 picture.planes.0, Int32(picture.pitches.0),
                                 picture.planes.1, Int32(picture.pitches.1),
                                 picture.planes.2, Int32(picture.pitches.2))
        case .nv12:
            SDL_UpdateNVTexture(texture, nil,
                                picture.planes.0, Int32(picture.pitches.0),
                                picture.planes.1, Int32(picture.pitches.1))
        }
    }

    /// Draws the texture (or its part `source`) into `rect`, turned clockwise by `rotation`.
    func draw(into rect: Letterbox, rotation: Int, source: PixelBox? = nil) {
        guard let texture else { return }
        let target = rect.textureRect(rotation: rotation)
        var destination = SDL_Rect(x: Int32(target.x), y: Int32(target.y), w: Int32(target.width), h: Int32(target.height))
        var part = source.map { SDL_Rect(x: Int32($0.x), y: Int32($0.y), w: Int32($0.width), h: Int32($0.height)) } ?? SDL_Rect()
        withUnsafePointer(to: &part) { part in
            let sourceRect = source == nil ? nil : part
            if rotation == 0 {
                SDL_RenderCopy(renderer, texture, sourceRect, &destination)
            } else {
                SDL_RenderCopyEx(renderer, texture, sourceRect, &destination, Double(rotation), nil, SDL_FLIP_NONE)
            }
        }
    }

    /// Lets `draw` write 32-bit BGRX pixels of `width`×`height` straight into the texture.
    func fill(width: Int, height: Int, _ draw: (UnsafeMutableRawPointer, Int) -> Bool) {
        // XRGB8888 matches the X window's surface: the renderer's copy is a plain memcpy,
        // and with no alpha channel nothing is blended.
        ensureTexture(format: SDL_PIXELFORMAT_RGB888.rawValue, width: width, height: height)
        guard let texture else { return }
        var pixels: UnsafeMutableRawPointer?
        var pitch: Int32 = 0
        guard SDL_LockTexture(texture, nil, &pixels, &pitch) == 0, let pixels else { return }
        _ = draw(pixels, Int(pitch))
        SDL_UnlockTexture(texture)
    }

    var size: (width: Int, height: Int)? { key.map { ($0.width, $0.height) } }

    private func ensureTexture(format: UInt32, width: Int, height: Int) {
        if let key, key.format == format, key.width == width, key.height == height { return }
        if let texture { SDL_DestroyTexture(texture) }
        texture = SDL_CreateTexture(renderer, format, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue),
                                    Int32(width), Int32(height))
        if let texture { SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE) }
        key = texture == nil ? nil : (format, width, height)
    }
}
