import CSDL2
import Foundation
import XCTest
@testable import VPlayView

/// A hidden window on SDL's offscreen video driver with the default (OpenGL) renderer, or with
/// SDL's software renderer (what the player picks where OpenGL runs on the CPU, as under Xvfb),
/// for rendering tests without a display.
final class OffscreenCanvas {
    let window: OpaquePointer
    let renderer: OpaquePointer

    init(width: Int32, height: Int32, software: Bool = false) throws {
        // A hint, not the environment: players launched later by end-to-end tests in the same
        // process inherit the environment and must still open real X windows.
        SDL_SetHintWithPriority(SDL_HINT_VIDEODRIVER, "offscreen", SDL_HINT_OVERRIDE)
        guard SDL_InitSubSystem(SDL_INIT_VIDEO) == 0 else {
            throw CanvasError("SDL video: \(String(cString: SDL_GetError()))")
        }
        guard let window = SDL_CreateWindow("overlay test", 0, 0, width, height, SDL_WINDOW_HIDDEN.rawValue) else {
            SDL_QuitSubSystem(SDL_INIT_VIDEO)
            throw CanvasError("window: \(String(cString: SDL_GetError()))")
        }
        guard let renderer = SDL_CreateRenderer(window, -1, software ? UInt32(SDL_RENDERER_SOFTWARE.rawValue) : 0) else {
            SDL_DestroyWindow(window)
            SDL_QuitSubSystem(SDL_INIT_VIDEO)
            throw CanvasError("renderer: \(String(cString: SDL_GetError()))")
        }
        self.window = window
        self.renderer = renderer
    }

    deinit {
        SDL_DestroyRenderer(renderer)
        SDL_DestroyWindow(window)
        SDL_QuitSubSystem(SDL_INIT_VIDEO)
    }

    func clear(r: UInt8, g: UInt8, b: UInt8) {
        SDL_SetRenderDrawColor(renderer, r, g, b, 255)
        SDL_RenderClear(renderer)
    }

    /// The pointer moving to (x, y) in this canvas's window, as SDL reports it.
    func pointerMotion(x: Int32, y: Int32) -> SDL_Event {
        var event = SDL_Event()
        event.motion.type = SDL_MOUSEMOTION.rawValue
        event.motion.windowID = SDL_GetWindowID(window)
        event.motion.x = x
        event.motion.y = y
        return event
    }

    /// The left button pressed (or released) at (x, y) in this canvas's window.
    func pointerButton(x: Int32, y: Int32, pressed: Bool) -> SDL_Event {
        var event = SDL_Event()
        event.button.type = pressed ? SDL_MOUSEBUTTONDOWN.rawValue : SDL_MOUSEBUTTONUP.rawValue
        event.button.windowID = SDL_GetWindowID(window)
        event.button.button = UInt8(SDL_BUTTON_LEFT)
        event.button.clicks = 1
        event.button.x = x
        event.button.y = y
        return event
    }

    /// What has been drawn so far (call before `SDL_RenderPresent`).
    func snapshot() -> Snapshot {
        var width: Int32 = 0, height: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &width, &height)
        var pixels = [UInt32](repeating: 0, count: Int(width * height))
        pixels.withUnsafeMutableBytes {
            _ = SDL_RenderReadPixels(renderer, nil, SDL_PIXELFORMAT_ARGB8888.rawValue, $0.baseAddress, width * 4)
        }
        return Snapshot(width: Int(width), height: Int(height), pixels: pixels)
    }
}

extension OffscreenCanvas {
    /// Draws with a new `Overlay` on a new `width`×`height` canvas: `body` gets both, and the
    /// overlay goes before the canvas (its textures belong to the renderer). Returns what was
    /// drawn, also left as vplay-`name`.bmp in the temporary directory for a look.
    static func snapshot(width: Int32, height: Int32, keptAs name: String,
                         drawing body: (OffscreenCanvas, Overlay) throws -> Void) throws -> Snapshot {
        let canvas = try OffscreenCanvas(width: width, height: height)
        try body(canvas, try Overlay(now: 0))
        let snapshot = canvas.snapshot()
        snapshot.save(to: FileManager.default.temporaryDirectory.appendingPathComponent("vplay-\(name).bmp").path)
        return snapshot
    }
}

struct CanvasError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Read-back ARGB pixels.
struct Snapshot {
    let width: Int
    let height: Int
    let pixels: [UInt32]

    func brightness(_ x: Int, _ y: Int) -> Int {
        let argb = pixels[y * width + x]
        return (Int(argb >> 16 & 0xff) + Int(argb >> 8 & 0xff) + Int(argb & 0xff)) / 3
    }

    /// Every pixel wholly inside `rect`, with its brightness.
    func pixels(in rect: OverlayRect) -> [(x: Int, y: Int, brightness: Int)] {
        var found: [(x: Int, y: Int, brightness: Int)] = []
        for y in max(0, Int(rect.minY.rounded(.up)))..<min(height, Int(rect.maxY.rounded(.down))) {
            for x in max(0, Int(rect.minX.rounded(.up)))..<min(width, Int(rect.maxX.rounded(.down))) {
                found.append((x, y, brightness(x, y)))
            }
        }
        return found
    }

    /// Writes a BMP (convert to PNG with `convert file.bmp file.png` to look at it).
    func save(to path: String) {
        var pixels = pixels
        pixels.withUnsafeMutableBytes { bytes in
            guard let surface = SDL_CreateRGBSurfaceWithFormatFrom(bytes.baseAddress, Int32(width), Int32(height), 32,
                                                                   Int32(width * 4), SDL_PIXELFORMAT_ARGB8888.rawValue)
            else { return }
            SDL_SaveBMP_RW(surface, SDL_RWFromFile(path, "wb"), 1)
            SDL_FreeSurface(surface)
        }
    }
}
