import VPlayCore

/// What the command line asked of the window and of the pictures the view decodes on the side.
public struct ViewOptions: Sendable, Equatable {
    /// The window's title; nil: the file's title ("vplay" with no file).
    public var title: String?
    /// The window's size in pixels; nil lets the picture decide.
    public var width: Int?
    public var height: Int?
    /// The window fitted into a size (`--autofit`); nil: the picture's size times `window-scale`.
    public var autofit: WindowFit?
    /// The monitors the window opens on and full screen fills.
    public var screens = ScreenChoice()
    public var fullscreen = false
    /// Seek-bar previews of the file playing: a second, low-priority reader of it.
    public var seekPreviews = true
    /// Pictures of the recent files in the idle window.
    public var recentPictures = true
    /// The options every file starts from: the seek-bar previews open the file with them.
    public var fileOptions = PlayerOptions()

    public init() {}
}
