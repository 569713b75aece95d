import Foundation

/// How the picture is placed in the window and coloured (mpv's `video-zoom`, `video-pan-x/y`,
/// `video-rotate`, `video-aspect-override`, `video-crop`, `panscan` and the equalizer): kept by
/// the settings store, applied by the view each time it draws, so a paused picture follows at once.
public struct DisplaySettings: Sendable, Equatable {
    /// log2 of the magnification: 1 doubles the picture.
    public var zoom = 0.0
    /// How far the picture is moved, in its own widths and heights.
    public var panX = 0.0
    public var panY = 0.0
    /// Clockwise degrees (0, 90, 180, 270) added to the stream's own rotation.
    public var rotate = 0
    /// The picture's width / height as displayed; nil: the stream's (mpv's `-1`).
    public var aspectOverride: Double?
    /// The part of the decoded picture shown; nil: all of it.
    public var crop: VideoCrop?
    /// 0…1: how much of the black bars the picture grows into, cutting its sides.
    public var panscan = 0.0
    public var equalizer = PictureEqualizer()

    public init() {}

    public static let zoomRange = -20.0...20.0
    public static let panRange = -3.0...3.0
    public static let panscanRange = 0.0...1.0
    /// The aspect ratios taken, wider or narrower than any film.
    public static let aspectRange = 0.1...10.0
    public static let rotations = [0, 90, 180, 270]

    /// These settings with `setting` taken, its value kept inside its range.
    public func with(_ setting: DisplaySetting) -> DisplaySettings {
        var changed = self
        switch setting {
        case .zoom(let value): changed.zoom = Self.clamp(value, Self.zoomRange)
        case .panX(let value): changed.panX = Self.clamp(value, Self.panRange)
        case .panY(let value): changed.panY = Self.clamp(value, Self.panRange)
        case .rotate(let degrees): if Self.rotations.contains(degrees) { changed.rotate = degrees }
        case .aspectOverride(let aspect): changed.aspectOverride = aspect.map { Self.clamp($0, Self.aspectRange) }
        case .crop(let crop): changed.crop = crop
        case .panscan(let value): changed.panscan = Self.clamp(value, Self.panscanRange)
        case let .equalizer(control, value): changed.equalizer[control] = value
        case .resetView: (changed.zoom, changed.panX, changed.panY, changed.panscan) = (0, 0, 0, 0)
        }
        return changed
    }

    /// The on-screen message for `setting` once taken.
    public func message(for setting: DisplaySetting) -> String {
        switch setting {
        case .zoom: "Zoom: \(Self.signed(zoom))"
        case .panX, .panY: "Pan: \(Self.signed(panX)) \(Self.signed(panY))"
        case .rotate: "Rotate: \(rotate)°"
        case .aspectOverride: "Aspect: " + (aspectOverride.map { AspectRatioText.format($0) } ?? "original")
        case .crop: "Crop: " + (crop?.description ?? "none")
        case .panscan: "Panscan: \(Self.signed(panscan))"
        case .equalizer(let control, _): "\(control.rawValue.capitalized): \(equalizer[control])"
        case .resetView: "Zoom, pan and panscan reset"
        }
    }

    private static func clamp(_ value: Double, _ range: ClosedRange<Double>) -> Double {
        min(range.upperBound, max(range.lowerBound, value))
    }

    private static func signed(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let text = "\(abs(hundredths) / 100).\(String(format: "%02d", abs(hundredths) % 100))"
        return hundredths < 0 ? "-" + text : text
    }
}

/// One change of `DisplaySettings`, as keys, IPC and options give it.
public enum DisplaySetting: Sendable, Equatable {
    case zoom(Double)
    case panX(Double)
    case panY(Double)
    case rotate(Int)
    case aspectOverride(Double?)
    case crop(VideoCrop?)
    case panscan(Double)
    case equalizer(PictureEqualizer.Control, Int)
    /// mpv's Alt+Backspace: zoom, pan and panscan back to 0.
    case resetView
}
