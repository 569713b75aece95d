import Foundation
import CSDL2

/// How pictures reach the screen, chosen by what the renderer really is.
public enum PresentationPath: String, Sendable {
    /// YUV planes straight into a YUV texture; the GPU converts and scales.
    case gpuYUV
    /// swscale converts and scales to the on-screen size; the renderer only copies.
    /// Chosen when drawing happens in software (no GPU, or GL emulated on the CPU),
    /// where SDL's per-pixel conversion and scaling would cost more than decoding.
    case scaledRGB

    /// Creates the renderer for `window` and the path that suits it. `VPLAY_RENDERER=gpu|software`
    /// overrides the choice, for measurements.
    static func makeRenderer(for window: OpaquePointer) -> (OpaquePointer, PresentationPath)? {
        let forced = getenv("VPLAY_RENDERER").map { String(cString: $0) }
        // Without a GPU device node any OpenGL is emulated on the CPU: skip loading it at all
        // (it costs ~90 MB of memory and start-up time only to be found wanting).
        let mayHaveGPU = forced == "gpu" || hasRenderNode()
        if forced != "software", mayHaveGPU, let renderer = SDL_CreateRenderer(window, -1, UInt32(SDL_RENDERER_ACCELERATED.rawValue)) {
            if forced == "gpu" || !isEmulatedOnCPU(renderer) {
                return (renderer, .gpuYUV)
            }
            SDL_DestroyRenderer(renderer)
        }
        // Present the software surface with XShm directly, not through another GL renderer.
        SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
        guard let software = SDL_CreateRenderer(window, -1, UInt32(SDL_RENDERER_SOFTWARE.rawValue)) else { return nil }
        return (software, .scaledRGB)
    }

    /// A DRM render node is how a GPU shows up on Linux.
    private static func hasRenderNode() -> Bool {
        let nodes = (try? FileManager.default.contentsOfDirectory(atPath: "/dev/dri")) ?? []
        return nodes.contains { $0.hasPrefix("renderD") || $0.hasPrefix("card") }
    }

    /// True for SDL's software renderer and for OpenGL drivers that rasterise on the CPU.
    private static func isEmulatedOnCPU(_ renderer: OpaquePointer) -> Bool {
        var info = SDL_RendererInfo()
        guard SDL_GetRendererInfo(renderer, &info) == 0, let name = info.name else { return true }
        let driver = String(cString: name)
        if driver == "software" { return true }
        guard driver.hasPrefix("opengl"), let address = SDL_GL_GetProcAddress("glGetString") else { return false }
        typealias GetString = @convention(c) (UInt32) -> UnsafePointer<UInt8>?
        let glGetString = unsafeBitCast(address, to: GetString.self)
        let glRenderer: UInt32 = 0x1F01
        guard let text = glGetString(glRenderer) else { return false }
        let model = String(cString: text).lowercased()
        return ["llvmpipe", "softpipe", "swrast", "software"].contains { model.contains($0) }
    }
}
