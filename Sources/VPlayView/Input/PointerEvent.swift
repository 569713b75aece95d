/// A mouse event reduced to what the overlay needs, in window points, so the overlay's
/// behaviour can be driven without SDL. Only the primary (left) button is reported.
public enum PointerEvent: Equatable, Sendable {
    case move(OverlayPoint)
    /// `clicks` is 1 for a single click, 2 for the second press of a double click.
    case down(OverlayPoint, clicks: Int)
    case up(OverlayPoint)
    /// `notches` > 0 scrolls away from the user (forward).
    case wheel(OverlayPoint, notches: Int)
    /// The pointer left the window.
    case leave
}

extension PointerEvent {
    /// Where the event happened; nil for `leave`.
    public var point: OverlayPoint? {
        switch self {
        case .move(let point), .down(let point, _), .up(let point), .wheel(let point, _): point
        case .leave: nil
        }
    }
}
