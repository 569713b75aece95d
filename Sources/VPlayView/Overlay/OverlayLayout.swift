/// Where everything in the bottom bar goes for one window size. Pure arithmetic, so any
/// window size can be checked without a window.
///
/// Left to right: skip −10 s, play/pause, skip +10 s, the `elapsed / total` label, the seek
/// slider taking the rest, then on the right the picture-in-picture button, the playlist button
/// (only with more than one file), the track button (only for files with tracks to choose among),
/// the speed label, the mute button and the volume slider. Every size scales with the bar height,
/// itself a clamped share of the window height, so the bar is readable from 640×360 to 3840×2160.
/// The volume slider is dropped when keeping it would leave the seek slider shorter than
/// `minimumSliderBars` bar heights (below 576 points wide at the smallest bar); the mute button
/// and the wheel still reach the volume.
///
/// In picture-in-picture the window is small and the bar keeps only play/pause, in the middle,
/// and the button that closes picture-in-picture, on the right; the other rects are empty.
public struct OverlayLayout: Equatable, Sendable {
    /// The seek slider's shortest length, in bar heights, before the volume slider gives way.
    public static let minimumSliderBars: Double = 4

    public let windowSize: OverlaySize
    /// The reduced bar of the picture-in-picture window.
    public let isPictureInPicture: Bool
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
    /// Opens the track menu; nil when the file has no tracks to choose among.
    public let trackButton: OverlayRect?
    /// Opens the playlist panel; nil when not asked for (a single file).
    public let playlistButton: OverlayRect?
    /// The speed label, a button: the full band height.
    public let speedButton: OverlayRect
    public let muteButton: OverlayRect
    /// The volume slider's hit area and drawn line; nil when the window is too narrow.
    public let volumeSlider: OverlayRect?
    public let volumeTrack: OverlayRect?
    public let volumeThumbRadius: Double
    /// Enters picture-in-picture; nil in picture-in-picture.
    public let pictureInPictureButton: OverlayRect?
    /// Leaves picture-in-picture; only in picture-in-picture.
    public let closeButton: OverlayRect?
    /// Point sizes of the label font and of the small "10" on the skip buttons.
    public let fontSize: Double
    public let smallFontSize: Double
    /// Side of the square an icon is drawn in.
    public let iconSize: Double

    /// The bar height for a window: 9 % of its height, kept within 40...140 points and the window.
    public static func barHeight(forWindowHeight height: Double) -> Double {
        let h = max(0, height)
        return min(h, min(140, max(40, h * 0.09)))
    }

    /// - Parameters:
    ///   - showsHours: reserve room for `h:mm:ss / h:mm:ss` rather than `mm:ss / mm:ss`.
    ///   - showsTrackButton: give the track button a place (see `TrackMenu.offersChoice`).
    ///   - showsPlaylistButton: give the playlist button a place, left of the track button.
    ///   - isPictureInPicture: the reduced bar: play/pause and close only.
    public init(windowSize: OverlaySize, showsHours: Bool = false, showsTrackButton: Bool = false,
                showsPlaylistButton: Bool = false, isPictureInPicture: Bool = false) {
        self.windowSize = windowSize
        self.isPictureInPicture = isPictureInPicture
        let w = max(0, windowSize.width), h = max(0, windowSize.height)
        let bar = Self.barHeight(forWindowHeight: h)
        barHeight = bar
        band = OverlayRect(x: 0, y: h - bar, width: w, height: bar)
        fontSize = bar * 0.34
        smallFontSize = bar * 0.24
        iconSize = bar * 0.36
        thumbRadius = bar * 0.13
        volumeThumbRadius = bar * 0.11

        let padding = bar * 0.2
        let buttonWidth = bar * 0.9
        let top = h - bar
        func column(_ x: Double, _ width: Double) -> OverlayRect {
            OverlayRect(x: x, y: top, width: max(0, width), height: bar)
        }
        let trackHeight = max(2, bar * 0.08)
        if isPictureInPicture {
            playPauseButton = column(w / 2 - buttonWidth / 2, buttonWidth)
            closeButton = column(w - padding - buttonWidth, buttonWidth)
            pictureInPictureButton = nil
            let none = column(padding, 0)
            skipBackButton = none
            skipForwardButton = none
            timeLabel = none
            slider = none
            speedButton = none
            muteButton = none
            track = OverlayRect(x: none.x, y: band.midY - trackHeight / 2, width: 0, height: trackHeight)
            trackButton = nil
            playlistButton = nil
            volumeSlider = nil
            volumeTrack = nil
            return
        }
        closeButton = nil
        skipBackButton = column(padding, buttonWidth)
        playPauseButton = column(skipBackButton.maxX, buttonWidth)
        skipForwardButton = column(playPauseButton.maxX, buttonWidth)
        // DejaVu Sans digits are 0.64 em wide; the label is sized for its widest text.
        let labelEms = showsHours ? 8.9 : 6.9
        timeLabel = column(skipForwardButton.maxX + padding / 2, labelEms * fontSize)
        let sliderStart = timeLabel.maxX + padding

        // The right-hand group, laid from the right edge inwards. "0.75×" is 3.1 em wide.
        let speedWidth = 3.4 * fontSize, volumeWidth = bar * 1.6
        let trackWidth = showsTrackButton ? buttonWidth : 0
        let playlistWidth = showsPlaylistButton ? buttonWidth : 0
        let sliderEndWithVolume = w - padding - buttonWidth - volumeWidth - buttonWidth - speedWidth - trackWidth
            - playlistWidth - padding / 2
        var right = w - padding
        if sliderEndWithVolume - sliderStart >= Self.minimumSliderBars * bar {
            let volume = column(right - volumeWidth, volumeWidth)
            volumeSlider = volume
            right = volume.minX
        } else {
            volumeSlider = nil
        }
        muteButton = column(right - buttonWidth, buttonWidth)
        speedButton = column(muteButton.minX - speedWidth, speedWidth)
        trackButton = showsTrackButton ? column(speedButton.minX - trackWidth, trackWidth) : nil
        let beforePlaylist = trackButton?.minX ?? speedButton.minX
        playlistButton = showsPlaylistButton ? column(beforePlaylist - playlistWidth, playlistWidth) : nil
        let pictureInPicture = column((playlistButton?.minX ?? beforePlaylist) - buttonWidth, buttonWidth)
        pictureInPictureButton = pictureInPicture
        let rightGroupStart = pictureInPicture.minX
        slider = column(sliderStart, rightGroupStart - padding / 2 - sliderStart)

        track = OverlayRect(x: slider.x + thumbRadius, y: band.midY - trackHeight / 2,
                            width: max(0, slider.width - 2 * thumbRadius), height: trackHeight)
        if let volumeSlider {
            volumeTrack = OverlayRect(x: volumeSlider.x + volumeThumbRadius, y: track.y,
                                      width: max(0, volumeSlider.width - 2 * volumeThumbRadius), height: trackHeight)
        } else {
            volumeTrack = nil
        }
    }

    public func hitTest(_ point: OverlayPoint) -> OverlayElement? {
        // Called every frame for the hover highlight: plain checks, no array.
        guard band.contains(point) else { return nil }
        if isPictureInPicture {
            if playPauseButton.contains(point) { return .playPause }
            if let closeButton, closeButton.contains(point) { return .closePictureInPicture }
            return .bar
        }
        if skipBackButton.contains(point) { return .skipBack }
        if playPauseButton.contains(point) { return .playPause }
        if skipForwardButton.contains(point) { return .skipForward }
        if slider.contains(point) { return .slider }
        if let trackButton, trackButton.contains(point) { return .tracks }
        if let playlistButton, playlistButton.contains(point) { return .playlist }
        if speedButton.contains(point) { return .speed }
        if muteButton.contains(point) { return .mute }
        if let volumeSlider, volumeSlider.contains(point) { return .volume }
        if let pictureInPictureButton, pictureInPictureButton.contains(point) { return .pictureInPicture }
        return .bar
    }

    /// The slider value under `x`, clamped to 0...1.
    public func fraction(atX x: Double) -> Double {
        Self.fraction(atX: x, on: track)
    }

    /// The thumb centre for `fraction`, clamped to the track.
    public func thumbX(for fraction: Double) -> Double {
        Self.x(for: fraction, on: track)
    }

    /// The volume slider value under `x`, 0...1; 0 without a volume slider.
    public func volumeFraction(atX x: Double) -> Double {
        volumeTrack.map { Self.fraction(atX: x, on: $0) } ?? 0
    }

    /// The volume thumb centre for `fraction`; nil without a volume slider.
    public func volumeThumbX(for fraction: Double) -> Double? {
        volumeTrack.map { Self.x(for: fraction, on: $0) }
    }

    /// An A-B loop mark centred on `x`: a short upright bar across the seek track.
    public func loopMark(atX x: Double) -> OverlayRect {
        let width = max(2, barHeight * 0.045), height = barHeight * 0.36
        return OverlayRect(x: x - width / 2, y: track.midY - height / 2, width: width, height: height)
    }

    /// A chapter's tick on the seek track at `x`: thin, just taller than the track.
    public func chapterTick(atX x: Double) -> OverlayRect {
        let width = max(1.5, barHeight * 0.03), height = track.height + barHeight * 0.1
        return OverlayRect(x: x - width / 2, y: track.midY - height / 2, width: width, height: height)
    }

    /// The tooltip bubble holding content of `contentSize`, centred above `x` and kept inside
    /// the window.
    public func tooltipFrame(centeredAt x: Double, contentSize: OverlaySize) -> OverlayRect {
        let margin = fontSize * 0.3
        let width = contentSize.width + 2 * margin, height = contentSize.height + margin
        let left = min(max(0, windowSize.width - width), max(0, x - width / 2))
        return OverlayRect(x: left, y: band.minY - barHeight * 0.1 - height, width: width, height: height)
    }

    /// The seek preview's picture (inside its border) for a picture of `pictureSize` points,
    /// centred above `x` and standing on the tooltip bubble whose top is `bubbleTop`, with
    /// `border` points of frame around it. Kept inside the window with a small margin; shrunk
    /// (aspect kept) when the window is too small for it; nil when there is no room at all.
    public func previewFrame(centeredAt x: Double, pictureSize: OverlaySize, bubbleTop: Double,
                             border: Double) -> OverlayRect? {
        guard pictureSize.width > 0, pictureSize.height > 0 else { return nil }
        let margin = barHeight * 0.1
        let inset = margin + border
        let bottom = bubbleTop - barHeight * 0.1 - border
        let room = OverlaySize(width: windowSize.width - 2 * inset, height: bottom - inset)
        let shrink = min(1, room.width / pictureSize.width, room.height / pictureSize.height)
        let width = pictureSize.width * shrink, height = pictureSize.height * shrink
        guard width >= barHeight * 0.5, height >= barHeight * 0.3 else { return nil }
        let left = min(max(inset, x - width / 2), windowSize.width - inset - width)
        return OverlayRect(x: left, y: bottom - height, width: width, height: height)
    }

    private static func fraction(atX x: Double, on track: OverlayRect) -> Double {
        guard track.width > 0 else { return 0 }
        return min(1, max(0, (x - track.minX) / track.width))
    }

    private static func x(for fraction: Double, on track: OverlayRect) -> Double {
        track.minX + min(1, max(0, fraction)) * track.width
    }
}
