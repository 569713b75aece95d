import Foundation

/// The part of the decoded picture to show (`video-crop`, mpv's `WxH+X+Y`; without `+X+Y`
/// the part is centred).
public struct VideoCrop: Sendable, Equatable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    /// Nil: centred.
    public var x: Int?
    public var y: Int?

    public init(width: Int, height: Int, x: Int? = nil, y: Int? = nil) {
        self.width = width
        self.height = height
        self.x = x
        self.y = y
    }

    /// Reads `WxH`, `WxH+X+Y`; nil for anything else (zero or negative sizes included).
    public init?(_ text: String) {
        let parts = text.split(separator: "+", omittingEmptySubsequences: false)
        guard parts.count == 1 || parts.count == 3 else { return nil }
        let size = parts[0].split(separator: "x", omittingEmptySubsequences: false)
        guard size.count == 2, let width = Int(size[0]), let height = Int(size[1]), width > 0, height > 0,
              width <= 1 << 16, height <= 1 << 16 else { return nil }
        self.init(width: width, height: height)
        if parts.count == 3 {
            guard let x = Int(parts[1]), let y = Int(parts[2]), x >= 0, y >= 0, x <= 1 << 16, y <= 1 << 16 else { return nil }
            self.x = x
            self.y = y
        }
    }

    public var description: String {
        guard let x, let y else { return "\(width)x\(height)" }
        return "\(width)x\(height)+\(x)+\(y)"
    }

    /// The rectangle in a `pictureWidth`×`pictureHeight` picture, cut to it; nil when it lies
    /// wholly outside (or leaves less than 2×2 pixels).
    public func rectangle(inWidth pictureWidth: Int, height pictureHeight: Int) -> PixelBox? {
        let left = x ?? (pictureWidth - width) / 2, top = y ?? (pictureHeight - height) / 2
        let right = min(pictureWidth, left + width), bottom = min(pictureHeight, top + height)
        let clampedLeft = max(0, left), clampedTop = max(0, top)
        guard right - clampedLeft >= 2, bottom - clampedTop >= 2 else { return nil }
        return PixelBox(x: clampedLeft, y: clampedTop, width: right - clampedLeft, height: bottom - clampedTop)
    }
}

/// Aspect ratios as mpv writes them: `16:9`, `2.35:1`, `1.5`; `-1` or `no` for the stream's own.
public enum AspectRatioText {
    /// The ratio, `.some(nil)` for the stream's own, nil when the text is none of these or the
    /// ratio is not a positive finite number.
    public static func parse(_ text: String) -> Double?? {
        if text == "-1" || text == "no" || text == "-2" { return .some(nil) }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        let ratio: Double?
        switch parts.count {
        case 1: ratio = Double(text)
        case 2:
            guard let w = Double(parts[0]), let h = Double(parts[1]), h != 0 else { return nil }
            ratio = w / h
        default: ratio = nil
        }
        guard let ratio, ratio.isFinite, ratio > 0 else { return nil }
        return .some(ratio)
    }

    /// `1.78`-style text for a ratio, or the common name it is (`16:9`).
    public static func format(_ ratio: Double) -> String {
        for (name, value) in [("16:9", 16.0 / 9), ("4:3", 4.0 / 3), ("2.35:1", 2.35), ("1:1", 1.0), ("21:9", 21.0 / 9)]
        where abs(ratio - value) < 0.005 {
            return name
        }
        return String(format: "%.3f", ratio)
    }
}
