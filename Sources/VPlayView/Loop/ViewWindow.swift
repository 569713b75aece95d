import VPlayCore

/// The window and the overlay drawn in it, made once a run: for the idle window or for the
/// first file's picture, then retitled and resized for each file. The overlay's textures belong
/// to the window's renderer, so it is released first.
final class ViewWindow {
    let window: PlayerWindow
    let overlay: Overlay
    private let options: ViewOptions

    private init(window: PlayerWindow, overlay: Overlay, options: ViewOptions) {
        self.window = window
        self.overlay = overlay
        self.options = options
    }

    /// The window, sized for `player`'s picture, or at 640×360 for the idle window (no player);
    /// nil when it cannot be made (said through `warn`).
    static func make(for player: Player?, options: ViewOptions, warn: (String) -> Void) -> ViewWindow? {
        let natural = player.map { size(for: $0, options: options) } ?? (width: 640, height: 360)
        let screens = PlayerWindow.existingScreens(options.screens)
        screens.warnings.forEach(warn)
        do {
            let window = try PlayerWindow(title: options.title ?? player?.state.title ?? "vplay",
                                          width: options.width ?? natural.width,
                                          height: options.height ?? natural.height,
                                          fullscreen: options.fullscreen, screens: screens.choice)
            do throws(OverlayError) {
                return ViewWindow(window: window, overlay: try Overlay(now: Player.monotonicNow()), options: options)
            } catch {
                warn(error.description)
                return nil
            }
        } catch {
            warn(error.description)
            return nil
        }
    }

    /// Titled and sized for `player`'s picture, as the file starts.
    func show(_ player: Player) {
        window.setTitle(options.title ?? player.state.title)
        if options.width == nil, player.geometry != nil, !player.state.windowSettings.isPictureInPicture {
            let size = Self.size(for: player, options: options)
            window.resize(width: size.width, height: size.height)
        }
    }

    /// Titled for the idle window.
    func showIdle() {
        window.setTitle(options.title ?? "vplay")
    }

    /// The window for `player`'s picture: its displayed size times `window-scale`, or fitted
    /// into `--autofit`'s box.
    private static func size(for player: Player, options: ViewOptions) -> (width: Int, height: Int) {
        let picture = player.geometry?.displaySize ?? (width: 640, height: 360)
        let scale = player.state.windowSettings.scale
        let scaled = (width: max(1, Int((Double(picture.width) * scale).rounded())),
                      height: max(1, Int((Double(picture.height) * scale).rounded())))
        guard let fit = options.autofit, let screen = PlayerWindow.screenSize else { return scaled }
        return fit.size(for: scaled, screen: screen)
    }
}
