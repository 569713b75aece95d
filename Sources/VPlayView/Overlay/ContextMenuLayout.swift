/// Where the context menu's plates go: the first with its top-left corner at the click (to its
/// left where the window has no room on the right, up where it has none below), each open
/// submenu beside the row it belongs to (on the right, else on the left), all kept inside the
/// window. Widths are estimated from character counts, as the track menu's are; rows shrink,
/// text and all, until the tallest plate fits the window's height.
public struct ContextMenuLayout: Equatable, Sendable {
    /// The size of one plate's content: its rows, and the characters of its longest label and key.
    public struct Shape: Equatable, Sendable {
        public var rowCount: Int
        public var longestText: Int
        public var longestKey: Int

        public init(rowCount: Int, longestText: Int, longestKey: Int) {
            self.rowCount = rowCount
            self.longestText = longestText
            self.longestKey = longestKey
        }

        public init(_ rows: [ContextMenu.Row]) {
            self.init(rowCount: rows.count, longestText: rows.map(\.text.count).max() ?? 0,
                      longestKey: rows.map { $0.keyText?.count ?? 0 }.max() ?? 0)
        }
    }

    /// One plate and its rows.
    public struct Plate: MenuRows, Equatable, Sendable {
        public let frame: OverlayRect
        public let rowCount: Int
        public let rowHeight: Double
        public let topPadding: Double
        /// Where check marks are centred, where labels start, where keys end (right-aligned),
        /// and where a submenu's arrow is centred.
        public let markX: Double
        public let textX: Double
        public let keyRightX: Double
        public let arrowX: Double
    }

    public let plates: [Plate]
    public let fontSize: Double
    public let markSize: Double

    /// - Parameters:
    ///   - shapes: the root plate's content, then each open submenu's.
    ///   - openRows: for each plate but the last, the row whose submenu the next plate is.
    ///   - preferredFontSize: the entries' text size when the window has room.
    public init(windowSize: OverlaySize, origin: OverlayPoint, shapes: [Shape], openRows: [Int], preferredFontSize: Double) {
        let margin = max(2, preferredFontSize * 0.3)
        let tallest = Double(shapes.map(\.rowCount).max() ?? 0)
        let preferredHeight = tallest * preferredFontSize * 1.8 + preferredFontSize * 0.8
        let room = max(0, windowSize.height - 2 * margin)
        let font = preferredHeight > room && preferredHeight > 0 ? preferredFontSize * room / preferredHeight
            : preferredFontSize
        fontSize = font
        markSize = font * 0.8
        let rowHeight = font * 1.8, topPadding = font * 0.4
        let leftPadding = font * 0.5, markColumn = font * 1.6, gap = font * 2, arrowColumn = font * 1.4

        func clamp(_ value: Double, _ low: Double, _ high: Double) -> Double { max(low, min(value, high)) }
        var plates: [Plate] = []
        for (level, shape) in shapes.enumerated() {
            let textWidth = Double(shape.longestText) * TrackMenuLayout.averageCharacterWidth * font
            let keyWidth = Double(shape.longestKey) * TrackMenuLayout.averageCharacterWidth * font
            let natural = leftPadding + markColumn + textWidth + (keyWidth > 0 ? gap + keyWidth : 0) + arrowColumn
            let width = min(max(0, windowSize.width - 2 * margin), max(8 * font, natural))
            let height = Double(shape.rowCount) * rowHeight + 2 * topPadding
            let rightmost = windowSize.width - margin - width, lowest = windowSize.height - margin - height
            var x: Double, y: Double
            if level == 0 || level - 1 >= openRows.count {
                x = origin.x + width <= windowSize.width - margin ? origin.x : origin.x - width
                y = origin.y + height <= windowSize.height - margin ? origin.y : lowest
            } else {
                let parent = plates[level - 1]
                x = parent.frame.maxX + width <= windowSize.width - margin ? parent.frame.maxX : parent.frame.minX - width
                y = parent.rowFrame(openRows[level - 1]).minY - topPadding
            }
            x = clamp(x, margin, max(margin, rightmost))
            y = clamp(y, margin, max(margin, lowest))
            plates.append(Plate(frame: OverlayRect(x: x, y: y, width: width, height: height), rowCount: shape.rowCount,
                                rowHeight: rowHeight, topPadding: topPadding, markX: x + leftPadding + markColumn / 2,
                                textX: x + leftPadding + markColumn, keyRightX: x + width - arrowColumn,
                                arrowX: x + width - arrowColumn / 2))
        }
        self.plates = plates
    }

    /// The plate under `point`, the last opened first (it lies over the others), and the row
    /// there (nil over the plate's padding); nil outside every plate.
    public func hit(_ point: OverlayPoint) -> (plate: Int, row: Int?)? {
        for index in plates.indices.reversed() where plates[index].frame.contains(point) {
            return (index, plates[index].row(at: point))
        }
        return nil
    }
}
