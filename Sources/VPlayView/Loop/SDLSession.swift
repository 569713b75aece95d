import CSDL2
import Synchronization

/// SDL initialised for the life of the program, and the user event other threads push
/// to wake the main loop.
public final class SDLSession: Sendable {
    let wakeEventType: UInt32
    private let wakePending = Atomic(false)

    public init() throws(SDLError) {
        SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "0")
        SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0")
        guard SDL_Init(UInt32(SDL_INIT_VIDEO | SDL_INIT_EVENTS | SDL_INIT_TIMER)) == 0 else {
            throw SDLError("cannot start the display")
        }
        guard TTF_Init() == 0 else { throw SDLError("cannot start the font renderer") }
        wakeEventType = SDL_RegisterEvents(1)
    }

    deinit {
        TTF_Quit()
        SDL_Quit()
    }

    /// Wakes the main loop from any thread; at most one wake event is in flight.
    public func wake() {
        guard !wakePending.exchange(true, ordering: .acquiringAndReleasing) else { return }
        var event = SDL_Event()
        event.type = wakeEventType
        SDL_PushEvent(&event)
    }

    func wakeConsumed() {
        wakePending.store(false, ordering: .releasing)
    }
}
