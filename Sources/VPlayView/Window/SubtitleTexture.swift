import CSDL2
import Glibc
import VPlayCore

/// One subtitle layer (the main track, or the second one at the top): an image the size of the
/// window's output, drawn between the picture and the overlay. It is written only when the
/// player's subtitle image changes, and only where the old and new images lie; each present
/// puts just that part on screen. The image is a streaming texture, except while the picture
/// is drawn into the window's own pixels: then it is kept in memory and blended straight into
/// them, at a fraction of what the software renderer's blending costs.
final class SubtitleTexture {
    private let renderer: OpaquePointer
    private let layer: SubtitleLayer
    private var image = Image.none
    private var size = (width: 0, height: 0)
    /// The part of the image holding the current subtitles, nil when it is empty.
    private var drawn: PixelBox?
    /// Its lower lines, which move up alone while the bar shows.
    private(set) var lowerBounds: PixelBox?

    /// Where the image is kept; this class owns what either case points to.
    private enum Image {
        case none
        /// B, G, R, A, `size.width * 4` bytes a row: while drawn into the window's pixels. Mapped
        /// zero pages, so that only the rows subtitles have touched cost memory (and time).
        case memory(UnsafeMutableRawPointer, bytes: Int)
        case texture(OpaquePointer)

        var isInMemory: Bool {
            if case .memory = self { return true }
            return false
        }

        var isMissing: Bool {
            if case .none = self { return true }
            return false
        }

        func free() {
            switch self {
            case .none: break
            case .memory(let pixels, let bytes): munmap(pixels, bytes)
            case .texture(let texture): SDL_DestroyTexture(texture)
            }
        }
    }

    init(renderer: OpaquePointer, layer: SubtitleLayer) {
        self.renderer = renderer
        self.layer = layer
    }

    deinit { image.free() }

    /// Brings the image up to the player's subtitles for `canvas`, in memory when `intoWindow`
    /// (the picture is drawn into the window's pixels), else in the texture; true when what
    /// shows changed.
    func update(from player: Player, canvas: SubtitleCanvas, intoWindow: Bool) -> Bool {
        let remade = ensureImage(width: canvas.width, height: canvas.height, inMemory: intoWindow)
        guard player.updateSubtitles(on: canvas, layer: layer) || remade else { return false }
        let bounds = player.subtitleBounds(layer)
        lowerBounds = player.subtitleLowerBounds(layer)
        defer { drawn = bounds }
        guard let region = bounds?.union(drawn) ?? drawn else { return remade }
        let texture: OpaquePointer
        switch image {
        case .none: return remade
        case .memory(let memory, _):
            let pitch = size.width * 4
            player.drawSubtitles(into: memory + region.y * pitch + region.x * 4, pitch: pitch, region: region, layer: layer)
            return true
        case .texture(let streaming): texture = streaming
        }
        var rect = SDL_Rect(x: Int32(region.x), y: Int32(region.y), w: Int32(region.width), h: Int32(region.height))
        var pixels: UnsafeMutableRawPointer?
        var pitch: Int32 = 0
        guard SDL_LockTexture(texture, &rect, &pixels, &pitch) == 0, let pixels else { return true }
        player.drawSubtitles(into: pixels, pitch: Int(pitch), region: region, layer: layer)
        SDL_UnlockTexture(texture)
        return true
    }

    /// Puts the image on the screen, its lower lines `lift` pixels higher than they were drawn
    /// (above the bar); an image in memory goes into `window`'s pixels.
    func draw(lift: Int, window: WindowPixels?) {
        guard let drawn else { return }
        guard lift > 0, let lower = lowerBounds else {
            copy(drawn, lift: 0, window: window)
            return
        }
        if lower.y > drawn.y {
            copy(PixelBox(x: drawn.x, y: drawn.y, width: drawn.width, height: lower.y - drawn.y), lift: 0, window: window)
        }
        copy(PixelBox(x: drawn.x, y: lower.y, width: drawn.width, height: drawn.y + drawn.height - lower.y),
             lift: lift, window: window)
    }

    private func copy(_ box: PixelBox, lift: Int, window: WindowPixels?) {
        switch image {
        case .none: return
        case .memory(let memory, _):
            let pitch = size.width * 4
            window?.composite(memory + box.y * pitch + box.x * 4, pitch: pitch, x: box.x, y: box.y - lift,
                              width: box.width, height: box.height)
        case .texture(let texture):
            var source = SDL_Rect(x: Int32(box.x), y: Int32(box.y), w: Int32(box.width), h: Int32(box.height))
            var destination = source
            destination.y -= Int32(lift)
            SDL_RenderCopy(renderer, texture, &source, &destination)
        }
    }

    /// Where the image is on the canvas, nil when none shows.
    var bounds: PixelBox? { drawn }

    /// True when the image was made anew (its old contents are gone).
    private func ensureImage(width: Int, height: Int, inMemory: Bool) -> Bool {
        guard width > 0, height > 0, size != (width, height) || image.isInMemory != inMemory || image.isMissing else { return false }
        image.free()
        image = .none
        if inMemory {
            let bytes = width * height * 4
            guard let memory = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
                  memory != MAP_FAILED else { return false }
            image = .memory(memory, bytes: bytes)
        } else if let texture = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue,
                                                  Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), Int32(width), Int32(height)) {
            SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
            image = .texture(texture)
        }
        size = (width, height)
        drawn = nil
        lowerBounds = nil
        return true
    }
}
