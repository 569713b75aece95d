/// Whether the environment names a display server for SDL's window drivers. Without one SDL
/// silently falls back to drawing off screen, so a missing display is caught before it.
public enum DisplayEnvironment {
    /// Why no window can be shown, nil when the display server SDL will use is named (or SDL is
    /// told to use a driver that needs none).
    /// - Parameter variable: the value of an environment variable, nil when unset.
    public static func missingDisplay(_ variable: (String) -> String?) -> String? {
        func isSet(_ name: String) -> Bool { !(variable(name) ?? "").isEmpty }
        switch variable("SDL_VIDEODRIVER") ?? "" {
        case "":
            return isSet("DISPLAY") || isSet("WAYLAND_DISPLAY") ? nil : "DISPLAY is not set"
        case "x11":
            return isSet("DISPLAY") ? nil : "DISPLAY is not set"
        case "wayland":
            return isSet("WAYLAND_DISPLAY") ? nil : "WAYLAND_DISPLAY is not set"
        default:
            return nil
        }
    }
}
