import Foundation
import TestSupport
import VPlayView
import XCTest

/// Subtitles drawn by the real binary in a real window: where libass puts a styled line, text
/// formats from several containers, the controls (`sub-visibility`, `sub-delay`), seeking into a
/// line, bottom lines moved above the bar.
final class SubtitleBinaryTests: XCTestCase {
    /// 640×480: the clips' 320×240 script coordinates times two.
    private let size = (width: 640, height: 480)

    /// Where `\pos(80,60)` centres the first ASS line, with room for its width.
    private var topLeftLine: PixelRect { PixelRect(x: 60, y: 100, width: 200, height: 40) }
    /// Where nothing is ever drawn.
    private var emptyCorner: PixelRect { PixelRect(x: 400, y: 30, width: 200, height: 150) }

    private func session(_ format: ClipSpec.SubtitleFormat, _ arguments: [String] = []) throws -> PlayerSession {
        try PlayerSession(clip: try MediaFactory.clip(.subtitled(format)),
                          arguments: ["--pause", "--geometry=\(size.width)x\(size.height)"] + arguments)
    }

    func testStyledASSLineIsDrawnWhereItIsPlacedAndVisibilityHidesIt() throws {
        try skipWithoutDisplay()
        let player = try session(.ass)
        let ipc = try XCTUnwrap(player.ipc)
        XCTAssertEqual(try ipc.property("sid") as? Int, 1, "the default subtitle track is chosen")
        _ = try ipc.command(["seek", 2, "absolute+exact"])
        XCTAssertTrue(try poll(timeout: .seconds(5)) { try ipc.property("sub-text") as? String == "First words" })
        let shown = try player.waitForCapture { self.hasText($0, in: self.topLeftLine) }
        XCTAssertNotNil(shown, "no bright text with a dark outline around \\pos(80,60)")
        if let shown {
            XCTAssertLessThan(shown.maxChannel(emptyCorner), 100, "something drawn away from the line")
        }

        _ = try ipc.command(["set_property", "sub-visibility", false])
        XCTAssertNotNil(try player.waitForCapture { !self.hasText($0, in: self.topLeftLine) }, "sub-visibility false left the line")
        XCTAssertEqual(try ipc.property("sub-text") as? String, "First words", "the text is still there to read")
        _ = try ipc.command(["set_property", "sub-visibility", true])
        XCTAssertNotNil(try player.waitForCapture { self.hasText($0, in: self.topLeftLine) }, "the line did not come back")

        _ = try ipc.command(["seek", 3.5, "absolute+exact"])
        XCTAssertTrue(try poll(timeout: .seconds(5)) { try ipc.property("sub-text") as? String == "" })
        XCTAssertNotNil(try player.waitForCapture { !self.hasText($0, in: self.topLeftLine) }, "the line outlived its end")
    }

    func testDelayShiftsTheLines() throws {
        try skipWithoutDisplay()
        let player = try session(.ass)
        let ipc = try XCTUnwrap(player.ipc)
        _ = try ipc.command(["seek", 2, "absolute+exact"])
        XCTAssertTrue(try poll(timeout: .seconds(5)) { try ipc.property("sub-text") as? String == "First words" })
        XCTAssertEqual(try ipc.double("sub-start"), 1, accuracy: 0.01)
        _ = try ipc.command(["set_property", "sub-delay", 1.5])
        XCTAssertTrue(try poll(timeout: .seconds(5)) { try ipc.property("sub-text") as? String == "" }, "the line still shows 1.5 s early")
        XCTAssertNotNil(try player.waitForCapture { !self.hasText($0, in: self.topLeftLine) })
        _ = try ipc.command(["seek", 4, "absolute+exact"])
        XCTAssertTrue(try poll(timeout: .seconds(5)) { try ipc.property("sub-text") as? String == "First words" })
        XCTAssertEqual(try ipc.double("sub-start"), 2.5, accuracy: 0.01)
        XCTAssertNotNil(try player.waitForCapture { self.hasText($0, in: self.topLeftLine) }, "the delayed line is not drawn")
    }

    func testBottomLineClearsTheBarAndPlainFormatsShowTheirText() throws {
        try skipWithoutDisplay()
        for format in [ClipSpec.SubtitleFormat.srt, .webvtt, .movText] {
            let player = try session(format)
            let ipc = try XCTUnwrap(player.ipc)
            _ = try ipc.command(["seek", 5, "absolute+exact"])
            XCTAssertTrue(try poll(timeout: .seconds(5)) { try ipc.property("sub-text") as? String == "Second words" }, "\(format)")
            // Paused, the bar shows: the line sits just above it, not under it.
            let bar = Int(OverlayLayout.barHeight(forWindowHeight: Double(size.height)).rounded(.up))
            let band = PixelRect(x: size.width / 4, y: size.height - bar - 90, width: size.width / 2, height: 88)
            XCTAssertNotNil(try player.waitForCapture { self.hasText($0, in: band) }, "\(format): no line above the bar")
            _ = try ipc.command(["seek", 7, "absolute+exact"])
            XCTAssertNotNil(try player.waitForCapture { !self.hasText($0, in: band) }, "\(format): the line outlived its end")
        }
    }

    func testSeekIntoALineWhilePlayingShowsItAtOnce() throws {
        try skipWithoutDisplay()
        let player = try PlayerSession(clip: try MediaFactory.clip(.subtitled(.ass)),
                                       arguments: ["--geometry=\(size.width)x\(size.height)"])
        let ipc = try XCTUnwrap(player.ipc)
        _ = try ipc.command(["seek", 1.8, "absolute+exact"])
        let seen = try player.waitForCapture(timeout: .seconds(3)) { self.hasText($0, in: self.topLeftLine) }
        XCTAssertNotNil(seen, "the line sought into did not show")
        let position = try ipc.double("time-pos")
        XCTAssertLessThan(position, 3, "the line showed only after it should have ended")
    }

    func testScreenshotsHaveTheSubtitlesAndScreenshotVideoHasNot() throws {
        try skipWithoutDisplay()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vplay-subshots-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let player = try session(.ass, ["--start=2", "--screenshot-directory=\(directory.path)"])
        let ipc = try XCTUnwrap(player.ipc)
        XCTAssertNotNil(try player.waitForCapture { self.hasText($0, in: self.topLeftLine) }, "the line is not on screen")
        func shot(_ flags: [String]) throws -> RGBImage {
            let before = Set(try FileManager.default.contentsOfDirectory(atPath: directory.path))
            _ = try ipc.command(["screenshot"] + flags)
            let name = try XCTUnwrap(Set(try FileManager.default.contentsOfDirectory(atPath: directory.path)).subtracting(before).first)
            let decoded = try ChildProcess.run("ffmpeg", ["-v", "error", "-i", directory.appendingPathComponent(name).path,
                                                          "-f", "rawvideo", "-pix_fmt", "rgb24", "-"], timeout: .seconds(10))
            XCTAssertEqual(decoded.standardOutput.count, 320 * 240 * 3, "not the picture's own size")
            return RGBImage(width: 320, height: 240, pixels: [UInt8](decoded.standardOutput))
        }
        // The line at the picture's own size: half the window's coordinates.
        let line = PixelRect(x: topLeftLine.x / 2, y: topLeftLine.y / 2, width: topLeftLine.width / 2, height: topLeftLine.height / 2)
        let withSubtitles = try shot([])
        XCTAssertTrue(hasText(withSubtitles, in: line, least: 10), "the screenshot lacks the line")
        XCTAssertLessThan(withSubtitles.maxChannel(PixelRect(x: 200, y: 15, width: 100, height: 75)), 100)
        let videoOnly = try shot(["video"])
        XCTAssertLessThan(videoOnly.maxChannel(line), 100, "screenshot video has the line")
        // The window still shows the line after the screenshots drew it at another size.
        XCTAssertNotNil(try player.waitForCapture { self.hasText($0, in: self.topLeftLine) })
    }

    func testTextStyleAndKeysChangePlainSubtitles() throws {
        try skipWithoutDisplay()
        let player = try session(.srt, ["--sub-color=#FF0000", "--start=5"])
        let ipc = try XCTUnwrap(player.ipc)
        let bar = Int(OverlayLayout.barHeight(forWindowHeight: Double(size.height)).rounded(.up))
        let band = PixelRect(x: size.width / 4, y: size.height - bar - 120, width: size.width / 2, height: 118)
        func hasColour(_ image: RGBImage, _ channel: Int) -> Bool {
            var count = 0
            for y in band.y..<band.y + band.height {
                for x in band.x..<band.x + band.width {
                    let o = (y * image.width + x) * 3
                    if image.pixels[o + channel] > 200 && image.pixels[o + (channel + 1) % 3] < 60 { count += 1 }
                }
            }
            return count > 50
        }
        XCTAssertNotNil(try player.waitForCapture { hasColour($0, 0) }, "--sub-color did not make the line red")
        _ = try ipc.command(["set_property", "sub-color", "#00FF00"])
        XCTAssertNotNil(try player.waitForCapture { hasColour($0, 1) && !hasColour($0, 0) }, "sub-color did not make it green")
        XCTAssertThrowsError(try ipc.command(["set_property", "sub-color", "green"]), "a colour mpv cannot read was taken")

        try Screen.key(window: player.window, "v")
        XCTAssertTrue(try poll(timeout: .seconds(5)) { try ipc.property("sub-visibility") as? Bool == false }, "v did not hide the subtitles")
        XCTAssertNotNil(try player.waitForCapture { !hasColour($0, 1) }, "v left the line on screen")
        try Screen.key(window: player.window, "z")
        XCTAssertTrue(try poll(timeout: .seconds(5)) { abs((try ipc.double("sub-delay")) + 0.1) < 1e-9 }, "z did not take 0.1 s off the delay")
        try Screen.key(window: player.window, "x")
        try Screen.key(window: player.window, "x")
        XCTAssertTrue(try poll(timeout: .seconds(5)) { abs((try ipc.double("sub-delay")) - 0.1) < 1e-9 }, "x did not add 0.1 s")
        try Screen.key(window: player.window, "r")
        XCTAssertTrue(try poll(timeout: .seconds(5)) { try ipc.double("sub-pos") == 99 }, "r did not move the subtitles up")
        // Lines are 0.1 s late now: the one showing began at 4.1, the one before at 1.1.
        try Screen.key(window: player.window, "ctrl+Left")
        XCTAssertTrue(try poll(timeout: .seconds(5)) { abs((try ipc.double("time-pos")) - 4.1) < 0.01 }, "Ctrl+Left did not go to the line's start")
        try Screen.key(window: player.window, "ctrl+Left")
        XCTAssertTrue(try poll(timeout: .seconds(5)) { abs((try ipc.double("time-pos")) - 1.1) < 0.01 }, "Ctrl+Left did not go to the line before")
        try Screen.key(window: player.window, "ctrl+Right")
        XCTAssertTrue(try poll(timeout: .seconds(5)) { abs((try ipc.double("time-pos")) - 4.1) < 0.01 }, "Ctrl+Right did not go to the next line")
    }

    func testSubtitleSeekWhilePausedFindsEmbeddedLinesNotReadYet() throws {
        try skipWithoutDisplay()
        // Paused at the start, playback has read about a second of the file: the line at 50 s
        // is known only from reading the track ahead.
        let player = try PlayerSession(clip: try MediaFactory.clip(.sparselySubtitled()),
                                       arguments: ["--pause", "--geometry=\(size.width)x\(size.height)"])
        let ipc = try XCTUnwrap(player.ipc)
        XCTAssertEqual(try ipc.property("sid") as? Int, 1)
        for (line, words) in ClipSpec.sparseSubtitleWords.enumerated() {
            _ = try ipc.command(["sub-seek", 1])
            XCTAssertTrue(try poll(timeout: .seconds(10)) { abs((try ipc.double("time-pos")) - words.start) < 0.01 },
                          "sub-seek did not go to line \(line + 1) at \(words.start) s")
            XCTAssertTrue(try poll(timeout: .seconds(5)) { try ipc.property("sub-text") as? String == words.text })
            XCTAssertEqual(try ipc.property("pause") as? Bool, true)
        }
        _ = try ipc.command(["sub-seek", -1])
        XCTAssertTrue(try poll(timeout: .seconds(10)) { abs((try ipc.double("time-pos")) - 5) < 0.01 }, "sub-seek -1 did not go back")
        XCTAssertEqual((try ipc.property("sub-list") as? [Any])?.count, 2, "both lines, once each")
    }

    func testMovingAndFadingLinesChangeWhileTheyShow() throws {
        try skipWithoutDisplay()
        let script = ClipSpec.assScript(size: ClipSpec.subtitleScriptSize, alignment: 5, lines: [
            (1, 5, "{\\move(60,60,260,60)}Moving"), (1, 5, "{\\pos(160,180)\\fad(0,3000)}Fading"),
        ])
        let file = try MediaFactory.text(script, fileExtension: "ass")
        let player = try PlayerSession(clip: try MediaFactory.clip(.subtitleBackdrop),
                                       arguments: ["--pause", "--geometry=\(size.width)x\(size.height)", "--sub-file=\(file.path)"])
        let ipc = try XCTUnwrap(player.ipc)
        // Window pixels are twice the script's: at 1.5 s the moving line is near x = 85, at 4.5 s near 235.
        let early = PixelRect(x: 100, y: 100, width: 140, height: 40), late = PixelRect(x: 400, y: 100, width: 140, height: 40)
        let fading = PixelRect(x: 220, y: 340, width: 200, height: 40)
        _ = try ipc.command(["seek", 1.5, "absolute+exact"])
        let first = try player.waitForCapture { self.hasText($0, in: early) && self.hasText($0, in: fading) }
        XCTAssertNotNil(first, "the lines are not where they start")
        if let first { XCTAssertFalse(hasText(first, in: late)) }
        // The same two lines and nothing else start or end in between: only their animation moves them.
        _ = try ipc.command(["seek", 4.5, "absolute+exact"])
        let second = try player.waitForCapture { self.hasText($0, in: late) && !self.hasText($0, in: early) }
        XCTAssertNotNil(second, "the moving line did not move")
        if let second { XCTAssertLessThan(second.maxChannel(fading), 150, "the fading line did not fade") }
    }

    // MARK: helpers

    /// Bright text with a dark outline over the grey picture.
    private func hasText(_ image: RGBImage, in rect: PixelRect, least: Int = 30) -> Bool {
        var bright = 0, dark = 0
        for y in max(0, rect.y)..<min(image.height, rect.y + rect.height) {
            for x in max(0, rect.x)..<min(image.width, rect.x + rect.width) {
                let value = image.brightness(x: x, y: y)
                if value > 220 { bright += 1 } else if value < 25 { dark += 1 }
            }
        }
        return bright >= least && dark >= least
    }
}
