import CSDL2
import XCTest

/// An SDL software renderer drawing into a memory surface: rendering tests without a display.
final class SoftwareCanvas {
    let surface: UnsafeMutablePointer<SDL_Surface>
    let renderer: OpaquePointer
    let width: Int32
    let height: Int32

    init(width: Int32, height: Int32) throws {
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, SDL_PIXELFORMAT_ARGB8888.rawValue) else {
            throw XCTSkip("no surface: \(String(cString: SDL_GetError()))")
        }
        guard let renderer = SDL_CreateSoftwareRenderer(surface) else {
            SDL_FreeSurface(surface)
            throw XCTSkip("no software renderer: \(String(cString: SDL_GetError()))")
        }
        self.surface = surface
        self.renderer = renderer
        self.width = width
        self.height = height
    }

    deinit {
        SDL_DestroyRenderer(renderer)
        SDL_FreeSurface(surface)
    }

    func clear(r: UInt8, g: UInt8, b: UInt8) {
        SDL_SetRenderDrawColor(renderer, r, g, b, 255)
        SDL_RenderClear(renderer)
    }

    /// (r, g, b) at a pixel, after `SDL_RenderPresent` has flushed the drawing.
    func pixel(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
        let row = surface.pointee.pixels.assumingMemoryBound(to: UInt8.self) + y * Int(surface.pointee.pitch)
        let argb = UnsafeRawPointer(row).loadUnaligned(fromByteOffset: x * 4, as: UInt32.self)
        return (Int(argb >> 16 & 0xff), Int(argb >> 8 & 0xff), Int(argb & 0xff))
    }

    func brightness(_ x: Int, _ y: Int) -> Int {
        let p = pixel(x, y)
        return (p.r + p.g + p.b) / 3
    }

    func save(to path: String) {
        SDL_SaveBMP_RW(surface, SDL_RWFromFile(path, "wb"), 1)
    }
}
