/// Where subtitles are drawn: the whole window in output pixels (crisp at any size) and the
/// picture inside it (subtitles are placed relative to the picture, as in the file).
public struct SubtitleCanvas: Equatable, Sendable {
    public var width: Int
    public var height: Int
    public var video: PixelBox

    public init(width: Int, height: Int, video: PixelBox) {
        self.width = width
        self.height = height
        self.video = video
    }

    public var bounds: PixelBox { PixelBox(x: 0, y: 0, width: width, height: height) }

    /// The box around `boxes`, and the box around those of them in the lower half when all of
    /// those lie below all the others (the lines a bottom bar can cover, which may move up alone).
    public static func split(_ boxes: [PixelBox], height: Int) -> (all: PixelBox?, lower: PixelBox?) {
        var all: PixelBox?, lower: PixelBox?, upper: PixelBox?
        for box in boxes where !box.isEmpty {
            all = box.union(all)
            if (box.y + box.height / 2) * 2 >= height { lower = box.union(lower) } else { upper = box.union(upper) }
        }
        if let lower, let upper, upper.y + upper.height > lower.y { return (all, nil) }
        return (all, lower)
    }

    /// How far to raise the lines in `box` (the lower ones) so that they clear a bar covering
    /// the bottom `barHeight` pixels, never above the window's top.
    public func lift(of box: PixelBox?, barHeight: Int, gap: Int = 4) -> Int {
        guard let box, !box.isEmpty, barHeight > 0 else { return 0 }
        let overlap = box.y + box.height - (height - barHeight - gap)
        return max(0, min(overlap, box.y))
    }
}
