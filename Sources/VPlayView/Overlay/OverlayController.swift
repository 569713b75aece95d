import VPlayCore

/// The overlay's behaviour without SDL: pointer events in, player commands out, plus what to
/// draw and when to wake up. `Overlay` wraps it with SDL event conversion and drawing.
public struct OverlayController: Sendable {
    public struct Response: Equatable, Sendable {
        public var commands: [PlayerCommand]
        /// True when the event was the overlay's (over the bar, or part of a drag or double click).
        public var consumed: Bool

        public init(commands: [PlayerCommand] = [], consumed: Bool) {
            self.commands = commands
            self.consumed = consumed
        }
    }

    /// Seconds per wheel notch over the slider.
    public static let wheelStep: Double = 5
    /// Seconds per skip button press.
    public static let skipStep: Double = 10

    public var windowSize: OverlaySize
    public private(set) var slider = SliderState()
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
        return OverlayLayout(windowSize: windowSize, showsHours: longest >= 3600)
    }

    public mutating func handle(_ event: PointerEvent, state: PlayerState, now: Double) -> Response {
        let layout = layout(for: state)
        switch event {
        case .move(let point):
            track(point, now: now)
            if slider.isDragging {
                slider.drag(toX: point.x, layout: layout)
                return Response(consumed: true)
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
            if let button = pressedButton {
                pressedButton = nil
                let command = element == button ? Self.command(for: button) : nil
                return Response(commands: command.map { [$0] } ?? [], consumed: true)
            }
            return Response(consumed: element != nil)

        case .wheel(let point, let notches):
            track(point, now: now)
            let element = layout.hitTest(point)
            guard element == .slider, notches != 0 else { return Response(consumed: element != nil) }
            return Response(commands: [.seek(.relative(Self.wheelStep * Double(notches)), .keyframe)], consumed: true)

        case .leave:
            pointer = nil
            slider.hover(atX: nil, layout: layout, duration: state.duration)
            return Response(consumed: false)
        }
    }

    public func isShown(state: PlayerState, now: Double) -> Bool {
        visibility.isShown(now: now, isHeld: isHeld(state))
    }

    /// When the bar will hide by itself; nil when nothing is pending.
    public func nextDeadline(state: PlayerState, now: Double) -> Double? {
        visibility.nextDeadline(now: now, isHeld: isHeld(state))
    }

    public func hidesCursor(state: PlayerState, now: Double) -> Bool {
        visibility.hidesCursor(now: now, isHeld: isHeld(state), isFullscreen: state.isFullscreen)
    }

    /// What the overlay shows now, or nil when it is hidden.
    public func look(state: PlayerState, now: Double) -> OverlayLook? {
        guard isShown(state: state, now: now) else { return nil }
        let layout = layout(for: state)
        let duration = state.duration.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        let thumbX = slider.displayedFraction(state: state).map { (layout.thumbX(for: $0) * 4).rounded() / 4 }
        let tooltip = duration.flatMap { duration in
            slider.tooltipFraction.map {
                OverlayLook.Tooltip(x: layout.thumbX(for: $0), seconds: ($0 * duration).rounded(.down))
            }
        }
        return OverlayLook(layout: layout, showsPlayIcon: state.isPaused, elapsed: state.position.rounded(.down),
                           duration: duration, thumbX: thumbX, hovered: pointer.flatMap(layout.hitTest),
                           tooltip: tooltip)
    }

    private mutating func track(_ point: OverlayPoint, now: Double) {
        pointer = point
        visibility.noteActivity(at: now)
    }

    /// Held on screen: paused, pointer over the bar, or dragging the slider.
    private func isHeld(_ state: PlayerState) -> Bool {
        state.isPaused || slider.isDragging || pointer.map { layout(for: state).band.contains($0) } ?? false
    }

    private static func command(for button: OverlayElement) -> PlayerCommand? {
        switch button {
        case .skipBack: .seek(.relative(-skipStep), .exact)
        case .skipForward: .seek(.relative(skipStep), .exact)
        case .playPause: .togglePause
        case .slider, .bar: nil
        }
    }
}
