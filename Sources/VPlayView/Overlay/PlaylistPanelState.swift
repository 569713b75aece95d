import VPlayCore

/// The playlist panel's interaction. The playlist button or F8 opens it, scrolled to show the
/// entry playing, with the keyboard cursor on it; they close it again, and so do Esc and a
/// press outside it (which goes no further, its release neither, so a click meant to close the
/// panel never seeks or pauses). While it is open it owns the pointer and stays on screen, the
/// bar with it:
///
/// - a row pressed and released over itself plays its entry (`.playlistPlay`), once for a
///   double click;
/// - a row dragged more than a third of a row up or down moves its entry to the boundary between
///   rows nearest the pointer (`.playlistMove`); held past the top or bottom row, the list
///   scrolls by itself, faster the further out the pointer is;
/// - the wheel over it scrolls, `wheelRows` rows a notch;
/// - Up and Down move the cursor (Page Up and Down by a plateful, Home and End to the ends),
///   scrolling to keep it in view; Enter plays its entry, Delete removes it
///   (`.playlistRemove`).
///
/// The cursor and the scroll position are indices, read against the playlist as it is at each
/// event and frame, and kept within it there.
public struct PlaylistPanelState: Equatable, Sendable {
    /// Rows per wheel notch.
    public static let wheelRows = 3

    public private(set) var isOpen = false
    /// The top row, in rows; fractional only while a drag scrolls the list by itself.
    private var scrollPosition: Double = 0
    private var autoscroll: Autoscroll?
    private var cursor = 0
    private var press: Press?
    /// The entry of the last click that played: a double click on it plays it once.
    private var playedRow: Int?
    private var pressedButton = false
    /// The press that closed the panel from outside: its release is the panel's too.
    private var swallowsRelease = false

    /// A row pressed and not yet released; `isDragging` once it moved far enough. `plays`:
    /// released over its row, it plays the entry (not for a double click's second press).
    private struct Press: Equatable {
        var row: Int
        var startY: Double
        var y: Double
        var isDragging: Bool
        var plays: Bool
    }

    /// The list scrolling by itself from `since` (the scroll position then is `scrollPosition`).
    private struct Autoscroll: Equatable {
        var since: Double
        var rowsPerSecond: Double
    }

    public init() {}

    /// Opens the panel on `state`'s playlist: the entry playing in the middle, the cursor on it.
    /// An empty playlist has nothing to show: the panel stays closed.
    public mutating func open(bar: OverlayLayout, state: PlayerState) {
        let count = state.playlist.count
        guard count > 0 else { return }
        let current = min(max(0, state.playlistPosition), max(0, count - 1))
        close()
        isOpen = true
        cursor = current
        scrollPosition = Double(PlaylistPanelLayout.firstRow(centering: current, entryCount: count,
                                                             capacity: PlaylistPanelLayout.capacity(bar: bar)))
    }

    public mutating func close() {
        isOpen = false
        autoscroll = nil
        press = nil
        playedRow = nil
        pressedButton = false
    }

    /// Closes the panel (Esc); false when it was not open, so the key can do its usual job.
    public mutating func dismiss() -> Bool {
        guard isOpen else { return false }
        close()
        return true
    }

    /// The panel's rows at `now` (the scroll position moves by itself during a drag).
    public func layout(bar: OverlayLayout, state: PlayerState, now: Double) -> PlaylistPanelLayout {
        PlaylistPanelLayout(bar: bar, entryCount: state.playlist.count, firstRow: firstRow(now: now))
    }

    /// Handles `event` while the panel is open or a press that closed it is still down; nil when
    /// the event is not the panel's (it then goes on to the bar and the video).
    public mutating func respond(to event: PointerEvent, bar: OverlayLayout, state: PlayerState,
                                 now: Double) -> OverlayController.Response? {
        if case .down = event { swallowsRelease = false }
        if swallowsRelease, case .up = event {
            swallowsRelease = false
            return OverlayController.Response(consumed: true)
        }
        guard isOpen else { return nil }
        let layout = layout(bar: bar, state: state, now: now)
        let consumed = OverlayController.Response(consumed: true)
        switch event {
        case .move(let point):
            guard var press else {
                return OverlayController.Response(consumed: layout.frame.contains(point) || bar.hitTest(point) != nil)
            }
            if !press.isDragging, abs(point.y - press.startY) >= layout.rowHeight / 3 { press.isDragging = true }
            press.y = point.y
            self.press = press
            if press.isDragging { steer(towards: point.y, layout: layout, now: now) }
            return consumed

        case .down(let point, let clicks):
            press = nil
            pressedButton = false
            if layout.frame.contains(point) {
                if let row = layout.row(at: point) {
                    let repeated = clicks >= 2 && row == playedRow
                    press = Press(row: row, startY: point.y, y: point.y, isDragging: false, plays: !repeated)
                    cursor = row
                }
                playedRow = nil
            } else if bar.hitTest(point) == .playlist {
                pressedButton = true
            } else {
                close()
                swallowsRelease = true
            }
            return consumed

        case .up(let point):
            if pressedButton {
                pressedButton = false
                if bar.hitTest(point) == .playlist { close() }
                return consumed
            }
            guard let press else { return consumed }
            self.press = nil
            guard press.isDragging else {
                guard press.plays, layout.row(at: point) == press.row else { return consumed }
                playedRow = press.row
                return OverlayController.Response(commands: [.playlistPlay(press.row)], consumed: true)
            }
            settle(now: now, layout: layout)
            let dropped = self.layout(bar: bar, state: state, now: now)
            let gap = dropped.gap(atY: point.y)
            guard press.row < dropped.entryCount, gap != press.row, gap != press.row + 1 else { return consumed }
            // The cursor goes with the entry.
            cursor = gap > press.row ? gap - 1 : gap
            return OverlayController.Response(commands: [.playlistMove(from: press.row, to: gap)], consumed: true)

        case .wheel(let point, let notches):
            // Over the video or the bar the wheel keeps its usual job; during a drag it scrolls.
            guard layout.frame.contains(point) || press?.isDragging == true else { return nil }
            settle(now: now, layout: layout)
            let top = Int(scrollPosition) - notches * Self.wheelRows
            scrollPosition = Double(min(max(0, top), layout.maxFirstRow))
            return consumed

        case .leave:
            return nil
        }
    }

    /// The panel's keys while it is open; nil for the others, and while closed.
    public mutating func handleKey(_ key: OverlayKeyPress, bar: OverlayLayout, state: PlayerState,
                                   now: Double) -> OverlayController.Response? {
        guard isOpen, key.isPlain else { return nil }
        let layout = layout(bar: bar, state: state, now: now)
        let count = layout.entryCount
        let cursor = min(max(0, self.cursor), max(0, count - 1))
        let page = max(1, layout.visibleCount - 1)
        let consumed = OverlayController.Response(consumed: true)
        var target: Int
        switch key.key {
        case .key(.escape):
            close()
            return consumed
        case .key(.enter):
            guard count > 0, !key.isRepeat else { return consumed }
            return OverlayController.Response(commands: [.playlistPlay(cursor)], consumed: true)
        case .delete:
            guard count > 0 else { return consumed }
            return OverlayController.Response(commands: [.playlistRemove(cursor)], consumed: true)
        case .key(.up): target = cursor - 1
        case .key(.down): target = cursor + 1
        case .key(.pageUp): target = cursor - page
        case .key(.pageDown): target = cursor + page
        case .key(.home): target = 0
        case .key(.end): target = count - 1
        default:
            return nil
        }
        guard count > 0 else { return consumed }
        target = min(max(0, target), count - 1)
        self.cursor = target
        settle(now: now, layout: layout)
        scrollPosition = Double(layout.firstRow(showing: target))
        return consumed
    }

    /// What the open panel shows at `now` with the pointer at `pointer`; nil when closed. Looks
    /// at the rows in view only: the entries it carries are a slice of the state's own array.
    public func look(bar: OverlayLayout, state: PlayerState, pointer: OverlayPoint?, now: Double) -> PlaylistPanelLook? {
        guard isOpen else { return nil }
        let layout = layout(bar: bar, state: state, now: now)
        let count = layout.entryCount
        var dragged: Int?, dropGap: Int?, hovered: Int?
        if let press, press.isDragging {
            if press.row < count {
                dragged = press.row
                let gap = layout.gap(atY: press.y)
                // A drop that would leave the entry where it is shows no mark.
                if gap != press.row, gap != press.row + 1 { dropGap = gap }
            }
        } else {
            hovered = pointer.flatMap(layout.row(at:))
        }
        return PlaylistPanelLook(layout: layout, entries: state.playlist[layout.visibleRows],
                                 current: (0..<count).contains(state.playlistPosition) ? state.playlistPosition : nil,
                                 cursor: count > 0 ? min(max(0, cursor), count - 1) : nil,
                                 hoveredRow: hovered, draggedRow: dragged, dropGap: dropGap)
    }

    /// When the panel will change by itself: the next row scrolled into view while a drag holds
    /// the pointer past an edge. nil when nothing moves.
    public func nextDeadline(bar: OverlayLayout, state: PlayerState, now: Double) -> Double? {
        guard isOpen, let autoscroll, autoscroll.rowsPerSecond != 0 else { return nil }
        let layout = layout(bar: bar, state: state, now: now)
        let row = Double(layout.firstRow), speed = abs(autoscroll.rowsPerSecond)
        // The next row shows once the position has gone a whole row past the one shown (a hair
        // later, so that rounding cannot leave it unshown at the deadline).
        let margin = 1e-6
        if autoscroll.rowsPerSecond > 0 {
            guard layout.firstRow < layout.maxFirstRow else { return nil }
            return autoscroll.since + (row + 1 - scrollPosition) / speed + margin
        }
        guard layout.firstRow > 0 else { return nil }
        return autoscroll.since + (scrollPosition - (row - 1)) / speed + margin
    }

    /// The scroll position at `now`, past the list's ends while scrolling by itself.
    private func position(now: Double) -> Double {
        guard let autoscroll else { return scrollPosition }
        return scrollPosition + autoscroll.rowsPerSecond * max(0, now - autoscroll.since)
    }

    /// The top row at `now`: the row the position has reached, in the direction it moves.
    private func firstRow(now: Double) -> Int {
        let position = min(max(0, position(now: now)), Double(Int32.max))
        return Int((autoscroll?.rowsPerSecond ?? 0) < 0 ? position.rounded(.up) : position.rounded(.down))
    }

    /// Makes the scroll position at `now` the starting point, within the list, keeping the part
    /// of a row it has gone.
    private mutating func fold(now: Double, layout: PlaylistPanelLayout) {
        scrollPosition = min(max(0, position(now: now)), Double(layout.maxFirstRow))
        autoscroll?.since = now
    }

    /// Stops the scrolling by itself on the row shown at `now`.
    private mutating func settle(now: Double, layout: PlaylistPanelLayout) {
        scrollPosition = Double(min(firstRow(now: now), layout.maxFirstRow))
        autoscroll = nil
    }

    /// Starts, changes or stops the scrolling by itself for a drag whose pointer is at height `y`:
    /// 8 rows a second just past the top or bottom row, four times that a row further out, up to
    /// 2,000 rows a second.
    private mutating func steer(towards y: Double, layout: PlaylistPanelLayout, now: Double) {
        let area = layout.rowsArea
        let beyond = y < area.minY ? area.minY - y : y >= area.maxY ? y - area.maxY : -1
        guard beyond >= 0, layout.rowHeight > 0 else {
            settle(now: now, layout: layout)
            return
        }
        let rows = 1 + beyond / layout.rowHeight
        let speed = min(2000, 8 * rows * rows), velocity = y < area.minY ? -speed : speed
        // Same way: the part of a row gone so far counts; the other way starts from the row shown.
        if let autoscroll, (autoscroll.rowsPerSecond < 0) == (velocity < 0) {
            fold(now: now, layout: layout)
        } else {
            settle(now: now, layout: layout)
        }
        autoscroll = Autoscroll(since: now, rowsPerSecond: velocity)
    }
}
