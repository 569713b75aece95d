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

    /// The pointer did not reach its target in time (e.g. the target is off the screen).
    public struct PointerError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Moves the pointer to (x, y) in the window's coordinates and returns once it is there.
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
        let shell = try ChildProcess.run("xdotool", ["getmouselocation", "--shell"], timeout: .seconds(10))
            .requireSuccess().outputText
        // Lines like "X=120".
        var values: [String: Int] = [:]
        for line in shell.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { values[String(parts[0])] = Int(parts[1]) }
        }
        guard let x = values["X"], let y = values["Y"] else { throw ScreenError.unexpectedOutput(shell) }
        return (x, y)
    }

    /// Focuses the window and types `keys`, X keysym names such as "space",
    /// "Left", "f" or "ctrl+q". There is no window manager under Xvfb, so the
    /// window is focused directly (`windowactivate` would fail).
    public static func key(window: String, _ keys: String...) throws {
        try xdotool(["windowfocus", "--sync", window, "key"] + keys)
    }

    /// Moves the pointer and polls until it is at the target. Not `mousemove --sync`: that
    /// waits for the pointer to move, so it never returns when it is already there (a second
    /// click on the same spot). An unneeded move is skipped, so it sends no motion event.
    private static func movePointer(window: String, x: Int, y: Int, timeout: Duration = .seconds(10)) throws {
        let frame = try windowGeometry(window)
        let target = (x: frame.x + x, y: frame.y + y)
        var location = try pointerLocation()
        if location == target { return }
        try xdotool(["mousemove", "--window", window, "\(x)", "\(y)"])
        let deadline = ContinuousClock.now + timeout
        while true {
            location = try pointerLocation()
            if location == target { return }
            guard ContinuousClock.now < deadline else {
                throw PointerError(description: "pointer at \(location), not at \(target) (\(x), \(y) in window \(window)) after \(timeout)")
            }
            Thread.sleep(forTimeInterval: 0.005)
        }
    }

    private static func xdotool(_ arguments: [String]) throws {
        try ChildProcess.run("xdotool", arguments, timeout: .seconds(10)).requireSuccess()
    }
}
