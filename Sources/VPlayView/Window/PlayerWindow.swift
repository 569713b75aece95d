import CSDL2
import VPlayCore

/// Owns the SDL window and its renderer: the PlayerView surface frames are blitted to.
public final class PlayerWindow {
    let window: OpaquePointer
    let renderer: OpaquePointer
    public let presentation: PresentationPath
    public private(set) var isFullscreen = false
    /// The window settings carried out so far; nil before the first (the window was made at
    /// the size they ask for).
    var appliedSettings: WindowSettings?
    /// Where the window was and how large before picture-in-picture, to go back to.
    var normalFrame: SDL_Rect?
    /// A drag of the borderless picture-in-picture window under way.
    var drag: WindowDrag?
    /// Where the window was and how large before it spanned every monitor (`--fs-screen=all`).
    private var spanFrame: SDL_Rect?

    /// The monitors to open on and to fill in full screen, only ones that exist.
    let screens: ScreenChoice

    /// - Parameter screens: `--screen` and `--fs-screen`, checked by `existingScreens`.
    public init(title: String, width: Int, height: Int, fullscreen: Bool,
                screens: ScreenChoice = ScreenChoice()) throws(SDLError) {
        let flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        let position = screens.openingDisplay(fullscreen: fullscreen).map { vp_windowpos_centered_display(Int32($0)) }
            ?? vp_windowpos_centered()
        guard let window = SDL_CreateWindow(title, position, position, Int32(width), Int32(height), flags) else {
            throw SDLError("cannot open a window")
        }
        guard let (renderer, path) = PresentationPath.makeRenderer(for: window) else {
            SDL_DestroyWindow(window)
            throw SDLError("cannot create a renderer")
        }
        self.window = window
        self.renderer = renderer
        self.screens = screens
        presentation = path
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
        if fullscreen { setFullscreen(true) }
    }

    deinit {
        SDL_DestroyRenderer(renderer)
        SDL_DestroyWindow(window)
    }

    /// Output size in pixels (may differ from window points on high-DPI screens).
    public var outputSize: (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &w, &h)
        return (Int(w), Int(h))
    }

    /// Window size in points, the space mouse coordinates arrive in.
    public var size: (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        return (Int(w), Int(h))
    }

    public func setFullscreen(_ on: Bool) {
        guard on != isFullscreen else { return }
        if screens.fullscreen == .all {
            spanAllScreens(on)
            return
        }
        // Full screen fills the monitor the window is on: move it to `--fs-screen`'s first.
        if on, case .index(let display) = screens.fullscreen, SDL_GetWindowDisplayIndex(window) != Int32(display) {
            let position = vp_windowpos_centered_display(Int32(display))
            SDL_SetWindowPosition(window, position, position)
        }
        if SDL_SetWindowFullscreen(window, on ? SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue : 0) == 0 {
            isFullscreen = on
        }
    }

    /// Full screen over every monitor: SDL's fills one, so the window is made borderless and as
    /// large as all the monitors together; out, it goes back where it was.
    private func spanAllScreens(_ on: Bool) {
        if on {
            var bounds = SDL_Rect()
            guard SDL_GetDisplayBounds(0, &bounds) == 0 else { return }
            for index in 1..<max(1, SDL_GetNumVideoDisplays()) {
                var other = SDL_Rect(), union = SDL_Rect()
                guard SDL_GetDisplayBounds(index, &other) == 0 else { continue }
                SDL_UnionRect(&bounds, &other, &union)
                bounds = union
            }
            var frame = SDL_Rect()
            SDL_GetWindowPosition(window, &frame.x, &frame.y)
            SDL_GetWindowSize(window, &frame.w, &frame.h)
            spanFrame = frame
            SDL_SetWindowBordered(window, SDL_FALSE)
            SDL_SetWindowPosition(window, bounds.x, bounds.y)
            SDL_SetWindowSize(window, bounds.w, bounds.h)
        } else {
            // The picture-in-picture window stays borderless.
            SDL_SetWindowBordered(window, appliedSettings?.isPictureInPicture == true ? SDL_FALSE : SDL_TRUE)
            if let frame = spanFrame {
                SDL_SetWindowSize(window, frame.w, frame.h)
                SDL_SetWindowPosition(window, frame.x, frame.y)
            }
            spanFrame = nil
        }
        isFullscreen = on
    }

    public func setTitle(_ title: String) {
        SDL_SetWindowTitle(window, title)
    }

    /// `choice` without monitors that do not exist, with a warning for each dropped (SDL's
    /// video must be started).
    public static func existingScreens(_ choice: ScreenChoice) -> (choice: ScreenChoice, warnings: [String]) {
        choice.resolved(displayCount: max(1, Int(SDL_GetNumVideoDisplays())))
    }

    /// The usable part of the first display, for sizes given in percent of the screen (SDL's
    /// video must be started); nil when SDL cannot say.
    public static var screenSize: (width: Int, height: Int)? {
        var bounds = SDL_Rect()
        guard SDL_GetDisplayUsableBounds(0, &bounds) == 0, bounds.w > 0, bounds.h > 0 else { return nil }
        return (Int(bounds.w), Int(bounds.h))
    }

    /// Fits the window to a new file's picture (not in fullscreen, where the screen decides).
    public func resize(width: Int, height: Int) {
        guard !isFullscreen, width > 0, height > 0 else { return }
        SDL_SetWindowSize(window, Int32(width), Int32(height))
    }
}
