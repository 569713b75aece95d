import CSDL2
import VPlayCore

extension PlayerWindow {
    /// The window as the window properties report it: its pixels, whether it is minimized, and
    /// the refresh rate of its display (its fullscreen mode's, else the desktop's).
    public var state: WindowState {
        let output = outputSize
        let minimized = SDL_GetWindowFlags(window) & SDL_WINDOW_MINIMIZED.rawValue != 0
        var mode = SDL_DisplayMode()
        var rate = SDL_GetWindowDisplayMode(window, &mode) == 0 ? mode.refresh_rate : 0
        if rate <= 0, SDL_GetDesktopDisplayMode(SDL_GetWindowDisplayIndex(window), &mode) == 0 {
            rate = mode.refresh_rate
        }
        return WindowState(width: output.width, height: output.height, isMinimized: minimized,
                           displayFPS: rate > 0 ? Double(rate) : nil)
    }
}
