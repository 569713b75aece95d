import CPictureKernels
import CSDL2

/// The window's own pixels on the software path. The picture is scaled straight into them,
/// the software renderer draws the overlay over it and X shows them: no texture to copy
/// per frame (a 1280×720 copy is ~4 MB of memory traffic per picture). Layers kept in memory
/// (subtitles, the overlay's bar) are blended into them by our kernel, at a fraction of what
/// the software renderer's blending costs.
///
/// SDL's software renderer draws into this same surface (`SDL_GetWindowSurface`); its queued
/// commands are flushed before the pixels are written, so they land in the right order.
final class WindowPixels {
    private let window: OpaquePointer
    private let renderer: OpaquePointer

    /// Nil when the window's surface is not 32-bit with blue in the first byte (what the
    /// scaler writes); the texture path is used then.
    init?(window: OpaquePointer, renderer: OpaquePointer) {
        guard let surface = SDL_GetWindowSurface(window), let format = surface.pointee.format,
              Self.acceptedFormats.contains(format.pointee.format) else { return nil }
        self.window = window
        self.renderer = renderer
    }

    /// XRGB / ARGB in native 32-bit words: bytes B, G, R, X on little-endian machines.
    private static let acceptedFormats: Set<UInt32> = [SDL_PIXELFORMAT_RGB888.rawValue, SDL_PIXELFORMAT_ARGB8888.rawValue]

    /// Hands `draw` the pixels of `box` (a pointer to its top-left pixel and the row pitch);
    /// false when the surface is gone or the box does not fit, or when `draw` fails.
    func draw(into box: Letterbox, _ draw: (UnsafeMutableRawPointer, Int) -> Bool) -> Bool {
        withSurface { pixels, pitch, width, height in
            guard box.x >= 0, box.y >= 0, box.width > 0, box.height > 0,
                  box.x + box.width <= width, box.y + box.height <= height else { return false }
            return draw(pixels + box.y * pitch + box.x * 4, pitch)
        }
    }

    /// Blends `layer` (`width`×`height` pixels of B, G, R, A with straight alpha, `pitch` bytes
    /// a row) over the window's pixels with its top-left corner at (`x`, `y`), what falls outside
    /// the window cut off; false when the surface is gone.
    @discardableResult
    func composite(_ layer: UnsafeRawPointer, pitch layerPitch: Int, x: Int, y: Int, width: Int, height: Int) -> Bool {
        withSurface { pixels, pitch, windowWidth, windowHeight in
            let left = max(x, 0), top = max(y, 0)
            let right = min(x + width, windowWidth), bottom = min(y + height, windowHeight)
            guard right > left, bottom > top else { return true }
            vp_composite_bgra(pixels.assumingMemoryBound(to: UInt8.self) + top * pitch + left * 4, pitch,
                              layer.assumingMemoryBound(to: UInt8.self) + (top - y) * layerPitch + (left - x) * 4,
                              layerPitch, Int32(right - left), Int32(bottom - top))
            return true
        }
    }

    /// Runs `body` with the surface's pixels, pitch, width and height, after the renderer's
    /// queued drawing; false when the surface is gone, else what `body` returns.
    private func withSurface(_ body: (UnsafeMutableRawPointer, Int, Int, Int) -> Bool) -> Bool {
        SDL_RenderFlush(renderer)
        guard let surface = SDL_GetWindowSurface(window) else { return false }
        let locks = surface.pointee.flags & UInt32(SDL_RLEACCEL) != 0
        if locks && SDL_LockSurface(surface) != 0 { return false }
        defer { if locks { SDL_UnlockSurface(surface) } }
        let s = surface.pointee
        guard let pixels = s.pixels else { return false }
        return body(pixels, Int(s.pitch), Int(s.w), Int(s.h))
    }
}
