/// Where the idle window's parts go (window points): "No file" above the Open button, the way
/// to open a file without the button below it, all centred. Pure, for hit-testing without SDL.
public struct IdleLayout: Equatable, Sendable {
    public let windowSize: OverlaySize
    public let titleFontSize: Double
    public let fontSize: Double
    public let titleCenter: OverlayPoint
    public let openButton: OverlayRect
    public let hintCenter: OverlayPoint
    /// Where a message (the chooser failed, no chooser at all) goes, under the hint.
    public let messageCenter: OverlayPoint

    public init(windowSize: OverlaySize) {
        self.windowSize = windowSize
        // Sized by the shorter side, as the overlay is, within bounds that stay legible.
        let unit = min(max(min(windowSize.width, windowSize.height) / 360, 0.75), 3)
        titleFontSize = (22 * unit).rounded()
        fontSize = (14 * unit).rounded()
        let midX = windowSize.width / 2, midY = windowSize.height / 2
        titleCenter = OverlayPoint(x: midX, y: midY - 44 * unit)
        let buttonWidth = 120 * unit, buttonHeight = 36 * unit
        openButton = OverlayRect(x: midX - buttonWidth / 2, y: midY - buttonHeight / 2 + 4 * unit,
                                 width: buttonWidth, height: buttonHeight)
        hintCenter = OverlayPoint(x: midX, y: openButton.maxY + 26 * unit)
        messageCenter = OverlayPoint(x: midX, y: hintCenter.y + 26 * unit)
    }

    public func isOnOpenButton(_ point: OverlayPoint) -> Bool {
        point.x >= openButton.minX && point.x <= openButton.maxX && point.y >= openButton.minY && point.y <= openButton.maxY
    }

    public static let title = "No file"
    public static let buttonLabel = "Open…"
    public static let hint = "or drop files here · Ctrl+O"
}
