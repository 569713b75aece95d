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

    /// Moves the pointer to (x, y) in the window's coordinates.
    public static func mouseMove(window: String, x: Int, y: Int) throws {
        try xdotool(moving(window: window, x: x, y: y))
    }

    /// Moves to (x, y) in the window, then presses and releases `button`.
    public static func click(window: String, x: Int, y: Int, button: MouseButton = .left) throws {
        try xdotool(moving(window: window, x: x, y: y) + ["click", "\(button.rawValue)"])
    }

    /// Moves to (x, y) in the window, then presses `button` (start of a drag).
    public static func mouseDown(window: String, x: Int, y: Int, button: MouseButton = .left) throws {
        try xdotool(moving(window: window, x: x, y: y) + ["mousedown", "\(button.rawValue)"])
    }

    /// Moves to (x, y) in the window, then releases `button` (end of a drag).
    public static func mouseUp(window: String, x: Int, y: Int, button: MouseButton = .left) throws {
        try xdotool(moving(window: window, x: x, y: y) + ["mouseup", "\(button.rawValue)"])
    }

    /// Focuses the window and types `keys`, X keysym names such as "space",
    /// "Left", "f" or "ctrl+q". There is no window manager under Xvfb, so the
    /// window is focused directly (`windowactivate` would fail).
    public static func key(window: String, _ keys: String...) throws {
        try xdotool(["windowfocus", "--sync", window, "key"] + keys)
    }

    private static func moving(window: String, x: Int, y: Int) -> [String] {
        ["mousemove", "--sync", "--window", window, "\(x)", "\(y)"]
    }

    private static func xdotool(_ arguments: [String]) throws {
        try ChildProcess.run("xdotool", arguments, timeout: .seconds(10)).requireSuccess()
    }
}
