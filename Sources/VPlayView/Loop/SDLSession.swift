import CSDL2
import Glibc
import Synchronization
import VPlayCore

/// SDL initialised for the life of the program, and the user event other threads push
/// to wake the main loop.
public final class SDLSession: Sendable {
    let wakeEventType: UInt32
    private let wakePending = Atomic(false)
    private let isOpen = Atomic(true)
    private let hasVideo: Bool
    /// Without a display: how the loop sleeps (SDL would poll).
    private let headless: HeadlessWait?

    /// - Parameter video: start the display and the font renderer; without them there are only
    ///   events and timers (the audio device starts its own subsystem).
    public init(video: Bool = true) throws(SDLError) {
        // Without a display, `HeadlessWait` handles SIGINT and SIGTERM.
        SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, video ? "0" : "1")
        SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0")
        // SDL would keep the screensaver off for the whole run; `Screensaver` decides instead.
        SDL_SetHint(SDL_HINT_VIDEO_ALLOW_SCREENSAVER, "1")
        if video, let reason = DisplayEnvironment.missingDisplay({ getenv($0).map { String(cString: $0) } }) {
            throw SDLError(describing: "no display: \(reason) \(Self.soundOnlyHint)")
        }
        if video {
            // vplay reads keys, never text; X's input method would otherwise parse the locale's
            // Compose table (thousands of lines, a byte at a time) before the first frame.
            setenv("XCOMPOSEFILE", "/dev/null", 1)
        }
        let subsystems = video ? SDL_INIT_VIDEO | SDL_INIT_EVENTS | SDL_INIT_TIMER : SDL_INIT_EVENTS | SDL_INIT_TIMER
        guard SDL_Init(UInt32(subsystems)) == 0 else {
            throw video ? SDLError(describing: "no display: \(String(cString: SDL_GetError())) \(Self.soundOnlyHint)")
                        : SDLError("cannot start SDL")
        }
        if video {
            guard TTF_Init() == 0 else { throw SDLError("cannot start the font renderer") }
        }
        hasVideo = video
        wakeEventType = SDL_RegisterEvents(1)
        headless = video ? nil : HeadlessWait()
    }

    private static let soundOnlyHint = "(use --no-video to play the sound only)"

    /// Shuts SDL down; call on the main thread when playback has stopped. Not left to deinit:
    /// the last reference may go with a worker thread (a decoder's wake callback) while the
    /// process exits, and SDL must not be shut down from there.
    public func close() {
        guard isOpen.exchange(false, ordering: .acquiringAndReleasing) else { return }
        if hasVideo { TTF_Quit() }
        SDL_Quit()
        headless?.close()
    }

    /// Wakes the main loop from any thread; at most one wake event is in flight.
    public func wake() {
        guard isOpen.load(ordering: .acquiring),
              !wakePending.exchange(true, ordering: .acquiringAndReleasing) else { return }
        var event = SDL_Event()
        event.type = wakeEventType
        SDL_PushEvent(&event)
        headless?.post()
    }

    func wakeConsumed() {
        wakePending.store(false, ordering: .releasing)
    }

    /// Sleeps until an event arrives or `deadline` (monotonic seconds) passes; true when an
    /// event arrived.
    func waitEvent(_ event: inout SDL_Event, until deadline: Double, now: Double) -> Bool {
        if let headless {
            if SDL_PollEvent(&event) != 0 { return true }
            headless.sleep(until: deadline, now: now)
            if headless.takeQuitSignal() {
                event = SDL_Event()
                event.type = SDL_QUIT.rawValue
                return true
            }
            return SDL_PollEvent(&event) != 0
        }
        if deadline == .infinity { return SDL_WaitEvent(&event) != 0 }
        let milliseconds = Int32(max(0, min(1_000_000, ((deadline - now) * 1000).rounded(.up))))
        if milliseconds == 0 { return SDL_PollEvent(&event) != 0 }
        return SDL_WaitEventTimeout(&event, milliseconds) != 0
    }
}

extension SDLError {
    /// A failure explained without SDL's own message.
    init(describing description: String) {
        self.description = description
    }
}
