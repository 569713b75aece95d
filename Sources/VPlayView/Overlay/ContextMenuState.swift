/// The context menu's interaction. A right click opens it at the pointer. While open it owns
/// the pointer over its plates: the row under the pointer lights, a row with a submenu opens it
/// beside itself, an entry acts when pressed and released over itself (then the menu closes); a
/// press outside every plate closes the menu and goes no further (its release too). The keys:
/// Up and Down (Home, End) move through the last plate's entries, Right or Enter opens a
/// submenu, Enter acts on an entry, Left or Esc closes the last submenu, Esc on the first plate
/// closes the menu.
public struct ContextMenuState: Equatable, Sendable {
    /// What the menu does with an event it takes.
    public enum Outcome: Equatable, Sendable {
        case consumed
        /// An entry was chosen: the menu has closed.
        case activate(ContextMenu.Row.Target)
    }

    /// The rows of each open plate: the first, then each submenu opened from the one before.
    public private(set) var plates: [[ContextMenu.Row]] = []
    /// The lit row of each open plate; every plate but the last has its open submenu's row lit.
    public private(set) var highlighted: [Int?] = []
    private var origin = OverlayPoint(x: 0, y: 0)
    /// The layout for the window size and font it was made for.
    private var layout: ContextMenuLayout?
    private var layoutFor: (size: OverlaySize, font: Double)?
    private var pressed: (plate: Int, row: Int)?
    /// The press that closed the menu from outside: its release is the menu's too.
    private var swallowsRelease = false

    public init() {}

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.plates == rhs.plates && lhs.highlighted == rhs.highlighted && lhs.origin == rhs.origin
            && lhs.layout == rhs.layout && lhs.pressed?.plate == rhs.pressed?.plate && lhs.pressed?.row == rhs.pressed?.row
            && lhs.swallowsRelease == rhs.swallowsRelease
    }

    public var isOpen: Bool { !plates.isEmpty }

    /// Opens the menu with `rows`, its corner at `point`; a menu already open is replaced.
    public mutating func open(_ rows: [ContextMenu.Row], at point: OverlayPoint, windowSize: OverlaySize, fontSize: Double) {
        plates = [rows]
        highlighted = [nil]
        origin = point
        pressed = nil
        swallowsRelease = false
        relayout(windowSize: windowSize, fontSize: fontSize)
    }

    /// Closes the menu; false when it was not open.
    @discardableResult
    public mutating func close() -> Bool {
        guard isOpen else { return false }
        plates = []
        highlighted = []
        layout = nil
        layoutFor = nil
        pressed = nil
        return true
    }

    /// The layout of the open plates for this window and font; nil when closed.
    public func layout(windowSize: OverlaySize, fontSize: Double) -> ContextMenuLayout? {
        guard isOpen else { return nil }
        if let layout, let layoutFor, layoutFor.size == windowSize, layoutFor.font == fontSize { return layout }
        return makeLayout(windowSize: windowSize, fontSize: fontSize)
    }

    /// Handles a pointer event while the menu is open (or a press that closed it is still
    /// down); nil when the event is not the menu's.
    public mutating func respond(to event: PointerEvent, windowSize: OverlaySize, fontSize: Double) -> Outcome? {
        if case .down = event { swallowsRelease = false }
        if swallowsRelease, case .up = event {
            swallowsRelease = false
            return .consumed
        }
        guard isOpen else { return nil }
        relayout(windowSize: windowSize, fontSize: fontSize)
        let hit = event.point.flatMap { layout?.hit($0) }
        switch event {
        case .move:
            guard let hit else { return nil }
            if let row = hit.row { point(at: row, inPlate: hit.plate) }
            relayout(windowSize: windowSize, fontSize: fontSize)
            return .consumed
        case .down:
            pressed = nil
            guard let hit else {
                close()
                swallowsRelease = true
                return .consumed
            }
            if let row = hit.row {
                point(at: row, inPlate: hit.plate)
                relayout(windowSize: windowSize, fontSize: fontSize)
                pressed = (hit.plate, row)
            }
            return .consumed
        case .up:
            defer { pressed = nil }
            guard let hit, let row = hit.row, let pressed, pressed == (hit.plate, row) else { return .consumed }
            return activate(plates[hit.plate][row])
        case .wheel:
            return hit == nil ? nil : .consumed
        case .leave:
            return nil
        }
    }

    /// Handles a key while the menu is open; nil when the key is not the menu's (it then goes
    /// to the bindings, and the menu stays).
    public mutating func handleKey(_ press: OverlayKeyPress, windowSize: OverlaySize, fontSize: Double) -> Outcome? {
        guard isOpen, press.isPlain, case .key(let key) = press.key else { return nil }
        let last = plates.count - 1
        switch key {
        case .down, .up, .home, .end:
            let rows = plates[last]
            let enabled = rows.indices.filter { rows[$0].isEnabled }
            guard !enabled.isEmpty else { return .consumed }
            let current = highlighted[last]
            let next: Int? = switch key {
            case .down: current.flatMap { now in enabled.first { $0 > now } } ?? enabled.first
            case .up: current.flatMap { now in enabled.last { $0 < now } } ?? enabled.last
            case .home: enabled.first
            default: enabled.last
            }
            highlighted[last] = next
        case .right, .enter:
            guard let row = highlighted[last] else { return .consumed }
            if let submenu = plates[last][row].submenu {
                plates.append(submenu)
                highlighted.append(submenu.firstIndex { $0.isEnabled })
            } else if key == .enter {
                return activate(plates[last][row])
            }
        case .left:
            if plates.count > 1 { closeLastPlate() }
        case .escape:
            if plates.count > 1 { closeLastPlate() } else { close() }
            return .consumed
        default:
            return nil
        }
        relayout(windowSize: windowSize, fontSize: fontSize)
        return .consumed
    }

    /// The pointer is over `row` of a plate: it lights, deeper plates close, and its own
    /// submenu opens.
    private mutating func point(at row: Int, inPlate plate: Int) {
        let target = plates[plate][row]
        guard target.isEnabled else {
            plates.removeSubrange((plate + 1)...)
            highlighted.removeSubrange((plate + 1)...)
            highlighted[plate] = nil
            return
        }
        if highlighted[plate] == row, plates.count > plate + 1 { return }
        plates.removeSubrange((plate + 1)...)
        highlighted.removeSubrange((plate + 1)...)
        highlighted[plate] = row
        if let submenu = target.submenu {
            plates.append(submenu)
            highlighted.append(nil)
        }
    }

    private mutating func closeLastPlate() {
        plates.removeLast()
        highlighted.removeLast()
    }

    private mutating func activate(_ row: ContextMenu.Row) -> Outcome {
        switch row.target {
        case .submenu, .none: return .consumed
        case let target:
            close()
            return .activate(target)
        }
    }

    private mutating func relayout(windowSize: OverlaySize, fontSize: Double) {
        layout = makeLayout(windowSize: windowSize, fontSize: fontSize)
        layoutFor = (windowSize, fontSize)
    }

    private func makeLayout(windowSize: OverlaySize, fontSize: Double) -> ContextMenuLayout {
        let openRows = highlighted.dropLast().map { $0 ?? 0 }
        return ContextMenuLayout(windowSize: windowSize, origin: origin, shapes: plates.map(ContextMenuLayout.Shape.init),
                                 openRows: Array(openRows), preferredFontSize: fontSize)
    }
}

extension ContextMenuState {
    /// What the open menu shows; nil when closed.
    public func look(windowSize: OverlaySize, fontSize: Double) -> ContextMenuLook? {
        layout(windowSize: windowSize, fontSize: fontSize).map {
            ContextMenuLook(plates: plates, layout: $0, highlighted: highlighted)
        }
    }
}
