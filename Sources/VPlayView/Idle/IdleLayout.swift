/// Where the idle window's parts go (window points): "No file" above the Open button, the way
/// to open a file without the button below it, all centred; with recent files, as many of
/// their rows as fit (up to `RecentListLayout.maxRows`) under it all, the whole moved up to be
/// centred together. Pure, for hit-testing without SDL.
public struct IdleLayout: Equatable, Sendable {
    public let windowSize: OverlaySize
    public let titleFontSize: Double
    public let fontSize: Double
    public let titleCenter: OverlayPoint
    public let openButton: OverlayRect
    public let hintCenter: OverlayPoint
    /// Where a message (the chooser failed, no chooser at all) goes, under the hint.
    public let messageCenter: OverlayPoint
    /// The recent files' rows; nil without recent files or room for one.
    public let recent: RecentListLayout?

    /// - Parameter recentCount: the recent files there are to show (the rows are as many, or
    ///   as many as fit).
    public init(windowSize: OverlaySize, recentCount: Int = 0) {
        self.windowSize = windowSize
        // Sized by the shorter side, as the overlay is, within bounds that stay legible.
        let unit = min(max(min(windowSize.width, windowSize.height) / 360, 0.75), 3)
        titleFontSize = (22 * unit).rounded()
        fontSize = (14 * unit).rounded()
        let midX = windowSize.width / 2, midY = windowSize.height / 2
        let buttonWidth = 120 * unit, buttonHeight = 36 * unit

        // Where the parts go centred alone; rows start under the message's place, so that a
        // message does not move them.
        let titleY = midY - 44 * unit
        let buttonY = midY - buttonHeight / 2 + 4 * unit
        let hintY = buttonY + buttonHeight + 26 * unit
        let messageY = hintY + 26 * unit
        let top = titleY - titleFontSize * 0.75, listTop = messageY + 16 * unit
        // The block may move up until the title nears the window's top; the rows that then fit
        // above the bottom margin are shown.
        let margin = 12 * unit, rowHeight = RecentListLayout.rowHeight(unit: unit)
        let maxShift = max(0, top - margin)
        let room = windowSize.height - margin - (listTop - maxShift)
        let fitting = room > 0 ? Int((room / rowHeight + 1e-9).rounded(.down)) : 0
        let rows = min(RecentListLayout.maxRows, max(0, recentCount), fitting)
        // Centred as a whole: as much room above the title as below the last row.
        let shift = rows > 0 ? min(maxShift, max(0, (top + listTop + Double(rows) * rowHeight - windowSize.height) / 2)) : 0

        titleCenter = OverlayPoint(x: midX, y: titleY - shift)
        openButton = OverlayRect(x: midX - buttonWidth / 2, y: buttonY - shift, width: buttonWidth, height: buttonHeight)
        hintCenter = OverlayPoint(x: midX, y: hintY - shift)
        messageCenter = OverlayPoint(x: midX, y: messageY - shift)
        if rows > 0 {
            let width = min(windowSize.width - 2 * margin, 460 * unit)
            recent = RecentListLayout(top: listTop - shift, centerX: midX, width: width, unit: unit, count: rows)
        } else {
            recent = nil
        }
    }

    public func isOnOpenButton(_ point: OverlayPoint) -> Bool {
        point.x >= openButton.minX && point.x <= openButton.maxX && point.y >= openButton.minY && point.y <= openButton.maxY
    }

    public static let title = "No file"
    public static let buttonLabel = "Open…"
    public static let hint = "or drop files here · Ctrl+O"
}
