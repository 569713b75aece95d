import Foundation

/// How the user wants subtitles shown: mpv's `sub-*` properties.
public struct SubtitleSettings: Sendable, Equatable {
    public var isVisible = true
    /// Whether the second track (`secondary-sid`) shows.
    public var isSecondaryVisible = true
    /// Seconds added to every line's times (positive: later).
    public var delay: Double = 0
    /// Text size factor.
    public var scale: Double = 1
    /// Where bottom lines sit, percent of the picture's height from the top (100: the bottom).
    public var position: Double = 100
    /// The style of text tracks that bring none (SRT, WebVTT, mov_text); ASS keeps its own.
    public var font = "sans-serif"
    /// Text height in pixels of a 720-line window, as mpv counts.
    public var fontSize: Double = 55
    public var color = SubtitleColor.white
    /// Outline width, in the same pixels as `fontSize`.
    public var borderSize: Double = 3

    public init() {}

    public static let scaleRange: ClosedRange<Double> = 0.1...10
    public static let positionRange: ClosedRange<Double> = 0...150
    public static let fontSizeRange: ClosedRange<Double> = 1...500
    public static let borderSizeRange: ClosedRange<Double> = 0...50
    public static let delayRange: ClosedRange<Double> = -86_400...86_400
}

/// A colour as mpv writes it: `#RRGGBB` or `#AARRGGBB` (AA: opacity, FF opaque).
public struct SubtitleColor: Sendable, Equatable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

    public static let white = SubtitleColor(red: 255, green: 255, blue: 255, alpha: 255)

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    public init?(_ text: String) {
        guard text.hasPrefix("#"), let value = UInt32(text.dropFirst(), radix: 16) else { return nil }
        switch text.count {
        case 7: self.init(red: UInt8(value >> 16 & 0xff), green: UInt8(value >> 8 & 0xff), blue: UInt8(value & 0xff))
        case 9: self.init(red: UInt8(value >> 16 & 0xff), green: UInt8(value >> 8 & 0xff), blue: UInt8(value & 0xff),
                          alpha: UInt8(value >> 24))
        default: return nil
        }
    }

    public var description: String {
        alpha == 255 ? String(format: "#%02X%02X%02X", red, green, blue)
                     : String(format: "#%02X%02X%02X%02X", alpha, red, green, blue)
    }
}

/// One change to `SubtitleSettings`, as a command carries it.
public enum SubtitleSetting: Sendable, Equatable {
    case visible(Bool)
    case secondaryVisible(Bool)
    case delay(Double)
    case scale(Double)
    case position(Double)
    case font(String)
    case fontSize(Double)
    case color(SubtitleColor)
    case borderSize(Double)
}

extension SubtitleSettings {
    /// `setting` applied, kept within its range.
    public func with(_ setting: SubtitleSetting) -> SubtitleSettings {
        var copy = self
        func clamp(_ value: Double, _ range: ClosedRange<Double>) -> Double { min(range.upperBound, max(range.lowerBound, value)) }
        switch setting {
        case .visible(let on): copy.isVisible = on
        case .secondaryVisible(let on): copy.isSecondaryVisible = on
        case .delay(let seconds): copy.delay = clamp(seconds, Self.delayRange)
        case .scale(let factor): copy.scale = clamp(factor, Self.scaleRange)
        case .position(let percent): copy.position = clamp(percent, Self.positionRange)
        case .font(let name): copy.font = name
        case .fontSize(let size): copy.fontSize = clamp(size, Self.fontSizeRange)
        case .color(let color): copy.color = color
        case .borderSize(let size): copy.borderSize = clamp(size, Self.borderSizeRange)
        }
        return copy
    }

    /// What the on-screen message says after `setting` changed.
    public func message(for setting: SubtitleSetting) -> String {
        switch setting {
        case .visible: isVisible ? "Subtitles visible" : "Subtitles hidden"
        case .secondaryVisible: isSecondaryVisible ? "Secondary subtitles visible" : "Secondary subtitles hidden"
        case .delay: "Sub delay: \(Int((delay * 1000).rounded())) ms"
        case .scale: "Sub scale: \(String(format: "%.2f", scale))"
        case .position: "Sub position: \(Int(position.rounded()))/100"
        case .font: "Sub font: \(font)"
        case .fontSize: "Sub font size: \(Int(fontSize.rounded()))"
        case .color: "Sub color: \(color)"
        case .borderSize: "Sub border size: \(String(format: "%g", borderSize))"
        }
    }
}
