import VPlayCore

/// Where the seek preview's pictures come from: the core's `ThumbnailService` in the player, a
/// stand-in in tests. Used from the main thread; the source wakes the main loop itself (via
/// `SDLSession.wake()`) when a requested picture becomes ready.
public protocol ThumbnailSource: AnyObject {
    /// Asks for the picture at `time` seconds; the newest request wins. True when it is
    /// available at once.
    @discardableResult
    func request(time: Double) -> Bool
    /// The best picture for `time` known now (possibly of a nearby time), nil before the first.
    func thumbnail(near time: Double) -> Thumbnail?
    /// The pointer is on the window: a source that opens lazily starts now, so the first
    /// preview is ready by the time the pointer reaches the slider.
    func prepare()
}

public extension ThumbnailSource {
    func prepare() {}
}

extension ThumbnailService: ThumbnailSource {}
