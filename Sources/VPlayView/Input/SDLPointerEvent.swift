import CSDL2

/// Reads an SDL mouse or window-leave event as a `PointerEvent`, with the window it
/// happened in. Other events, and buttons other than the left one, give nil.
struct SDLPointerEvent {
    let pointer: PointerEvent
    let windowID: UInt32

    init?(_ event: SDL_Event) {
        switch event.type {
        case SDL_MOUSEMOTION.rawValue:
            pointer = .move(OverlayPoint(x: Double(event.motion.x), y: Double(event.motion.y)))
            windowID = event.motion.windowID
        case SDL_MOUSEBUTTONDOWN.rawValue, SDL_MOUSEBUTTONUP.rawValue:
            let button = event.button
            guard Int32(button.button) == SDL_BUTTON_LEFT else { return nil }
            let point = OverlayPoint(x: Double(button.x), y: Double(button.y))
            pointer = event.type == SDL_MOUSEBUTTONDOWN.rawValue ? .down(point, clicks: Int(button.clicks)) : .up(point)
            windowID = button.windowID
        case SDL_MOUSEWHEEL.rawValue:
            let wheel = event.wheel
            let flip: Int32 = wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue ? -1 : 1
            pointer = .wheel(OverlayPoint(x: Double(wheel.mouseX), y: Double(wheel.mouseY)),
                             notches: Int(wheel.y * flip))
            windowID = wheel.windowID
        case SDL_WINDOWEVENT.rawValue where event.window.event == UInt8(SDL_WINDOWEVENT_LEAVE.rawValue):
            pointer = .leave
            windowID = event.window.windowID
        default:
            return nil
        }
    }
}
