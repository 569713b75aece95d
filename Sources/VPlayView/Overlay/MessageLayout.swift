/// Where an on-screen message goes: top-left, on a plate sized by its text. Sizes follow the
/// bar height, so the text reads the same from 640×360 to 4K.
public struct MessageLayout: Equatable, Sendable {
    public let windowSize: OverlaySize
    public let fontSize: Double
    /// From the window's top and left edges to the plate.
    public let margin: Double
    /// From the plate's edges to the text.
    public let horizontalPadding: Double
    public let verticalPadding: Double

    public init(windowSize: OverlaySize) {
        self.windowSize = windowSize
        let bar = OverlayLayout.barHeight(forWindowHeight: windowSize.height)
        fontSize = bar * 0.4
        margin = bar * 0.3
        horizontalPadding = fontSize * 0.55
        verticalPadding = fontSize * 0.2
    }

    /// Text wider than this wraps, so the plate stays inside the window.
    public var maxTextWidth: Double {
        max(0, windowSize.width - 2 * margin - 2 * horizontalPadding)
    }

    /// The plate around text of `contentSize`.
    public func plate(contentSize: OverlaySize) -> OverlayRect {
        OverlayRect(x: margin, y: margin, width: contentSize.width + 2 * horizontalPadding,
                    height: contentSize.height + 2 * verticalPadding)
    }
}
