import Foundation
#if canImport(Glibc)
import Glibc
#endif
import TestSupport
import VPlayView
import XCTest

// Shared helpers for the end-to-end tests that drive the built `vplay` binary
// through its window (PlaybackWindowTests, OverlayMouseTests, KeyboardTests,
// BadInputBinaryTests).

/// Skips the calling test when there is no X display (outside scripts/test-env.sh).
func skipWithoutDisplay() throws {
    try XCTSkipUnless(Screen.isAvailable, "needs DISPLAY (run under scripts/test-env.sh)")
}

/// Frames per second of every `ClipSpec.av` clip these tests use.
let clipFPS = 25.0

// MARK: - Geometry from the product

// Where the tests click and look comes from the player's own `OverlayLayout` and
// `Letterbox` (VPlayView, imported for this pure arithmetic only; the player itself runs as
// the built binary). Window points are pixels under Xvfb (no high-DPI scaling).
// `OverlayLayout.seekTrackMismatch(in:)` checks the layout against what is drawn.

extension OverlayLayout {
    /// The layout the player uses for a clip shorter than an hour in a `width`×`height` window.
    init(windowWidth: Int, windowHeight: Int) {
        self.init(windowSize: OverlaySize(width: Double(windowWidth), height: Double(windowHeight)))
    }

    /// The whole pixel nearest the centre of `rect`, checked to hit `element`: where to click it.
    func target(_ rect: OverlayRect, hitting element: OverlayElement) throws -> (x: Int, y: Int) {
        let x = Int(rect.midX.rounded()), y = Int(rect.midY.rounded())
        let hit = hitTest(OverlayPoint(x: Double(x), y: Double(y)))
        guard hit == element else {
            throw EndToEndError(description: "(\(x), \(y)) hits \(hit.map { "\($0)" } ?? "nothing"), not \(element)")
        }
        return (x, y)
    }

    /// Checks the seek track against a screenshot with the bar shown and the thumb at the far
    /// left (paused on the first frame): the drawn line (brighter than the band just above it)
    /// must run to 2 px short of the track's right end and stop within 2 px past it. Returns
    /// what is wrong, nil when the layout matches the pixels.
    func seekTrackMismatch(in image: RGBImage) -> String? {
        let row = Int(track.midY.rounded(.down))
        let above = Int((track.y - 3).rounded(.down))
        func lift(_ x: Int) -> Double { image.brightness(x: x, y: row) - image.brightness(x: x, y: above) }
        let end = Int(track.maxX.rounded())
        let inside = stride(from: Int(track.x + 3 * thumbRadius), through: end - 2, by: 1).map(lift)
        if let weakest = inside.min(), weakest < 12 {
            return "no seek track drawn all the way to x=\(end - 2) (weakest lift \(weakest))"
        }
        if lift(end + 2) >= 12 {
            return "the seek track goes on past the layout's end x=\(end)"
        }
        return nil
    }
}

// MARK: - Pixels

extension RGBImage {
    /// The colour at (x, y).
    func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8) {
        let offset = (y * width + x) * 3
        return (pixels[offset], pixels[offset + 1], pixels[offset + 2])
    }

    /// Mean of the three channels at (x, y).
    func brightness(x: Int, y: Int) -> Double {
        let offset = (y * width + x) * 3
        return (Double(pixels[offset]) + Double(pixels[offset + 1]) + Double(pixels[offset + 2])) / 3
    }

    /// Mean brightness over a rectangle (clipped to the image).
    func meanBrightness(_ rect: PixelRect) -> Double {
        var sum = 0.0, count = 0
        for y in max(0, rect.y)..<min(height, rect.y + rect.height) {
            for x in max(0, rect.x)..<min(width, rect.x + rect.width) {
                sum += brightness(x: x, y: y)
                count += 1
            }
        }
        return count == 0 ? 0 : sum / Double(count)
    }

    /// The largest channel value in `rect` (clipped to the image).
    func maxChannel(_ rect: PixelRect) -> UInt8 {
        var result: UInt8 = 0
        for y in max(0, rect.y)..<min(height, rect.y + rect.height) {
            for x in max(0, rect.x)..<min(width, rect.x + rect.width) {
                let offset = (y * width + x) * 3
                result = max(result, pixels[offset], pixels[offset + 1], pixels[offset + 2])
            }
        }
        return result
    }

    /// Mean absolute per-channel difference from `other` over `rect`.
    func meanDifference(from other: RGBImage, in rect: PixelRect) -> Double {
        precondition(width == other.width && height == other.height)
        var sum = 0, count = 0
        for y in max(0, rect.y)..<min(height, rect.y + rect.height) {
            for x in max(0, rect.x)..<min(width, rect.x + rect.width) {
                let offset = (y * width + x) * 3
                for channel in 0..<3 {
                    sum += abs(Int(pixels[offset + channel]) - Int(other.pixels[offset + channel]))
                    count += 1
                }
            }
        }
        return count == 0 ? 0 : Double(sum) / Double(count)
    }

    /// Writes the image as PNG (via ImageMagick) and returns where.
    func savePNG(to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let ppm = url.deletingPathExtension().appendingPathExtension("ppm")
        defer { try? FileManager.default.removeItem(at: ppm) }
        try (Data("P6\n\(width) \(height)\n255\n".utf8) + Data(pixels)).write(to: ppm)
        try ChildProcess.run("convert", [ppm.path, url.path], timeout: .seconds(20)).requireSuccess()
    }
}

extension PixelRect {
    init(_ rect: OverlayRect) {
        self.init(x: Int(rect.x.rounded()), y: Int(rect.y.rounded()),
                  width: Int(rect.width.rounded()), height: Int(rect.height.rounded()))
    }

    init(_ box: Letterbox) {
        self.init(x: box.x, y: box.y, width: box.width, height: box.height)
    }
}

/// Seconds elapsed since `start`.
func seconds(since start: ContinuousClock.Instant) -> Double {
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
}

extension Duration {
    var inSeconds: Double { Double(components.seconds) + Double(components.attoseconds) * 1e-18 }
}

struct EndToEndError: Error, CustomStringConvertible {
    let description: String

    init(description: String) { self.description = description }
    init(_ description: String) { self.description = description }
}

// MARK: - A running player with a window

/// The built player playing one file in its own window, driven like a person would:
/// screenshots, clicks and keys through xdotool, plus an IPC connection for assertions.
/// Killed (SIGTERM, then SIGKILL) when the test ends if it is still running.
final class PlayerSession {
    let process: RunningProcess
    let title: String
    let window: String
    /// The window's size.
    let width: Int
    let height: Int
    let displayAspect: Double
    let ipc: IPCClient?
    private let socketPath: String?

    /// How long the window may take to appear: generous, as a heavily loaded machine has
    /// taken over 10 s to show the first one. Everything after that stays strict.
    static let windowTimeout: Duration = .seconds(20)

    /// - Parameters:
    ///   - clip: the file (or http URL) to play; the window is found by its name unless
    ///     `arguments` sets `--title`.
    ///   - displayAspect: the picture's width / height, to find it inside the window.
    ///   - withIPC: open `--input-ipc-server` on a private socket and connect to it.
    ///   - environment: added to the player's (e.g. the address of a private session bus).
    init(clip: URL, arguments: [String] = [], displayAspect: Double = 4.0 / 3.0, withIPC: Bool = true,
         title: String? = nil, environment: [String: String] = [:]) throws {
        var arguments = arguments
        if withIPC {
            // sun_path holds 107 bytes; keep the socket under /tmp whatever TMPDIR is.
            let path = "/tmp/vplay-e2e-\(getpid())-\(UUID().uuidString.prefix(8)).sock"
            socketPath = path
            arguments.append("--input-ipc-server=\(path)")
        } else {
            socketPath = nil
        }
        process = try BinaryRunner.launch(arguments + [clip.isFileURL ? clip.path : clip.absoluteString], environment: environment)
        self.title = title ?? clip.lastPathComponent
        guard let window = try Screen.findWindow(name: self.title, timeout: Self.windowTimeout) else {
            process.terminate()
            let result = process.waitForExit(timeout: .seconds(3))
            throw EndToEndError(description: "no window titled '\(self.title)' appeared; player: status \(result.status), stderr: \(result.errorText)")
        }
        self.window = window
        let geometry = try Screen.windowGeometry(window)
        width = geometry.width
        height = geometry.height
        self.displayAspect = displayAspect
        ipc = try socketPath.map { try IPCClient(path: $0) }
        // The pointer starts over the picture, away from the bar, whatever earlier tests did.
        try mouseMove(x: width / 2, y: height / 4)
    }

    deinit {
        process.terminate()
        process.waitForExit(timeout: .seconds(3))
        if let socketPath { unlink(socketPath) }
    }

    /// Where the picture is inside the window.
    var videoRect: PixelRect {
        PixelRect(Letterbox.fit(displayAspect: displayAspect, inWidth: width, height: height))
    }

    /// The overlay bar's layout in this window (the clips are shorter than an hour).
    var layout: OverlayLayout {
        OverlayLayout(windowWidth: width, windowHeight: height)
    }

    /// The window's picture once `condition` holds for it, polling until `timeout`; nil if it
    /// never did.
    func waitForCapture(timeout: Duration = .seconds(5), where condition: (RGBImage) -> Bool) throws -> RGBImage? {
        var image: RGBImage?
        let held = try poll(timeout: timeout, interval: 0.05) {
            let captured = try capture()
            image = captured
            return condition(captured)
        }
        return held ? image : nil
    }

    func capture() throws -> RGBImage {
        let image = try Screen.capture(window: window)
        guard image.width == width, image.height == height else {
            throw EndToEndError(description: "window is \(image.width)x\(image.height), expected \(width)x\(height)")
        }
        return image
    }

    /// The frame number on screen now, nil when it cannot be read.
    func frameNumber() throws -> Int? {
        FramePattern.read(try capture(), rect: videoRect)
    }

    /// Polls screenshots until the frame number on screen satisfies `condition`; returns
    /// it, or nil once `timeout` passes.
    func waitForFrame(timeout: Duration = .seconds(5), where condition: (Int) -> Bool) throws -> Int? {
        try poll(timeout: timeout, interval: 0.02, until: condition) { try frameNumber() }
    }

    /// Polls screenshots until the same frame number has been on screen for `stillFor`;
    /// returns it, or nil if the picture never settles within `timeout`.
    func waitForStillFrame(stillFor: Duration = .milliseconds(500), timeout: Duration = .seconds(5)) throws -> Int? {
        let deadline = ContinuousClock.now + timeout
        var current: (frame: Int, since: ContinuousClock.Instant)?
        repeat {
            let now = ContinuousClock.now
            if let frame = try frameNumber() {
                if let current, current.frame == frame {
                    if now - current.since >= stillFor { return frame }
                } else {
                    current = (frame, now)
                }
            } else {
                current = nil
            }
            Thread.sleep(forTimeInterval: 0.03)
        } while ContinuousClock.now < deadline
        return nil
    }

    // Pointer input in window coordinates, through TestSupport's Screen helpers.

    func mouseMove(x: Int, y: Int) throws {
        try Screen.mouseMove(window: window, x: x, y: y)
    }

    func click(x: Int, y: Int) throws {
        try Screen.click(window: window, x: x, y: y)
    }

    func mouseDown(x: Int, y: Int) throws {
        try Screen.mouseDown(window: window, x: x, y: y)
    }

    func mouseUp(x: Int, y: Int) throws {
        try Screen.mouseUp(window: window, x: x, y: y)
    }
}

// MARK: - Clips

enum Clips {
    /// 320×240, 25 fps, with the frame pattern and a 440 Hz tone.
    static func av(seconds: Double) throws -> URL {
        try MediaFactory.clip(.av(seconds: seconds))
    }
}

/// Where screenshots kept for people go: outside the repository, so git stays small.
var artifactsDirectory: URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("vplay-artifacts", isDirectory: true)
}
