/// A rectangle in output pixels.
public struct SubtitleBox: Equatable, Sendable {
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
    public func union(_ other: SubtitleBox?) -> SubtitleBox {
        guard let other, !other.isEmpty else { return self }
        guard !isEmpty else { return other }
        let left = min(x, other.x), top = min(y, other.y)
        let right = max(x + width, other.x + other.width), bottom = max(y + height, other.y + other.height)
        return SubtitleBox(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// The part inside `other`, nil when they do not meet.
    public func intersection(_ other: SubtitleBox) -> SubtitleBox? {
        let left = max(x, other.x), top = max(y, other.y)
        let right = min(x + width, other.x + other.width), bottom = min(y + height, other.y + other.height)
        guard right > left, bottom > top else { return nil }
        return SubtitleBox(x: left, y: top, width: right - left, height: bottom - top)
    }
}

/// Where subtitles are drawn: the whole window in output pixels (crisp at any size) and the
/// picture inside it (subtitles are placed relative to the picture, as in the file).
public struct SubtitleCanvas: Equatable, Sendable {
    public var width: Int
    public var height: Int
    public var video: SubtitleBox

    public init(width: Int, height: Int, video: SubtitleBox) {
        self.width = width
        self.height = height
        self.video = video
    }

    public var bounds: SubtitleBox { SubtitleBox(x: 0, y: 0, width: width, height: height) }

    /// The box around `boxes`, and the box around those of them in the lower half when all of
    /// those lie below all the others (the lines a bottom bar can cover, which may move up alone).
    public static func split(_ boxes: [SubtitleBox], height: Int) -> (all: SubtitleBox?, lower: SubtitleBox?) {
        var all: SubtitleBox?, lower: SubtitleBox?, upper: SubtitleBox?
        for box in boxes where !box.isEmpty {
            all = box.union(all)
            if (box.y + box.height / 2) * 2 >= height { lower = box.union(lower) } else { upper = box.union(upper) }
        }
        if let lower, let upper, upper.y + upper.height > lower.y { return (all, nil) }
        return (all, lower)
    }

    /// How far to raise the lines in `box` (the lower ones) so that they clear a bar covering
    /// the bottom `barHeight` pixels, never above the window's top.
    public func lift(of box: SubtitleBox?, barHeight: Int, gap: Int = 4) -> Int {
        guard let box, !box.isEmpty, barHeight > 0 else { return 0 }
        let overlap = box.y + box.height - (height - barHeight - gap)
        return max(0, min(overlap, box.y))
    }
}
