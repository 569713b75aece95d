/// A rectangle of whole pixels: a part of a picture, or of the window's output.
public struct PixelBox: Equatable, Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// The smallest box holding both; an empty box adds nothing.
    public func union(_ other: PixelBox?) -> PixelBox {
        guard let other, !other.isEmpty else { return self }
        guard !isEmpty else { return other }
        let left = min(x, other.x), top = min(y, other.y)
        let right = max(x + width, other.x + other.width), bottom = max(y + height, other.y + other.height)
        return PixelBox(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// The part inside `other`, nil when they do not meet.
    public func intersection(_ other: PixelBox) -> PixelBox? {
        let left = max(x, other.x), top = max(y, other.y)
        let right = min(x + width, other.x + other.width), bottom = min(y + height, other.y + other.height)
        guard right > left, bottom > top else { return nil }
        return PixelBox(x: left, y: top, width: right - left, height: bottom - top)
    }
}
