import VPlayCore

/// The track menu's interaction: the track button opens it; while it is open it owns the
/// pointer: an entry acts when pressed and released over itself (then the menu closes), a
/// press anywhere else closes it and goes no further (its release too), so a click meant to
/// dismiss the menu never seeks or pauses. Esc closes it too.
public struct TrackMenuState: Equatable, Sendable {
    /// The menu as opened; shown while the file's tracks are still the ones it lists.
    private var menu: TrackMenu?
    private var pressedRow: Int?
    private var pressedButton = false
    /// The press that closed the menu from outside: its release is the menu's too.
    private var swallowsRelease = false

    public init() {}

    /// The menu on screen, nil when closed (or opened on another file's tracks).
    public func openMenu(for state: PlayerState) -> TrackMenu? {
        menu.flatMap { $0.describes(state.tracks) ? $0 : nil }
    }

    /// The track button was clicked: opens the menu on `tracks`, or closes it.
    public mutating func toggle(tracks: [Track]) {
        if menu != nil {
            close()
        } else {
            menu = TrackMenu(tracks: tracks)
        }
    }

    /// Closes the menu (Esc); false when it was not open, so the key can do its usual job.
    public mutating func dismiss(state: PlayerState) -> Bool {
        guard openMenu(for: state) != nil else { return false }
        close()
        return true
    }

    /// Handles `event` while the menu is open or a press that closed it is still down; nil
    /// when the event is not the menu's (it then goes to the bar as usual).
    public mutating func respond(to event: PointerEvent, bar: OverlayLayout,
                                 state: PlayerState) -> OverlayController.Response? {
        if case .down = event { swallowsRelease = false }
        if swallowsRelease, case .up = event {
            swallowsRelease = false
            return OverlayController.Response(consumed: true)
        }
        guard let menu = openMenu(for: state) else {
            close()
            return nil
        }
        let layout = TrackMenuLayout(menu: menu, bar: bar)
        switch event {
        case .move(let point):
            return OverlayController.Response(consumed: layout.frame.contains(point) || bar.hitTest(point) != nil)
        case .down(let point, _):
            pressedRow = nil
            pressedButton = false
            if layout.frame.contains(point) {
                pressedRow = layout.row(at: point)
            } else if bar.hitTest(point) == .tracks {
                pressedButton = true
            } else {
                close()
                swallowsRelease = true
            }
            return OverlayController.Response(consumed: true)
        case .up(let point):
            defer {
                pressedRow = nil
                pressedButton = false
            }
            if pressedButton {
                if bar.hitTest(point) == .tracks { close() }
                return OverlayController.Response(consumed: true)
            }
            guard let row = pressedRow, layout.row(at: point) == row,
                  case .choice(let kind, let choice, _) = menu.rows[row] else {
                return OverlayController.Response(consumed: true)
            }
            close()
            return OverlayController.Response(commands: [.selectTrack(kind, choice)], consumed: true)
        case .wheel(let point, _):
            // Over the video or the bar the wheel keeps its usual job.
            return layout.frame.contains(point) ? OverlayController.Response(consumed: true) : nil
        case .leave:
            return nil
        }
    }

    /// What the open menu shows with the pointer at `pointer`; nil when closed.
    public func look(bar: OverlayLayout, state: PlayerState, pointer: OverlayPoint?) -> TrackMenuLook? {
        guard let menu = openMenu(for: state) else { return nil }
        let layout = TrackMenuLayout(menu: menu, bar: bar)
        // Only entries light up under the pointer: headings do nothing.
        let hovered = pointer.flatMap(layout.row(at:)).flatMap { row -> Int? in
            if case .choice = menu.rows[row] { row } else { nil }
        }
        return TrackMenuLook(menu: menu, layout: layout, selection: TrackMenu.Selection(state), hoveredRow: hovered)
    }

    private mutating func close() {
        menu = nil
        pressedRow = nil
        pressedButton = false
    }
}
