import VPlayCore

/// The overlay's behaviour without SDL: pointer events in, player commands out, plus what to
/// draw and when to wake up. `Overlay` wraps it with SDL event conversion and drawing.
public struct OverlayController: Sendable {
    public struct Response: Equatable, Sendable {
        public var commands: [PlayerCommand]
        /// True when the event was the overlay's (over the bar, part of a drag or double click,
        /// or a wheel turn it acted on).
        public var consumed: Bool
        /// Seconds to ask the thumbnail source for: set when the event moved the preview to a
        /// new time (hovering or dragging over the slider with previews on).
        public var previewRequest: Double?
        /// The desktop's file chooser is wanted (the context menu's "Open file…").
        public var opensFileChooser = false

        public init(commands: [PlayerCommand] = [], consumed: Bool, previewRequest: Double? = nil) {
            self.commands = commands
            self.consumed = consumed
            self.previewRequest = previewRequest
        }
    }

    /// Seconds per wheel notch over the slider.
    public static let wheelStep: Double = 5
    /// Seconds per skip button press.
    public static let skipStep: Double = 10
    /// Volume percent per wheel notch over the video or the volume controls (mpv's default).
    public static let volumeWheelStep: Double = 2

    public var windowSize: OverlaySize
    /// A thumbnail source is attached (a video file, previews not turned off): the look then
    /// carries a `preview` wherever it carries a tooltip.
    public var previewsEnabled = false
    public private(set) var slider = SliderState()
    public private(set) var volumeSlider = VolumeSliderState()
    public private(set) var trackMenu = TrackMenuState()
    public private(set) var playlistPanel = PlaylistPanelState()
    public private(set) var contextMenu = ContextMenuState()
    /// The subtitle search while it is open.
    public var searchField: SearchField?
    private var visibility: OverlayVisibility
    /// nil while the pointer is outside the window.
    private var pointer: OverlayPoint?
    /// The button under the last press: a button acts when released over itself.
    private var pressedButton: OverlayElement?

    public init(windowSize: OverlaySize, now: Double) {
        self.windowSize = windowSize
        visibility = OverlayVisibility(now: now)
    }

    public func layout(for state: PlayerState) -> OverlayLayout {
        let longest = max(state.duration ?? 0, state.position)
        return OverlayLayout(windowSize: windowSize, showsHours: longest >= 3600,
                             showsTrackButton: TrackMenu.offersChoice(state.tracks),
                             showsPlaylistButton: state.playlist.count > 1,
                             isPictureInPicture: state.windowSettings.isPictureInPicture)
    }

    public mutating func handle(_ event: PointerEvent, state: PlayerState, now: Double) -> Response {
        let before = previewTime(state: state)
        var response = respond(to: event, state: state, now: now)
        // Only a new time is worth a request: the source keeps the newest one anyway.
        if let after = previewTime(state: state), after != before {
            response.previewRequest = after
        }
        return response
    }

    /// The time a preview is wanted for: previews on, a known duration, and the tooltip shown.
    public func previewTime(state: PlayerState) -> Double? {
        guard previewsEnabled, let duration = Self.seekableDuration(state), let fraction = slider.tooltipFraction else {
            return nil
        }
        return fraction * duration
    }

    /// Closes the open menu, the playlist panel or the track menu (Esc); false when neither
    /// was open.
    public mutating func dismissTrackMenu(state: PlayerState) -> Bool {
        contextMenu.close() || playlistPanel.dismiss() || trackMenu.dismiss(state: state)
    }

    /// Feeds a key press to the overlay: F8 opens and closes the playlist panel; while the
    /// panel is open it takes its keys (`PlaylistPanelState`); Esc closes the panel or the track
    /// menu. `consumed` false: the key is not the overlay's, and goes to the player's bindings.
    public mutating func handleKey(_ press: OverlayKeyPress, state: PlayerState, now: Double) -> Response {
        let layout = layout(for: state)
        if let outcome = contextMenu.handleKey(press, windowSize: windowSize, fontSize: Self.menuFontSize(layout)) {
            return response(to: outcome, layout: layout, state: state)
        }
        if press.key == PlaylistPanel.key, press.isPlain {
            guard !press.isRepeat else { return Response(consumed: true) }
            if playlistPanel.isOpen {
                playlistPanel.close()
                // The bar then hides after the usual delay, not at once.
                visibility.noteActivity(at: now)
            } else {
                openPlaylistPanel(layout: layout, state: state)
            }
            return Response(consumed: true)
        }
        if let response = playlistPanel.handleKey(press, bar: layout, state: state, now: now) {
            return response
        }
        if press.key == .key(.escape), press.isPlain, trackMenu.dismiss(state: state) {
            return Response(consumed: true)
        }
        return Response(consumed: false)
    }

    /// A right click at `point`: opens the context menu there, closing the track menu and the
    /// playlist panel.
    public mutating func openContextMenu(at point: OverlayPoint, state: PlayerState, now: Double) {
        let layout = layout(for: state)
        _ = trackMenu.dismiss(state: state)
        playlistPanel.close()
        track(point, now: now)
        slider.hover(atX: nil, layout: layout, duration: state.duration)
        contextMenu.open(ContextMenu.rows(state: state), at: point, windowSize: windowSize,
                         fontSize: Self.menuFontSize(layout))
    }

    /// The context menu's entries are the size of the track menu's.
    public static func menuFontSize(_ layout: OverlayLayout) -> Double {
        layout.fontSize * 0.9
    }

    private mutating func response(to outcome: ContextMenuState.Outcome, layout: OverlayLayout,
                                   state: PlayerState) -> Response {
        guard case .activate(let target) = outcome else { return Response(consumed: true) }
        var response = Response(consumed: true)
        switch target {
        case .command(let command): response.commands = [command]
        case .openFiles: response.opensFileChooser = true
        case .playlist: openPlaylistPanel(layout: layout, state: state)
        case .submenu, .none: break
        }
        return response
    }

    /// One open at a time: the panel replaces the track menu.
    private mutating func openPlaylistPanel(layout: OverlayLayout, state: PlayerState) {
        _ = trackMenu.dismiss(state: state)
        contextMenu.close()
        playlistPanel.open(bar: layout, state: state)
        slider.hover(atX: nil, layout: layout, duration: state.duration)
    }

    private mutating func respond(to event: PointerEvent, state: PlayerState, now: Double) -> Response {
        let layout = layout(for: state)
        if let outcome = contextMenu.respond(to: event, windowSize: windowSize, fontSize: Self.menuFontSize(layout)) {
            if let point = event.point { track(point, now: now) }
            // The menu has the pointer: no time tooltip under it.
            slider.hover(atX: nil, layout: layout, duration: state.duration)
            return response(to: outcome, layout: layout, state: state)
        }
        if let response = playlistPanel.respond(to: event, bar: layout, state: state, now: now) {
            if let point = event.point { track(point, now: now) } else { pointer = nil }
            // The panel has the pointer: no time tooltip under it.
            slider.hover(atX: nil, layout: layout, duration: state.duration)
            return response
        }
        if let response = trackMenu.respond(to: event, bar: layout, state: state) {
            if let point = event.point { track(point, now: now) } else { pointer = nil }
            // The menu has the pointer: no time tooltip under it.
            slider.hover(atX: nil, layout: layout, duration: state.duration)
            return response
        }
        switch event {
        case .move(let point):
            track(point, now: now)
            if slider.isDragging {
                slider.drag(toX: point.x, layout: layout)
                return Response(consumed: true)
            }
            if volumeSlider.isDragging {
                return Response(commands: volumeSlider.drag(toX: point.x, layout: layout, state: state), consumed: true)
            }
            let element = layout.hitTest(point)
            slider.hover(atX: element == .slider ? point.x : nil, layout: layout, duration: state.duration)
            return Response(consumed: element != nil)

        case .down(let point, let clicks):
            track(point, now: now)
            switch layout.hitTest(point) {
            case nil:
                return clicks == 2 ? Response(commands: [.toggleFullscreen], consumed: true) : Response(consumed: false)
            case .slider:
                slider.press(atX: point.x, layout: layout, state: state)
            case .volume:
                return Response(commands: volumeSlider.press(atX: point.x, layout: layout, state: state), consumed: true)
            case .bar:
                break
            case let button?:
                pressedButton = button
            }
            return Response(consumed: true)

        case .up(let point):
            track(point, now: now)
            let element = layout.hitTest(point)
            if slider.isDragging {
                let commands = slider.release(atX: point.x, layout: layout, duration: state.duration)
                slider.hover(atX: element == .slider ? point.x : nil, layout: layout, duration: state.duration)
                return Response(commands: commands, consumed: true)
            }
            if volumeSlider.isDragging {
                return Response(commands: volumeSlider.release(atX: point.x, layout: layout, state: state), consumed: true)
            }
            if let button = pressedButton {
                pressedButton = nil
                if button == .tracks, element == button {
                    trackMenu.toggle(tracks: state.tracks)
                    slider.hover(atX: nil, layout: layout, duration: state.duration)
                }
                if button == .playlist, element == button {
                    openPlaylistPanel(layout: layout, state: state)
                }
                let command = element == button ? Self.command(for: button, state: state) : nil
                return Response(commands: command.map { [$0] } ?? [], consumed: true)
            }
            return Response(consumed: element != nil)

        case .wheel(let point, let notches):
            track(point, now: now)
            let element = layout.hitTest(point)
            guard notches != 0 else { return Response(consumed: element != nil) }
            switch element {
            case .slider:
                return Response(commands: [.seek(.relative(Self.wheelStep * Double(notches)), .keyframe)], consumed: true)
            case .speed:
                let speed = SpeedControl.wheel(from: state.speed, notches: notches)
                return Response(commands: speed == state.speed ? [] : [.setSpeed(speed)], consumed: true)
            case nil, .mute, .volume:
                // Over the video too, as in mpv.
                return Response(commands: [.addVolume(Self.volumeWheelStep * Double(notches))], consumed: true)
            case .skipBack, .playPause, .skipForward, .tracks, .playlist, .bar, .pictureInPicture, .closePictureInPicture:
                return Response(consumed: true)
            }

        case .leave:
            pointer = nil
            slider.hover(atX: nil, layout: layout, duration: state.duration)
            return Response(consumed: false)
        }
    }

    public func isShown(state: PlayerState, now: Double) -> Bool {
        visibility.isShown(now: now, isHeld: isHeld(state))
    }

    /// When the overlay will change by itself (the bar hides, a message fades a step or
    /// expires); nil when nothing is pending.
    public func nextDeadline(state: PlayerState, now: Double) -> Double? {
        let bar = visibility.nextDeadline(now: now, isHeld: isHeld(state))
        let panel = playlistPanel.nextDeadline(bar: layout(for: state), state: state, now: now)
        let message = hasMessage(state) ? MessageFade.nextDeadline(now: now, expiry: state.messageExpiry) : nil
        func earliest(_ a: Double?, _ b: Double?) -> Double? {
            guard let a else { return b }
            return b.map { min(a, $0) } ?? a
        }
        return earliest(earliest(bar, panel), message)
    }

    public func hidesCursor(state: PlayerState, now: Double) -> Bool {
        visibility.hidesCursor(now: now, isHeld: isHeld(state), isFullscreen: state.isFullscreen)
    }

    /// What the bar shows now, or nil when it is hidden.
    public func look(state: PlayerState, now: Double) -> OverlayLook? {
        guard isShown(state: state, now: now) else { return nil }
        let layout = layout(for: state)
        if layout.isPictureInPicture { return reducedLook(layout: layout, state: state, now: now) }
        let duration = Self.seekableDuration(state)
        func quarter(_ x: Double) -> Double { (x * 4).rounded() / 4 }
        let thumbX = slider.displayedFraction(state: state).map { quarter(layout.thumbX(for: $0)) }
        let tooltip = duration.flatMap { duration in
            slider.tooltipFraction.map {
                OverlayLook.Tooltip(x: layout.thumbX(for: $0), seconds: ($0 * duration).rounded(.down))
            }
        }
        // While the thumb is held, the label tells where the release will seek.
        var elapsed = state.position.rounded(.down)
        if case .dragging(let drag) = slider.phase, let duration {
            elapsed = (drag.fraction * duration).rounded(.down)
        }
        func loopMark(_ seconds: Double?) -> Double? {
            guard let seconds, let duration else { return nil }
            return quarter(layout.thumbX(for: seconds / duration))
        }
        let preview = tooltip.flatMap { tooltip in
            previewTime(state: state).map { OverlayLook.Preview(x: tooltip.x, time: $0) }
        }
        let hovered = pointer.flatMap(layout.hitTest)
        let volumeWaves = state.volume <= 0 ? 0 : state.volume <= 50 ? 1 : 2
        return OverlayLook(layout: layout, showsPlayIcon: state.isPaused, elapsed: elapsed,
                           duration: duration, thumbX: thumbX, hovered: hovered, tooltip: tooltip, preview: preview,
                           speed: (state.speed * 100).rounded() / 100, isMuted: state.isMuted,
                           volumeWaves: volumeWaves,
                           volumeThumbX: layout.volumeThumbX(for: volumeSlider.displayedFraction(state: state)).map(quarter),
                           volumeIsActive: hovered == .volume || volumeSlider.isDragging,
                           loopAX: loopMark(state.abLoopA), loopBX: loopMark(state.abLoopB),
                           trackMenu: trackMenu.look(bar: layout, state: state, pointer: pointer),
                           chapters: state.chapters,
                           bufferedSpans: Self.bufferedSpans(state, duration: duration, layout: layout),
                           playlistPanel: playlistPanel.look(bar: layout, state: state, pointer: pointer, now: now),
                           contextMenu: contextMenu.look(windowSize: windowSize, fontSize: Self.menuFontSize(layout)))
    }

    /// The picture-in-picture bar: play/pause and close, nothing that moves during playback.
    private func reducedLook(layout: OverlayLayout, state: PlayerState, now: Double) -> OverlayLook {
        OverlayLook(layout: layout, showsPlayIcon: state.isPaused, elapsed: 0, duration: nil, thumbX: nil,
                    hovered: pointer.flatMap(layout.hitTest), tooltip: nil, preview: nil, speed: 1, isMuted: false,
                    volumeWaves: 0, volumeThumbX: nil, volumeIsActive: false, loopAX: nil, loopBX: nil, trackMenu: nil,
                    playlistPanel: playlistPanel.look(bar: layout, state: state, pointer: pointer, now: now),
                    contextMenu: contextMenu.look(windowSize: windowSize, fontSize: Self.menuFontSize(layout)))
    }

    /// The cache's seekable ranges on the track, in whole points so that playback redraws
    /// only when a span visibly grows.
    static func bufferedSpans(_ state: PlayerState, duration: Double?, layout: OverlayLayout) -> [ClosedRange<Double>] {
        guard let duration, duration > 0, let ranges = state.cache?.seekableRanges else { return [] }
        return ranges.compactMap { range in
            let start = layout.thumbX(for: min(1, range.lowerBound / duration)).rounded()
            let end = layout.thumbX(for: min(1, range.upperBound / duration)).rounded()
            return end > start ? start...end : nil
        }
    }

    /// The on-screen message now, or nil when there is none; independent of the bar.
    public func messageLook(state: PlayerState, now: Double) -> MessageLook? {
        // The open search field takes the message's place.
        if let searchField {
            return MessageLook(layout: MessageLayout(windowSize: windowSize), text: searchField.label, opacity: 1)
        }
        guard hasMessage(state), let text = state.message else { return nil }
        let opacity = MessageFade.opacity(now: now, expiry: state.messageExpiry)
        guard opacity > 0 else { return nil }
        return MessageLook(layout: MessageLayout(windowSize: windowSize), text: text, opacity: opacity)
    }

    private mutating func track(_ point: OverlayPoint, now: Double) {
        pointer = point
        visibility.noteActivity(at: now)
    }

    /// Held on screen: paused, pointer over the bar, dragging a slider, the track menu or the
    /// playlist panel open.
    private func isHeld(_ state: PlayerState) -> Bool {
        state.isPaused || slider.isDragging || volumeSlider.isDragging || trackMenu.openMenu(for: state) != nil
            || playlistPanel.isOpen || contextMenu.isOpen
            || pointer.map { layout(for: state).band.contains($0) } ?? false
    }

    /// The duration when it is known and the slider can seek.
    private static func seekableDuration(_ state: PlayerState) -> Double? {
        state.duration.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
    }

    private func hasMessage(_ state: PlayerState) -> Bool {
        !(state.message?.isEmpty ?? true)
    }

    /// What the picture-in-picture button and its close button send: Alt+p's command, so the
    /// `picture-in-picture` property stays the one state.
    public static let pictureInPictureCommand = PlayerCommand.adjust(property: "picture-in-picture", .cycle(up: true))

    private static func command(for button: OverlayElement, state: PlayerState) -> PlayerCommand? {
        switch button {
        case .skipBack: .seek(.relative(-skipStep), .exact)
        case .skipForward: .seek(.relative(skipStep), .exact)
        case .playPause: .togglePause
        case .speed: .setSpeed(SpeedControl.next(after: state.speed))
        case .mute: .toggleMute
        case .pictureInPicture, .closePictureInPicture: pictureInPictureCommand
        case .slider, .volume, .tracks, .playlist, .bar: nil
        }
    }
}
