import Foundation

/// Mouse and keyboard input through xdotool. Events go through XTEST, so the
/// player sees them exactly like real input (no synthetic-event flag).
extension Screen {
    public enum MouseButton: Int, Sendable {
        case left = 1
        case middle = 2
        case right = 3
        case wheelUp = 4
        case wheelDown = 5
    }

    /// The pointer did not land on its target (e.g. the target is off the screen).
    public struct PointerError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Moves the pointer to (x, y) in the window's coordinates; returns once it is there,
    /// also when it already was.
    public static func mouseMove(window: String, x: Int, y: Int) throws {
        try movePointer(window: window, x: x, y: y)
    }

    /// Moves to (x, y) in the window, then presses and releases `button`.
    public static func click(window: String, x: Int, y: Int, button: MouseButton = .left) throws {
        try movePointer(window: window, x: x, y: y)
        try xdotool(["click", "\(button.rawValue)"])
    }

    /// Moves to (x, y) in the window, then presses `button` (start of a drag).
    public static func mouseDown(window: String, x: Int, y: Int, button: MouseButton = .left) throws {
        try movePointer(window: window, x: x, y: y)
        try xdotool(["mousedown", "\(button.rawValue)"])
    }

    /// Moves to (x, y) in the window, then releases `button` (end of a drag).
    public static func mouseUp(window: String, x: Int, y: Int, button: MouseButton = .left) throws {
        try movePointer(window: window, x: x, y: y)
        try xdotool(["mouseup", "\(button.rawValue)"])
    }

    /// Where the pointer is on the screen.
    public static func pointerLocation() throws -> (x: Int, y: Int) {
        try location(in: xdotoolOutput(["getmouselocation", "--shell"]))
    }

    /// Focuses the window and types `keys`, X keysym names such as "space",
    /// "Left", "f" or "ctrl+q". There is no window manager under Xvfb, so the
    /// window is focused directly (`windowactivate` would fail).
    public static func key(window: String, _ keys: String...) throws {
        try xdotool(["windowfocus", "--sync", window, "key"] + keys)
    }

    /// Moves the pointer and returns once it is there. Not `mousemove --sync`: that waits for
    /// the pointer to move, so it never returns when it is already at the target (a second
    /// click on the same spot, a new window where the last one was). Instead the same xdotool
    /// run asks where the pointer is: that request is answered on the same X connection after
    /// the move has been handled, so the answer normally is the target already; if not, the
    /// location is polled until `timeout`.
    private static func movePointer(window: String, x: Int, y: Int, timeout: Duration = .seconds(5)) throws {
        let frame = try windowGeometry(window)
        // `--window` counts from the window's inside, `windowGeometry` from its outer corner:
        // they differ by the X border (none on the player's SDL window, 2 px on xev's), the
        // same on both axes. Anything else means the pointer is not there (yet).
        func isAtTarget(_ location: (x: Int, y: Int)) -> Bool {
            let border = (x: location.x - frame.x - x, y: location.y - frame.y - y)
            return border.x == border.y && (0...32).contains(border.x)
        }
        var location = try location(in: xdotoolOutput(["mousemove", "--window", window, "\(x)", "\(y)",
                                                        "getmouselocation", "--shell"]))
        let deadline = ContinuousClock.now + timeout
        while !isAtTarget(location) {
            guard ContinuousClock.now < deadline else {
                throw PointerError(description: "asked for (\(x), \(y)) in window \(window) at (\(frame.x), \(frame.y)); "
                    + "after \(timeout) the pointer is at (\(location.x), \(location.y)) on the screen")
            }
            Thread.sleep(forTimeInterval: 0.01)
            location = try pointerLocation()
        }
    }

    /// X and Y from `getmouselocation --shell` output (lines like "X=120").
    private static func location(in shell: String) throws -> (x: Int, y: Int) {
        var values: [String: Int] = [:]
        for line in shell.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { values[String(parts[0])] = Int(parts[1]) }
        }
        guard let x = values["X"], let y = values["Y"] else { throw ScreenError.unexpectedOutput(shell) }
        return (x, y)
    }

    private static func xdotoolOutput(_ arguments: [String]) throws -> String {
        try ChildProcess.run("xdotool", arguments, timeout: .seconds(10)).requireSuccess().outputText
    }

    private static func xdotool(_ arguments: [String]) throws {
        try ChildProcess.run("xdotool", arguments, timeout: .seconds(10)).requireSuccess()
    }
}
