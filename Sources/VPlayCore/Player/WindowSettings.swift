/// What the user asks of the window (mpv's `ontop`, `window-scale`) and the compact
/// picture-in-picture mode; kept by the settings store, carried out by the view.
public struct WindowSettings: Sendable, Equatable {
    /// Kept above other windows (`ontop`).
    public var isOnTop = false
    /// The window's size as a multiple of the picture's (`window-scale`); the view resizes the
    /// window when it changes.
    public var scale = 1.0
    /// A small borderless window in a corner, on top, its bar only play/pause and close.
    public var isPictureInPicture = false

    public init() {}

    public static let scaleRange = 0.125...8.0

    public func with(_ setting: WindowSetting) -> WindowSettings {
        var changed = self
        switch setting {
        case .onTop(let on): changed.isOnTop = on
        case .scale(let value): changed.scale = min(Self.scaleRange.upperBound, max(Self.scaleRange.lowerBound, value))
        case .pictureInPicture(let on): changed.isPictureInPicture = on
        }
        return changed
    }

    public func message(for setting: WindowSetting) -> String {
        switch setting {
        case .onTop: "On top: " + (isOnTop ? "yes" : "no")
        case .scale: "Window scale: \(scale)"
        case .pictureInPicture: "Picture in picture: " + (isPictureInPicture ? "yes" : "no")
        }
    }
}

/// One change of `WindowSettings`.
public enum WindowSetting: Sendable, Equatable {
    case onTop(Bool)
    case scale(Double)
    case pictureInPicture(Bool)
}
