/// Where the track menu goes for one menu and one bar: a plate standing just above the bar,
/// centred on the track button and kept inside the window, one equal row per heading or
/// entry. Numbers only (rows are found by arithmetic, as `MenuRows` does), so it can be
/// computed every frame without allocating and checked without a window.
///
/// The width comes from the longest text at `averageCharacterWidth` em per character: text
/// is measured only when drawn, and what runs past the plate is clipped there. When the rows
/// do not fit above the bar they shrink, text and all, until they do.
public struct TrackMenuLayout: MenuRows, Equatable, Sendable {
    /// DejaVu Sans averages ~0.55 em per character in labels such as "2: French (Commentary)";
    /// a little more keeps typical labels inside the plate.
    public static let averageCharacterWidth = 0.62

    /// The plate.
    public let frame: OverlayRect
    public let rowCount: Int
    public let rowHeight: Double
    /// Point size of the entries' text; headings use `headingFontSize`.
    public let fontSize: Double
    public let headingFontSize: Double
    /// From the plate's top to the first row.
    public let topPadding: Double
    /// Where a selected entry's check mark is centred, and where the texts start.
    public let markX: Double
    public let textX: Double
    /// Side of the square the check mark is drawn in.
    public let markSize: Double

    public init(menu: TrackMenu, bar: OverlayLayout) {
        self.init(rowCount: menu.rows.count, longestText: menu.longestText, bar: bar)
    }

    public init(rowCount: Int, longestText: Int, bar: OverlayLayout) {
        let margin = bar.barHeight * 0.1
        let bottom = bar.band.minY - margin
        let preferredFont = bar.fontSize * 0.9
        let preferredHeight = Double(rowCount) * preferredFont * 1.8 + preferredFont * 0.8
        let room = max(0, bottom - margin)
        let shrink = preferredHeight > room && preferredHeight > 0 ? room / preferredHeight : 1
        let font = preferredFont * shrink
        self.rowCount = rowCount
        fontSize = font
        headingFontSize = font * 0.85
        rowHeight = font * 1.8
        topPadding = font * 0.4
        markSize = font * 0.8

        let leftPadding = font * 0.5, markColumn = font * 1.6, rightPadding = font * 0.9
        let textWidth = Double(longestText) * Self.averageCharacterWidth * font
        let widest = max(0, bar.windowSize.width - 2 * margin)
        let width = min(widest, max(8 * font, leftPadding + markColumn + textWidth + rightPadding))
        let height = Double(rowCount) * rowHeight + 2 * topPadding
        let anchor = bar.trackButton ?? bar.speedButton
        let left = min(max(margin, anchor.midX - width / 2), bar.windowSize.width - margin - width)
        frame = OverlayRect(x: left, y: bottom - height, width: width, height: height)
        markX = left + leftPadding + markColumn / 2
        textX = left + leftPadding + markColumn
    }

    /// The part of the plate text may cover: texts running past it are clipped to it.
    public var textArea: OverlayRect {
        OverlayRect(x: textX, y: frame.minY, width: max(0, frame.maxX - fontSize * 0.5 - textX), height: frame.height)
    }
}
