import CSDL2

/// The window's own pixels on the software path. The picture is scaled straight into them,
/// the software renderer draws the overlay over it and X shows them: no texture to copy
/// per frame (a 1280×720 copy is ~4 MB of memory traffic per picture).
///
/// SDL's software renderer draws into this same surface (`SDL_GetWindowSurface`); its queued
/// commands are flushed before the picture is written, so they land in the right order.
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
        SDL_RenderFlush(renderer)
        guard let surface = SDL_GetWindowSurface(window) else { return false }
        let s = surface.pointee
        guard box.x >= 0, box.y >= 0, box.width > 0, box.height > 0,
              box.x + box.width <= Int(s.w), box.y + box.height <= Int(s.h) else { return false }
        let locks = s.flags & UInt32(SDL_RLEACCEL) != 0
        if locks && SDL_LockSurface(surface) != 0 { return false }
        defer { if locks { SDL_UnlockSurface(surface) } }
        guard let pixels = surface.pointee.pixels else { return false }
        let pitch = Int(surface.pointee.pitch)
        return draw(pixels + box.y * pitch + box.x * 4, pitch)
    }
}
