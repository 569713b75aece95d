/// Where everything in the bottom bar goes for one window size. Pure arithmetic, so any
/// window size can be checked without a window.
///
/// Left to right: skip −10 s, play/pause, skip +10 s, the `elapsed / total` label, then the
/// slider taking the rest. Every size scales with the bar height, itself a clamped share of
/// the window height, so the bar is readable from 640×360 to 3840×2160.
public struct OverlayLayout: Equatable, Sendable {
    public let windowSize: OverlaySize
    public let barHeight: Double
    public let band: OverlayRect
    public let skipBackButton: OverlayRect
    public let playPauseButton: OverlayRect
    public let skipForwardButton: OverlayRect
    public let timeLabel: OverlayRect
    /// The slider's hit area: the full band height, so it is easy to grab.
    public let slider: OverlayRect
    /// The drawn line; fraction 0 is at its left end, 1 at its right end.
    public let track: OverlayRect
    public let thumbRadius: Double
    /// Point sizes of the label font and of the small "10" on the skip buttons.
    public let fontSize: Double
    public let smallFontSize: Double
    /// Side of the square an icon is drawn in.
    public let iconSize: Double

    /// - Parameter showsHours: reserve room for `h:mm:ss / h:mm:ss` rather than `mm:ss / mm:ss`.
    public init(windowSize: OverlaySize, showsHours: Bool = false) {
        self.windowSize = windowSize
        let w = max(0, windowSize.width), h = max(0, windowSize.height)
        let bar = min(h, min(140, max(40, h * 0.09)))
        barHeight = bar
        band = OverlayRect(x: 0, y: h - bar, width: w, height: bar)
        fontSize = bar * 0.34
        smallFontSize = bar * 0.24
        iconSize = bar * 0.36
        thumbRadius = bar * 0.13

        let padding = bar * 0.2
        let buttonWidth = bar * 0.9
        let top = h - bar
        func column(_ x: Double, _ width: Double) -> OverlayRect {
            OverlayRect(x: x, y: top, width: max(0, width), height: bar)
        }
        skipBackButton = column(padding, buttonWidth)
        playPauseButton = column(skipBackButton.maxX, buttonWidth)
        skipForwardButton = column(playPauseButton.maxX, buttonWidth)
        // DejaVu Sans digits are 0.64 em wide; the label is sized for its widest text.
        let labelEms = showsHours ? 8.9 : 6.9
        timeLabel = column(skipForwardButton.maxX + padding / 2, labelEms * fontSize)
        slider = column(timeLabel.maxX + padding, w - padding - (timeLabel.maxX + padding))
        let trackHeight = max(2, bar * 0.08)
        track = OverlayRect(x: slider.x + thumbRadius, y: band.midY - trackHeight / 2,
                            width: max(0, slider.width - 2 * thumbRadius), height: trackHeight)
    }

    public func hitTest(_ point: OverlayPoint) -> OverlayElement? {
        // Called every frame for the hover highlight: plain checks, no array.
        if skipBackButton.contains(point) { return .skipBack }
        if playPauseButton.contains(point) { return .playPause }
        if skipForwardButton.contains(point) { return .skipForward }
        if slider.contains(point) { return .slider }
        return band.contains(point) ? .bar : nil
    }

    /// The slider value under `x`, clamped to 0...1.
    public func fraction(atX x: Double) -> Double {
        guard track.width > 0 else { return 0 }
        return min(1, max(0, (x - track.minX) / track.width))
    }

    /// The thumb centre for `fraction`, clamped to the track.
    public func thumbX(for fraction: Double) -> Double {
        track.minX + min(1, max(0, fraction)) * track.width
    }

    /// The tooltip bubble holding content of `contentSize`, centred above `x` and kept inside
    /// the window.
    public func tooltipFrame(centeredAt x: Double, contentSize: OverlaySize) -> OverlayRect {
        let margin = fontSize * 0.3
        let width = contentSize.width + 2 * margin, height = contentSize.height + margin
        let left = min(max(0, windowSize.width - width), max(0, x - width / 2))
        return OverlayRect(x: left, y: band.minY - barHeight * 0.1 - height, width: width, height: height)
    }
}
