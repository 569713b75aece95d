import CSDL2
import VPlayCore

/// One subtitle layer (the main track, or the second one at the top): a streaming texture the size of the window's output, drawn between
/// the picture and the overlay. It is written only when the player's subtitle image changes,
/// and only where the old and new images lie; each present copies just that part.
final class SubtitleTexture {
    private let renderer: OpaquePointer
    private let layer: SubtitleLayer
    private var texture: OpaquePointer?
    private var size = (width: 0, height: 0)
    /// The part of the texture holding the current image, nil when it is empty.
    private var drawn: SubtitleBox?
    /// Its lower lines, which move up alone while the bar shows.
    private(set) var lowerBounds: SubtitleBox?

    init(renderer: OpaquePointer, layer: SubtitleLayer) {
        self.renderer = renderer
        self.layer = layer
    }

    deinit {
        if let texture { SDL_DestroyTexture(texture) }
    }

    /// Brings the texture up to the player's subtitles for `canvas`; true when what shows changed.
    func update(from player: Player, canvas: SubtitleCanvas) -> Bool {
        let resized = ensureTexture(width: canvas.width, height: canvas.height)
        guard player.updateSubtitles(on: canvas, layer: layer) || resized, let texture else { return false }
        let bounds = player.subtitleBounds(layer)
        lowerBounds = player.subtitleLowerBounds(layer)
        defer { drawn = bounds }
        guard let region = bounds?.union(drawn) ?? drawn else { return resized }
        var rect = SDL_Rect(x: Int32(region.x), y: Int32(region.y), w: Int32(region.width), h: Int32(region.height))
        var pixels: UnsafeMutableRawPointer?
        var pitch: Int32 = 0
        guard SDL_LockTexture(texture, &rect, &pixels, &pitch) == 0, let pixels else { return true }
        player.drawSubtitles(into: pixels, pitch: Int(pitch), region: region, layer: layer)
        SDL_UnlockTexture(texture)
        return true
    }

    /// Copies the image onto the screen, its lower lines `lift` pixels higher than they were
    /// drawn (above the bar).
    func draw(lift: Int) {
        guard let drawn else { return }
        guard lift > 0, let lower = lowerBounds else {
            copy(drawn, lift: 0)
            return
        }
        if lower.y > drawn.y {
            copy(SubtitleBox(x: drawn.x, y: drawn.y, width: drawn.width, height: lower.y - drawn.y), lift: 0)
        }
        copy(SubtitleBox(x: drawn.x, y: lower.y, width: drawn.width, height: drawn.y + drawn.height - lower.y), lift: lift)
    }

    private func copy(_ box: SubtitleBox, lift: Int) {
        guard let texture else { return }
        var source = SDL_Rect(x: Int32(box.x), y: Int32(box.y), w: Int32(box.width), h: Int32(box.height))
        var destination = source
        destination.y -= Int32(lift)
        SDL_RenderCopy(renderer, texture, &source, &destination)
    }

    /// Where the image is on the canvas, nil when none shows.
    var bounds: SubtitleBox? { drawn }

    /// True when the texture was made anew (its old contents are gone).
    private func ensureTexture(width: Int, height: Int) -> Bool {
        guard width > 0, height > 0, texture == nil || size != (width, height) else { return false }
        if let texture { SDL_DestroyTexture(texture) }
        texture = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue,
                                    Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), Int32(width), Int32(height))
        if let texture { SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND) }
        size = (width, height)
        drawn = nil
        lowerBounds = nil
        return true
    }
}
