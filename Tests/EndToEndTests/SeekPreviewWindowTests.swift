import Foundation
import TestSupport
import VPlayView
import XCTest

/// Hovering the slider in the real window shows a picture of that moment. The file is opened
/// for previews only once the pointer comes onto the window, so this also checks that the
/// first hover still brings its picture.
final class SeekPreviewWindowTests: XCTestCase {
    /// Green for 4 s, then red; a keyframe every second.
    private static let greenThenRed = ClipSpec(name: "green-then-red", fileExtension: "mp4", arguments: [
        "-f", "lavfi", "-i",
        "color=c=green:s=320x240:r=25:d=8,drawbox=x=0:y=0:w=iw:h=ih:color=red:t=fill:enable='gte(t,4)'",
        "-c:v", "libx264", "-preset", "ultrafast", "-g", "25", "-pix_fmt", "yuv420p",
    ])

    /// The same, with noise that makes each second weigh ~0.5 MB, and the index at the front:
    /// one request reads it from the start, and a jump to 0:06 needs a request of its own.
    private static let heavyGreenThenRed = ClipSpec(name: "heavy-green-then-red", fileExtension: "mp4", arguments: [
        "-f", "lavfi", "-i",
        "color=c=green:s=320x240:r=25:d=8,drawbox=x=0:y=0:w=iw:h=ih:color=red:t=fill:enable='gte(t,4)',noise=alls=24:allf=t",
        "-c:v", "libx264", "-preset", "ultrafast", "-g", "25", "-pix_fmt", "yuv420p", "-movflags", "+faststart",
    ])

    private let geometry = "--geometry=960x480"

    /// Strongly red pixels in `rect` of `image`.
    private func redPixels(in image: RGBImage, _ rect: PixelRect) -> Int {
        var count = 0
        for y in max(0, rect.y)..<min(image.height, rect.y + rect.height) {
            for x in max(0, rect.x)..<min(image.width, rect.x + rect.width) {
                let at = (y * image.width + x) * 3
                if image.pixels[at] > 160 && image.pixels[at + 1] < 80 && image.pixels[at + 2] < 80 { count += 1 }
            }
        }
        return count
    }

    /// Paused on the green start, the pointer goes to 75 % of the slider: a red picture (6 s)
    /// must appear above it. Returns the red pixels seen there, polling for up to `patience`.
    private func redAboveTheSlider(arguments: [String], patience: Duration, source: URL? = nil) throws -> Int {
        let clip = try source ?? MediaFactory.clip(Self.greenThenRed)
        let player = try PlayerSession(clip: clip, arguments: [geometry, "--pause"] + arguments)
        let layout = player.layout
        let y = Int(layout.track.midY.rounded())
        let x = Int(layout.thumbX(for: 0.75).rounded())
        // Above the slider, centred on the pointer: where the tooltip and its picture go.
        let above = PixelRect(x: x - 150, y: 0, width: 300, height: y - 10)
        // The window may open under the pointer where an earlier test left it, over the slider:
        // that preview goes once the player has seen the pointer move away.
        XCTAssertTrue(try poll(timeout: .seconds(5)) { redPixels(in: try player.capture(), above) == 0 },
                      "red on screen before hovering")
        try player.mouseMove(x: Int(layout.slider.x) - 20, y: y)
        try player.mouseMove(x: x, y: y)
        var red = 0
        _ = try poll(timeout: patience, interval: 0.05) {
            red = redPixels(in: try player.capture(), above)
            return red > 1000
        }
        return red
    }

    /// `spec`'s clip under a name of its own on the test web server, for this test only.
    private func serve(_ spec: ClipSpec) throws -> (url: URL, server: NginxServer) {
        let server = try NetworkFixture.shared().server
        let name = "previews-\(UUID().uuidString.prefix(8)).mp4"
        let served = server.root.appendingPathComponent(name)
        try FileManager.default.copyItem(at: try MediaFactory.clip(spec), to: served)
        addTeardownBlock { try? FileManager.default.removeItem(at: served) }
        return (try XCTUnwrap(URL(string: server.url(name))), server)
    }

    func testHoveringTheSliderShowsThePictureOfThatMoment() throws {
        try skipWithoutDisplay()
        XCTAssertGreaterThan(try redAboveTheSlider(arguments: [], patience: .seconds(5)), 1000, "no picture of 0:06 above the slider")
    }

    /// An http source gets its previews too (from a connection of their own).
    func testHoveringTheSliderOfAnHTTPSourceShowsThePictureOfThatMoment() throws {
        try skipWithoutDisplay()
        let (url, _) = try serve(Self.greenThenRed)
        XCTAssertGreaterThan(try redAboveTheSlider(arguments: [], patience: .seconds(10), source: url), 1000,
                             "no picture of 0:06 above the slider")
    }

    /// Once playback's cache holds the whole http source, the preview of 0:06 is decoded from
    /// it: the preview's own connection makes no request beyond the opening read from the start.
    func testPreviewsOfAnHTTPSourceComeFromTheCache() throws {
        try skipWithoutDisplay()
        let (url, server) = try serve(Self.heavyGreenThenRed)
        // Not over the slider where an earlier test left it: the window may open under it, and a
        // preview asked for before the cache holds that moment rightly reads the source.
        _ = try ChildProcess.run("xdotool", ["mousemove", "0", "0"]).requireSuccess()
        let player = try PlayerSession(clip: url, arguments: [geometry, "--loop-file=inf"])
        let ipc = try XCTUnwrap(player.ipc)
        XCTAssertTrue(try poll(timeout: .seconds(20)) {
            let state = try ipc.property("demuxer-cache-state") as? [String: Any]
            let ranges = state?["seekable-ranges"] as? [[String: Any]] ?? []
            return ranges.contains { ($0["start"] as? Double ?? 9) <= 0.5 && ($0["end"] as? Double ?? 0) >= 7.5 }
        }, "the cache never held the whole clip")
        _ = try ipc.command(["set_property", "pause", true])
        _ = try ipc.command(["seek", 0.5, "absolute"])
        let cacheAfterSeek = try ipc.property("demuxer-cache-state") ?? "none"
        let layout = player.layout
        let y = Int(layout.track.midY.rounded())
        let above = PixelRect(x: 0, y: 0, width: player.width, height: y - 10)
        XCTAssertNotNil(try player.waitForCapture(timeout: .seconds(5)) { redPixels(in: $0, above) == 0 },
                        "the green start never showed")
        try player.mouseMove(x: Int(layout.slider.x) - 20, y: y)
        try player.mouseMove(x: Int(layout.thumbX(for: 0.75).rounded()), y: y)
        XCTAssertNotNil(try player.waitForCapture(timeout: .seconds(10)) { redPixels(in: $0, above) > 1000 },
                        "no picture of 0:06 above the slider")
        // nginx logs a request once it is over: quit so every connection is closed.
        _ = try? ipc.command(["quit"])
        player.process.waitForExit(timeout: .seconds(10))
        let requests = server.requests().filter { $0.path == url.path }
        XCTAssertGreaterThanOrEqual(requests.count, 2, "playback and the previews each open the source: \(requests)")
        XCTAssertEqual(requests.filter { ($0.rangeStart ?? 0) > 0 }, [], "a preview went to the server for a moment the cache held; cache after the seek: \(cacheAfterSeek)")
    }

    func testWithoutThumbnailsNoPictureShows() throws {
        try skipWithoutDisplay()
        XCTAssertEqual(try redAboveTheSlider(arguments: ["--thumbnails=no"], patience: .seconds(1)), 0)
    }
}
