import VPlayCore

/// Where the picture goes inside the window: as large as fits, centred, keeping the
/// display aspect (sample aspect and rotation included). Pure, for tests.
public struct Letterbox: Equatable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    /// - Parameter displayAspect: width / height of the picture as it should be seen.
    public static func fit(displayAspect: Double, inWidth windowWidth: Int, height windowHeight: Int) -> Letterbox {
        guard windowWidth > 0, windowHeight > 0, displayAspect.isFinite, displayAspect > 0 else {
            return Letterbox(x: 0, y: 0, width: max(0, windowWidth), height: max(0, windowHeight))
        }
        var width = windowWidth
        var height = Int((Double(width) / displayAspect).rounded())
        if height > windowHeight {
            height = windowHeight
            width = Int((Double(height) * displayAspect).rounded())
        }
        return Letterbox(x: (windowWidth - width) / 2, y: (windowHeight - height) / 2, width: width, height: height)
    }

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public init(_ rect: PixelBox) {
        self.init(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
    }

    /// The destination rectangle to hand the renderer for a texture turned by `rotation`
    /// degrees about its centre: for quarter turns the unrotated rectangle has the sides swapped.
    public func textureRect(rotation: Int) -> Letterbox {
        guard rotation % 180 != 0 else { return self }
        let cx = x + width / 2, cy = y + height / 2
        return Letterbox(x: cx - height / 2, y: cy - width / 2, width: height, height: width)
    }

    /// The parts of a `windowWidth`×`windowHeight` window this box leaves uncovered, as at most
    /// four rectangles: what must be painted black when the picture itself is not redrawn
    /// over a cleared window (clearing all of it costs a full-window fill per frame).
    public func bars(inWidth windowWidth: Int, height windowHeight: Int) -> [Letterbox] {
        let left = max(0, min(windowWidth, x)), right = max(left, min(windowWidth, x + width))
        let top = max(0, min(windowHeight, y)), bottom = max(top, min(windowHeight, y + height))
        let candidates = [
            Letterbox(x: 0, y: 0, width: windowWidth, height: top),
            Letterbox(x: 0, y: bottom, width: windowWidth, height: windowHeight - bottom),
            Letterbox(x: 0, y: top, width: left, height: bottom - top),
            Letterbox(x: right, y: top, width: windowWidth - right, height: bottom - top),
        ]
        return candidates.filter { $0.width > 0 && $0.height > 0 }
    }
}
