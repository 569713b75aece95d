/// Which way time runs (mpv's `play-dir`): forward, or backward from the position towards
/// the start, the picture alone.
public enum PlayDirection: String, CaseIterable, Sendable {
    case forward
    case backward
}
