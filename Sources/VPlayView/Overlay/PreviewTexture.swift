import CSDL2
import VPlayCore

/// The seek preview's picture in a streaming texture. Pixels are uploaded only when a different
/// picture is to be shown (another keyframe or another size), so a pointer resting on the slider
/// or moving within one group of pictures costs a copy per draw and nothing else.
final class PreviewTexture {
    /// Identifies a picture: the service hands out one picture per keyframe.
    struct Key: Equatable {
        var keyframeTime: Double
        var width: Int
        var height: Int

        init(_ thumbnail: Thumbnail) {
            keyframeTime = thumbnail.keyframeTime
            width = thumbnail.width
            height = thumbnail.height
        }
    }

    private var texture: OpaquePointer?
    private var renderer: OpaquePointer?
    private var textureSize: (width: Int, height: Int) = (0, 0)
    /// The picture the texture holds.
    private(set) var shown: Key?
    /// Pixel uploads so far (for tests).
    private(set) var uploadCount = 0

    deinit {
        if let texture { SDL_DestroyTexture(texture) }
    }

    /// Forgets what the texture holds, so the next `show` uploads (a new source may reuse keys).
    func invalidate() {
        shown = nil
    }

    /// Makes the texture hold `thumbnail`, uploading only if it holds another picture. False when
    /// no texture could be made.
    func show(_ thumbnail: Thumbnail, renderer: OpaquePointer) -> Bool {
        guard thumbnail.width > 0, thumbnail.height > 0 else { return false }
        if texture == nil || renderer != self.renderer || textureSize != (thumbnail.width, thumbnail.height) {
            if let texture { SDL_DestroyTexture(texture) }
            shown = nil
            self.renderer = renderer
            textureSize = (thumbnail.width, thumbnail.height)
            // RGB888 is 32-bit XRGB: bytes B, G, R, X in memory on little-endian, the service's BGRX.
            texture = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_RGB888.rawValue, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue),
                                        Int32(thumbnail.width), Int32(thumbnail.height))
            if let texture {
                SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE)
                // Drawn 1:1 unless a small window shrinks it; then smooth, not blocky.
                SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear)
            }
        }
        guard let texture else { return false }
        let key = Key(thumbnail)
        if key != shown {
            let status = thumbnail.pixels.withUnsafeBytes { pixels in
                SDL_UpdateTexture(texture, nil, pixels.baseAddress, Int32(thumbnail.pitch))
            }
            guard status == 0 else { return false }
            shown = key
            uploadCount += 1
        }
        return true
    }

    func draw(in frame: SDL_Rect, renderer: OpaquePointer) {
        guard let texture, shown != nil else { return }
        var frame = frame
        SDL_RenderCopy(renderer, texture, nil, &frame)
    }
}
