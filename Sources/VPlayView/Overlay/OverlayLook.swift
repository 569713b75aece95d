import VPlayCore

/// Everything that decides the bar's pixels and nothing else: two equal looks draw the
/// same picture, so comparing looks tells the loop whether the overlay needs a redraw.
/// Numbers only (texts are derived), so computing one every frame allocates nothing.
public struct OverlayLook: Equatable, Sendable {
    public struct Tooltip: Equatable, Sendable {
        /// The x the bubble is centred on.
        public var x: Double
        /// Whole seconds under the pointer.
        public var seconds: Double
    }

    /// A picture of the video wanted above the slider: the keyframe nearest `time`, centred on
    /// `x` (the tooltip's x) when the window has room. Only with a thumbnail source attached.
    public struct Preview: Equatable, Sendable {
        public var x: Double
        /// Seconds from the start under the pointer (not rounded).
        public var time: Double
    }

    public var layout: OverlayLayout
    /// The button shows the action it will take: ▶ while paused, ❚❚ while playing.
    public var showsPlayIcon: Bool
    /// Whole seconds shown in the label: playback's, or the dragged thumb's while seeking.
    public var elapsed: Double
    /// nil while the duration is unknown.
    public var duration: Double?
    /// Thumb centre, rounded to a quarter point so playback redraws only when the thumb
    /// visibly moves; nil while the duration is unknown.
    public var thumbX: Double?
    public var hovered: OverlayElement?
    public var tooltip: Tooltip?
    /// Shown with the tooltip (hovering or dragging the slider) when previews are on.
    public var preview: Preview?
    /// Playback rate, to the hundredth shown.
    public var speed: Double
    /// The speaker is crossed out.
    public var isMuted: Bool
    /// Sound waves beside the speaker: none at volume 0, one up to 50 %, else two.
    public var volumeWaves: Int
    /// Volume thumb centre, rounded to a quarter point; nil without a volume slider.
    public var volumeThumbX: Double?
    /// The volume thumb swells while hovered or dragged.
    public var volumeIsActive: Bool
    /// A-B loop marks on the seek track (x, rounded to a quarter point); nil when unset or
    /// while the duration is unknown.
    public var loopAX: Double?
    public var loopBX: Double?
    /// The track menu, while it is open.
    public var trackMenu: TrackMenuLook?
    /// The file's chapters: ticks on the seek track, and the title in the tooltip. The state's
    /// own array, so carrying it costs no allocation.
    public var chapters: [Chapter] = []
    /// What the cache holds on the seek track, as spans of x (whole points): a seek there is
    /// instant. Empty without a cache.
    public var bufferedSpans: [ClosedRange<Double>] = []
    /// The playlist panel, while it is open.
    public var playlistPanel: PlaylistPanelLook? = nil
    /// The context menu, while it is open.
    public var contextMenu: ContextMenuLook? = nil

    public var timeText: String {
        TimeFormat.pair(position: elapsed, duration: duration)
    }

    /// The time under the pointer, and the title of the chapter it falls in, if it has one.
    public var tooltipText: String? {
        tooltip.map { tooltip in
            let time = TimeFormat.label(tooltip.seconds, duration: duration)
            let index = ChapterNavigation.index(at: tooltip.seconds, in: chapters)
            guard index >= 0, let title = chapters[index].title else { return time }
            return "\(time) · \(title)"
        }
    }

    public var speedText: String {
        SpeedControl.label(speed)
    }
}

/// What decides the open track menu's pixels.
public struct TrackMenuLook: Equatable, Sendable {
    public var menu: TrackMenu
    public var layout: TrackMenuLayout
    public var selection: TrackMenu.Selection
    /// The entry under the pointer (an index into `menu.rows`), highlighted.
    public var hoveredRow: Int?
}

/// What decides the open context menu's pixels.
public struct ContextMenuLook: Equatable, Sendable {
    /// The rows of each open plate, the first one first.
    public var plates: [[ContextMenu.Row]]
    public var layout: ContextMenuLayout
    /// The lit row of each plate.
    public var highlighted: [Int?]
}

/// What decides the open playlist panel's pixels: the rows in view and nothing beyond them.
public struct PlaylistPanelLook: Equatable, Sendable {
    public var layout: PlaylistPanelLayout
    /// The entries in view, `layout.visibleRows` of the state's playlist: a slice sharing the
    /// state's storage, so a look costs no copy and comparing two looks no more than those rows.
    public var entries: ArraySlice<PlaylistItem>
    /// The entry playing (marked, on a lighter row); nil when the position is off the list.
    public var current: Int?
    /// The keyboard cursor's entry (ringed); nil for an empty list.
    public var cursor: Int?
    /// The entry under the pointer, lit; nil during a drag.
    public var hoveredRow: Int?
    /// The entry being dragged, and the boundary it would drop at (nil where it would not move).
    public var draggedRow: Int?
    public var dropGap: Int?
}

/// What decides an on-screen message's pixels; nil from the controller when none is shown.
public struct MessageLook: Equatable, Sendable {
    public var layout: MessageLayout
    public var text: String
    /// 1 until the fade, then down in `MessageFade.steps` even steps.
    public var opacity: Double
}
