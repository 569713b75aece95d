/// mpv's `--screen` and `--fs-screen`: the monitor (SDL display index, 0 the first) the window
/// opens on and the one full screen fills.
public struct ScreenChoice: Sendable, Equatable {
    /// Where full screen goes.
    public enum Fullscreen: Sendable, Equatable {
        /// The monitor the window is on.
        case current
        case index(Int)
        /// Every monitor: one window over all of them.
        case all
    }

    /// The window's monitor; nil: the default (the desktop's choice).
    public var window: Int?
    public var fullscreen = Fullscreen.current

    public init(window: Int? = nil, fullscreen: Fullscreen = .current) {
        self.window = window
        self.fullscreen = fullscreen
    }

    /// mpv allows 0...32.
    public static let indices = 0...32

    /// Reads `--screen`'s value: `default` or an index; nil for anything else.
    public static func window(_ text: String) -> Int?? {
        if text == "default" { return .some(nil) }
        guard let index = Int(text), indices.contains(index) else { return nil }
        return .some(index)
    }

    /// Reads `--fs-screen`'s value: `current`, `all` or an index; nil for anything else.
    public static func fullscreen(_ text: String) -> Fullscreen? {
        if text == "current" { return .current }
        if text == "all" { return .all }
        guard let index = Int(text), indices.contains(index) else { return nil }
        return .index(index)
    }

    /// The choice with indices of monitors that do not exist (there are `displayCount`)
    /// dropped for the defaults, and one warning for each dropped.
    public func resolved(displayCount: Int) -> (choice: ScreenChoice, warnings: [String]) {
        var choice = self, warnings: [String] = []
        func missing(_ option: String, _ index: Int, _ fallback: String) -> String {
            let count = displayCount == 1 ? "1 screen" : "\(displayCount) screens"
            return "--\(option)=\(index): there is no such screen (\(count), counted from 0); using \(fallback)"
        }
        if let index = window, index >= displayCount {
            choice.window = nil
            warnings.append(missing("screen", index, "the default"))
        }
        if case .index(let index) = fullscreen, index >= displayCount {
            choice.fullscreen = .current
            warnings.append(missing("fs-screen", index, "the window's"))
        }
        return (choice, warnings)
    }

    /// The monitor the first window opens on: full screen's when it starts in full screen.
    public func openingDisplay(fullscreen isFullscreen: Bool) -> Int? {
        if isFullscreen, case .index(let index) = fullscreen { return index }
        return window
    }
}
