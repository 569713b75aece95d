import CSDL2
import VPlayCore

/// Owns the streaming texture the current picture lives in. YUV planes go straight in
/// (`SDL_UpdateYUVTexture` / `SDL_UpdateNVTexture`): no conversion, no allocation per frame;
/// the texture is recreated only when the picture's size or layout changes.
final class VideoTexture {
    private let renderer: OpaquePointer
    private var texture: OpaquePointer?
    private var key: (layout: VideoPicture.Layout, width: Int, height: Int)?

    init(renderer: OpaquePointer) {
        self.renderer = renderer
    }

    deinit {
        if let texture { SDL_DestroyTexture(texture) }
    }

    var isEmpty: Bool { texture == nil }

    func upload(_ picture: VideoPicture) {
        ensureTexture(for: picture)
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

    func draw(into rect: Letterbox, rotation: Int) {
        guard let texture else { return }
        let target = rect.textureRect(rotation: rotation)
        var destination = SDL_Rect(x: Int32(target.x), y: Int32(target.y), w: Int32(target.width), h: Int32(target.height))
        if rotation == 0 {
            SDL_RenderCopy(renderer, texture, nil, &destination)
        } else {
            SDL_RenderCopyEx(renderer, texture, nil, &destination, Double(rotation), nil, SDL_FLIP_NONE)
        }
    }

    private func ensureTexture(for picture: VideoPicture) {
        if let key, key.layout == picture.layout, key.width == picture.width, key.height == picture.height { return }
        if let texture { SDL_DestroyTexture(texture) }
        let format = picture.layout == .yuv420p ? SDL_PIXELFORMAT_IYUV.rawValue : SDL_PIXELFORMAT_NV12.rawValue
        texture = SDL_CreateTexture(renderer, format, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue),
                                    Int32(picture.width), Int32(picture.height))
        key = texture == nil ? nil : (picture.layout, picture.width, picture.height)
    }
}
