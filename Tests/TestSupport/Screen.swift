import Foundation

/// The X display of an end-to-end test (see scripts/test-env.sh): finding the
/// player's window and taking screenshots, via xdotool and ImageMagick.
/// Window IDs are xdotool's decimal strings.
public enum Screen {
    /// True when DISPLAY is set; tests that need a display skip otherwise.
    public static var isAvailable: Bool {
        !(ProcessInfo.processInfo.environment["DISPLAY"] ?? "").isEmpty
    }

    /// The ID of the visible window titled exactly `name`, waiting up to
    /// `timeout` for it to appear; nil if it does not.
    public static func findWindow(name: String, timeout: Duration = .seconds(10)) throws -> String? {
        let pattern = "^" + NSRegularExpression.escapedPattern(for: name) + "$"
        let result = try ChildProcess.run("xdotool", ["search", "--sync", "--onlyvisible", "--name", pattern],
                                          timeout: timeout)
        guard result.succeeded else { return nil }
        return result.outputText.split(separator: "\n").first.map(String.init)
    }

    /// The window's position on the screen and its size.
    public static func windowGeometry(_ window: String) throws -> PixelRect {
        let shell = try ChildProcess.run("xdotool", ["getwindowgeometry", "--shell", window], timeout: .seconds(10))
            .requireSuccess().outputText
        // Lines like "WIDTH=640".
        var values: [String: Int] = [:]
        for line in shell.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { values[String(parts[0])] = Int(parts[1]) }
        }
        guard let x = values["X"], let y = values["Y"], let width = values["WIDTH"], let height = values["HEIGHT"] else {
            throw ScreenError.unexpectedOutput(shell)
        }
        return PixelRect(x: x, y: y, width: width, height: height)
    }

    /// A screenshot of `window`'s contents, or of the whole screen when nil.
    public static func capture(window: String? = nil) throws -> RGBImage {
        let result = try ChildProcess.run("import", ["-silent", "-window", window ?? "root", "-depth", "8", "ppm:-"],
                                          timeout: .seconds(20))
            .requireSuccess()
        return try PPMDecoder.decode([UInt8](result.standardOutput))
    }
}

extension Screen {
    /// True when the pointer shows in the square of `size` pixels from screen point (x, y),
    /// where nothing else is white: the screen as the user sees it (ffmpeg's X capture draws
    /// the pointer as XFixes reports it, a hidden one empty) has the pointer's white outline.
    public static func showsPointer(x: Int, y: Int, size: Int = 48) throws -> Bool {
        let display = ProcessInfo.processInfo.environment["DISPLAY"] ?? ":0"
        let result = try ChildProcess.run("ffmpeg", ["-v", "error", "-f", "x11grab", "-draw_mouse", "1",
                                                     "-video_size", "\(size)x\(size)", "-i", "\(display)+\(x),\(y)",
                                                     "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "gray", "-"],
                                          timeout: .seconds(20)).requireSuccess()
        return result.standardOutput.contains { $0 > 200 }
    }
}

public enum ScreenError: Error {
    case unexpectedOutput(String)
}
