/// The parts of the overlay a pointer can be over.
public enum OverlayElement: Equatable, Sendable {
    case skipBack
    case playPause
    case skipForward
    case slider
    /// The band itself (time label, padding): inert, but it keeps clicks off the video.
    case bar
}
