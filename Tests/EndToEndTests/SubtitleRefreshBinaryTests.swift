import Foundation
import TestSupport
import XCTest

/// The line on screen now shows at once whatever brought it there: choosing a track in the
/// middle of a line (`sid`, `cycle sid`), or a seek into a line whose packet lies before the
/// keyframe reading starts from. Text tracks inside Matroska and beside the video, and bitmap
/// tracks (PGS in Matroska, DVB in MPEG-TS).
final class SubtitleRefreshBinaryTests: XCTestCase {
    /// Where the middle lines are drawn in the 640×480 window: clear of the bar and messages.
    private let middle = PixelRect(x: 120, y: 200, width: 400, height: 80)
    private let bravo = ClipSpec.longTrackWords[0]

    private func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("vplay-refresh-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    /// The clip with two embedded tracks, and the backdrop with the same two as files beside it.
    private func sources() throws -> [(name: String, clip: URL, arguments: [String])] {
        let folder = try directory()
        let scripts = ClipSpec.middleLineScripts()
        let early = folder.appendingPathComponent("early.ass"), long = folder.appendingPathComponent("long.ass")
        try scripts.early.write(to: early, atomically: true, encoding: .utf8)
        try scripts.long.write(to: long, atomically: true, encoding: .utf8)
        return [("embedded", try MediaFactory.clip(.twoMiddleLineTracks()), []),
                ("files", try MediaFactory.clip(.longSubtitleBackdrop), ["--sub-file=\(early.path)", "--sub-file=\(long.path)"])]
    }

    func testChoosingATrackMidLineShowsItsLineAtOnce() throws {
        try skipWithoutDisplay()
        for source in try sources() {
            let player = try PlayerSession(clip: source.clip, arguments: ["--geometry=640x480", "--sid=1", "--sub-auto=no"] + source.arguments)
            let ipc = try XCTUnwrap(player.ipc)
            XCTAssertTrue(try poll(timeout: .seconds(10)) { try ipc.double("time-pos") >= 3 }, "\(source.name): not playing")
            XCTAssertEqual(try ipc.property("sub-text") as? String, "", "\(source.name): the first track shows nothing now")

            for command: [Any] in [["set_property", "sid", 2], ["cycle", "sid"]] {
                if command.first as? String == "cycle" {
                    _ = try ipc.command(["set_property", "sid", 1])
                    XCTAssertNotNil(try player.waitForCapture { !hasText($0, in: self.middle) }, "\(source.name): track 1 shows a line")
                }
                let asked = ContinuousClock.now
                _ = try ipc.command(command)
                XCTAssertTrue(try poll(timeout: .seconds(5)) { try ipc.property("sub-text") as? String == self.bravo.text },
                              "\(source.name), \(command): the current line of the chosen track is not shown")
                let textAfter = seconds(since: asked)
                XCTAssertEqual(try ipc.double("sub-start"), bravo.start, accuracy: 0.01, "\(source.name)")
                XCTAssertNotNil(try player.waitForCapture(timeout: .seconds(5)) { hasText($0, in: self.middle) },
                                "\(source.name), \(command): the line is not on screen")
                print(String(format: "subtitle switch mid-line (%@, %@): sub-text after %.0f ms, on screen after %.0f ms",
                             source.name, "\(command[0])", textAfter * 1000, seconds(since: asked) * 1000))
            }
        }
    }

    func testASeekIntoALineBeforeTheKeyframeShowsIt() throws {
        try skipWithoutDisplay()
        for source in try sources() {
            // Paused from the start: the line began at 1 s, the keyframe before 6.5 s is at 6 s.
            for start in [["--start=6.5"], []] {
                let player = try PlayerSession(clip: source.clip, arguments: ["--geometry=640x480", "--pause", "--sid=2", "--sub-auto=no"]
                                                   + start + source.arguments)
                let ipc = try XCTUnwrap(player.ipc)
                if start.isEmpty {
                    XCTAssertNotNil(try player.waitForCapture { !hasText($0, in: self.middle) }, "\(source.name): a line at the start")
                    _ = try ipc.command(["seek", 6.5, "absolute+exact"])
                }
                XCTAssertTrue(try poll(timeout: .seconds(5)) { try ipc.property("sub-text") as? String == self.bravo.text },
                              "\(source.name) \(start): the line is not current after the seek")
                XCTAssertNotNil(try player.waitForCapture { hasText($0, in: self.middle) }, "\(source.name) \(start): the line is not on screen")
            }
        }
    }

    func testBitmapTracksShowTheirCurrentPictureOnChoiceAndSeek() throws {
        try skipWithoutDisplay()
        let folder = try directory()
        // A white block across the middle, from 1 s to 8.5 s.
        let block = PGSWriter.Picture(start: 1, end: 8.5, x: 100, y: 100, width: 120, height: 40)
        let onScreen = PixelRect(x: 210, y: 210, width: 220, height: 60)
        let sup = folder.appendingPathComponent("block.sup")
        try PGSWriter.stream(canvasWidth: 320, height: 240, pictures: [block]).write(to: sup)
        let backdrop = try MediaFactory.clip(.longSubtitleBackdrop)
        for (name, codec) in [("pgs.mkv", "copy"), ("dvb.ts", "dvbsub")] {
            let file = folder.appendingPathComponent(name)
            let made = try ChildProcess.run("ffmpeg", ["-v", "error", "-y", "-copyts", "-i", backdrop.path, "-i", sup.path,
                                                       "-map", "0:v", "-map", "1:s", "-c:v", "copy", "-c:s", codec,
                                                       "-disposition:s:0", "0", file.path], timeout: .seconds(60))
            XCTAssertTrue(made.succeeded, made.errorText)

            do {
                let playing = try PlayerSession(clip: file, arguments: ["--geometry=640x480", "--sid=no"])
                let ipc = try XCTUnwrap(playing.ipc)
                XCTAssertTrue(try poll(timeout: .seconds(10)) { try ipc.double("time-pos") >= 3 }, "\(name): not playing")
                _ = try ipc.command(["set_property", "sid", 1])
                XCTAssertNotNil(try playing.waitForCapture { $0.meanBrightness(onScreen) > 200 }, "\(name): no block after choosing the track")
            }
            // The window of the player before has gone: the one found by name is this one's.
            // Opened there: reading starts from the keyframe at 6 s, never seeing the picture's packet.
            let paused = try PlayerSession(clip: file, arguments: ["--geometry=640x480", "--pause", "--sid=1", "--start=6.5"])
            XCTAssertNotNil(try paused.waitForCapture { $0.meanBrightness(onScreen) > 200 }, "\(name): no block when opened in the middle of it")
        }
    }
}

/// Bright text with a dark outline in `rect`.
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
