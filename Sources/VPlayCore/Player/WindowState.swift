/// The window as the view last saw it, for the window properties (`osd-width`, `osd-height`,
/// `window-minimized`, `display-fps`).
public struct WindowState: Sendable, Equatable {
    /// What the window draws into, in pixels (more than its size in points on HiDPI screens).
    public var width: Int
    public var height: Int
    public var isMinimized: Bool
    /// The refresh rate of the display the window is on, in Hz; nil when the display does not say.
    public var displayFPS: Double?

    public init(width: Int, height: Int, isMinimized: Bool = false, displayFPS: Double? = nil) {
        self.width = width
        self.height = height
        self.isMinimized = isMinimized
        self.displayFPS = displayFPS
    }
}
