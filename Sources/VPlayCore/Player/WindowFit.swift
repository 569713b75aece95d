/// mpv's `--autofit=W[xH]`: the window made as large as fits in W×H (pixels, or `N%` of the
/// screen), the picture's shape kept; with W alone, W wide.
public struct WindowFit: Sendable, Equatable {
    public enum Length: Sendable, Equatable {
        case pixels(Int)
        case percent(Double)

        init?(_ text: Substring) {
            if text.hasSuffix("%") {
                guard let value = Double(text.dropLast()), value > 0, value <= 100 else { return nil }
                self = .percent(value)
            } else {
                guard let value = Int(text), value > 0, value <= 65535 else { return nil }
                self = .pixels(value)
            }
        }

        func pixels(of screen: Int) -> Double {
            switch self {
            case .pixels(let value): Double(value)
            case .percent(let value): Double(screen) * value / 100
            }
        }
    }

    public var width: Length
    public var height: Length?

    /// Reads `W`, `WxH`, each in pixels or `N%`; nil for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let width = Length(parts[0]) else { return nil }
        self.width = width
        if parts.count == 2 {
            guard let height = Length(parts[1]) else { return nil }
            self.height = height
        }
    }

    /// The size a window for a picture of `natural` size gets on a `screen` of that size.
    public func size(for natural: (width: Int, height: Int), screen: (width: Int, height: Int)) -> (width: Int, height: Int) {
        guard natural.width > 0, natural.height > 0 else { return natural }
        var scale = width.pixels(of: screen.width) / Double(natural.width)
        if let height { scale = min(scale, height.pixels(of: screen.height) / Double(natural.height)) }
        return (max(1, Int((Double(natural.width) * scale).rounded())), max(1, Int((Double(natural.height) * scale).rounded())))
    }
}
