import VPlayControl
import VPlayCore
import VPlayView

/// The window and the overlay drawn in it; the overlay's textures belong to the window's
/// renderer, so it is released first.
final class Screen {
    let window: PlayerWindow
    let overlay: Overlay

    init(window: PlayerWindow, overlay: Overlay) {
        self.window = window
        self.overlay = overlay
    }

    /// The window, sized for `player`'s picture, or at 640×360 for the idle window (no player).
    static func make(for player: Player?, options: LaunchOptions) -> Screen? {
        let natural = player.map { windowSize(for: $0, options: options) } ?? (width: 640, height: 360)
        let screens = PlayerWindow.existingScreens(options.screens)
        screens.warnings.forEach(report)
        do {
            let window = try PlayerWindow(title: options.title ?? player?.state.title ?? "vplay",
                                          width: options.windowWidth ?? natural.width,
                                          height: options.windowHeight ?? natural.height,
                                          fullscreen: options.fullscreen, screens: screens.choice)
            do throws(OverlayError) {
                return Screen(window: window, overlay: try Overlay(now: Player.monotonicNow()))
            } catch {
                report(error.description)
                return nil
            }
        } catch {
            report(error.description)
            return nil
        }
    }

    /// The window for `player`'s picture: its displayed size times `window-scale`, or fitted
    /// into `--autofit`'s box.
    static func windowSize(for player: Player, options: LaunchOptions) -> (width: Int, height: Int) {
        let picture = player.geometry?.displaySize ?? (width: 640, height: 360)
        let scale = player.state.windowSettings.scale
        let scaled = (width: max(1, Int((Double(picture.width) * scale).rounded())),
                      height: max(1, Int((Double(picture.height) * scale).rounded())))
        guard let fit = options.autofit, let screen = PlayerWindow.screenSize else { return scaled }
        return fit.size(for: scaled, screen: screen)
    }
}
