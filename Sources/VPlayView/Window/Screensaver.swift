import CScreensaver
import CSDL2
import VPlayCore

/// Keeps the screensaver off while the policy says so and lets it run otherwise, telling SDL
/// only when that changes. SDL allows it from the start (see `SDLSession`). Main thread only.
public final class Screensaver {
    private let policy: ScreensaverPolicy
    private var isKeptOff = false

    public init(policy: ScreensaverPolicy) {
        self.policy = policy
    }

    /// Call once a turn with the state just published and the window it plays in (nil: none).
    public func update(_ state: PlayerState, window: PlayerWindow?) {
        let keepOff = window != nil && policy.keepsScreensaverOff(state)
        guard keepOff != isKeptOff else { return }
        isKeptOff = keepOff
        if keepOff {
            SDL_DisableScreenSaver()
        } else {
            SDL_EnableScreenSaver()
            if let window { vp_x11_resume_screensaver(UnsafeMutableRawPointer(window.window)) }
        }
    }
}
