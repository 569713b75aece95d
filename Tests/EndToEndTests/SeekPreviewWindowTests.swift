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
        let deadline = ContinuousClock.now + patience
        var red = 0
        repeat {
            red = redPixels(in: try player.capture(), above)
            if red > 1000 { break }
            Thread.sleep(forTimeInterval: 0.05)
        } while ContinuousClock.now < deadline
        return red
    }

    func testHoveringTheSliderShowsThePictureOfThatMoment() throws {
        try skipWithoutDisplay()
        XCTAssertGreaterThan(try redAboveTheSlider(arguments: [], patience: .seconds(5)), 1000, "no picture of 0:06 above the slider")
    }

    /// An http source gets its previews too (from a connection of their own).
    func testHoveringTheSliderOfAnHTTPSourceShowsThePictureOfThatMoment() throws {
        try skipWithoutDisplay()
        let server = try NetworkFixture.shared().server
        let name = "previews-\(UUID().uuidString.prefix(8)).mp4"
        let served = server.root.appendingPathComponent(name)
        try FileManager.default.copyItem(at: try MediaFactory.clip(Self.greenThenRed), to: served)
        addTeardownBlock { try? FileManager.default.removeItem(at: served) }
        let url = try XCTUnwrap(URL(string: server.url(name)))
        XCTAssertGreaterThan(try redAboveTheSlider(arguments: [], patience: .seconds(10), source: url), 1000,
                             "no picture of 0:06 above the slider")
    }

    func testWithoutThumbnailsNoPictureShows() throws {
        try skipWithoutDisplay()
        XCTAssertEqual(try redAboveTheSlider(arguments: ["--thumbnails=no"], patience: .seconds(1)), 0)
    }
}
