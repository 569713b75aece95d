/// Where the idle window's recent files go (window points): a column of rows under the Open
/// button, each with a picture on the left, the title, under it a thin bar of how far the file
/// was watched and the time left, and a "×" at the right end that forgets the file. Every row
/// has the same parts at the same places, one row height apart. Pure, for hit-testing without SDL.
public struct RecentListLayout: Equatable, Sendable {
    /// The most rows the list shows, however tall the window.
    public static let maxRows = 6

    /// Around the rows.
    public let frame: OverlayRect
    public let count: Int
    public let rowHeight: Double
    public let titleFontSize: Double
    /// For the time left.
    public let detailFontSize: Double
    /// Pictures are fitted into this box at the left of each row.
    public let thumbnailSize: OverlaySize
    public let thumbnailX: Double
    /// Titles start at `textX` and are clipped at `titleRight`; the bar runs from `textX` to `barRight`.
    public let textX: Double
    public let titleRight: Double
    public let barRight: Double
    public let barThickness: Double
    /// The time left starts here, after the bar.
    public let labelX: Double
    /// The "×": a square `forgetSide` wide from `forgetX`, at the row's right end.
    public let forgetX: Double
    public let forgetSide: Double
    /// The title's and the bar's heights within a row, from its top.
    let titleOffset: Double
    let detailOffset: Double

    /// A row's height for `unit` (the idle window's scale).
    static func rowHeight(unit: Double) -> Double { 40 * unit }

    /// - Parameters:
    ///   - top: where the first row starts.
    ///   - centerX: the rows are centred on it.
    ///   - width: the rows' width.
    ///   - unit: the idle window's scale (1 in a 640×360 window).
    init(top: Double, centerX: Double, width: Double, unit: Double, count: Int) {
        self.count = max(0, count)
        rowHeight = Self.rowHeight(unit: unit)
        titleFontSize = (14 * unit).rounded()
        detailFontSize = (11 * unit).rounded()
        frame = OverlayRect(x: centerX - width / 2, y: top, width: width, height: Double(self.count) * rowHeight)

        let padding = 6 * unit
        let pictureHeight = rowHeight - 10 * unit
        thumbnailSize = OverlaySize(width: (pictureHeight * 16 / 9).rounded(), height: pictureHeight)
        thumbnailX = frame.minX + padding
        textX = thumbnailX + thumbnailSize.width + 10 * unit
        forgetSide = 24 * unit
        forgetX = frame.maxX - padding - forgetSide
        titleRight = max(textX, forgetX - 8 * unit)
        // Room for "1:23:45 left" at the detail size (about 6.3 em in DejaVu Sans).
        labelX = max(textX, titleRight - 6.6 * detailFontSize)
        barRight = max(textX, labelX - 10 * unit)
        barThickness = max(2, 3 * unit)
        titleOffset = 0.37 * rowHeight
        detailOffset = 0.72 * rowHeight
    }

    /// Row `index`'s band, across the list's width.
    public func rowFrame(_ index: Int) -> OverlayRect {
        OverlayRect(x: frame.minX, y: frame.minY + Double(index) * rowHeight, width: frame.width, height: rowHeight)
    }

    /// The box row `index`'s picture is fitted into, centred on the row's height.
    public func thumbnailFrame(_ index: Int) -> OverlayRect {
        let row = rowFrame(index)
        return OverlayRect(x: thumbnailX, y: row.midY - thumbnailSize.height / 2,
                           width: thumbnailSize.width, height: thumbnailSize.height)
    }

    /// The height the title of row `index` is centred on.
    public func titleCenterY(_ index: Int) -> Double { rowFrame(index).minY + titleOffset }

    /// The height the bar and the time left of row `index` are centred on.
    public func detailCenterY(_ index: Int) -> Double { rowFrame(index).minY + detailOffset }

    /// The groove of row `index`'s watched bar.
    public func barFrame(_ index: Int) -> OverlayRect {
        OverlayRect(x: textX, y: detailCenterY(index) - barThickness / 2, width: barRight - textX, height: barThickness)
    }

    /// The part of the groove filled for `fraction` (0 to 1) watched.
    public func barFill(_ index: Int, fraction: Double) -> OverlayRect {
        let groove = barFrame(index)
        return OverlayRect(x: groove.minX, y: groove.minY, width: groove.width * min(1, max(0, fraction)),
                           height: groove.height)
    }

    /// Row `index`'s "×", which forgets the file: what a click hits, the mark drawn in it.
    public func forgetButton(_ index: Int) -> OverlayRect {
        let row = rowFrame(index)
        return OverlayRect(x: forgetX, y: row.midY - forgetSide / 2,
                           width: forgetSide, height: forgetSide)
    }

    /// The part of the list a point is on.
    public enum Hit: Equatable, Sendable {
        /// Row `index`, away from its "×": plays the file.
        case row(Int)
        /// Row `index`'s "×": forgets the file.
        case forget(Int)

        public var row: Int {
            switch self {
            case .row(let index), .forget(let index): index
            }
        }
    }

    /// What is under `point`; nil off the rows.
    public func hit(at point: OverlayPoint) -> Hit? {
        guard count > 0, frame.contains(point), rowHeight > 0 else { return nil }
        var index = Int(((point.y - frame.minY) / rowHeight).rounded(.down))
        // The rects the drawing uses have the last word at a boundary the division misplaces.
        if index + 1 < count, rowFrame(index + 1).contains(point) { index += 1 }
        if index > 0, !rowFrame(index).contains(point), rowFrame(index - 1).contains(point) { index -= 1 }
        guard (0..<count).contains(index) else { return nil }
        return forgetButton(index).contains(point) ? .forget(index) : .row(index)
    }
}
