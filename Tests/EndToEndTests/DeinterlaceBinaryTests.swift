import Foundation
import TestSupport
import XCTest

/// Deinterlacing in the built player: a top-field-first clip of moving vertical bars is
/// combed when its fields are woven together and clean once bwdif makes a frame of each.
final class DeinterlaceBinaryTests: XCTestCase {
    /// `--deinterlace=yes` at least halves the combing `no` shows.
    func testYesRemovesTheCombingOfNo() throws {
        try skipWithoutDisplay()
        let clip = try MediaFactory.clip(.interlacedBars())
        let woven = try combing(of: clip, mode: "no")
        XCTAssertGreaterThan(woven, 20, "the clip is not combed with --deinterlace=no: the test proves nothing")
        let deinterlaced = try combing(of: clip, mode: "yes")
        XCTAssertLessThanOrEqual(deinterlaced, 0.5 * woven, "combing with yes \(deinterlaced), with no \(woven)")
    }

    /// `auto` deinterlaces a clip flagged interlaced, at field rate: 50 frames a second out of 25.
    func testAutoDeinterlacesAFlaggedClipAtFieldRate() throws {
        try skipWithoutDisplay()
        let clip = try MediaFactory.clip(.interlacedBars(seconds: 8))
        let player = try PlayerSession(clip: clip, arguments: ["--deinterlace=auto", "--loop=inf"], displayAspect: 4.0 / 3.0)
        let ipc = try XCTUnwrap(player.ipc)
        XCTAssertEqual(try ipc.property("deinterlace") as? String, "auto")
        let combed = try waitForCombing(in: player) { $0 < 10 }
        XCTAssertNotNil(combed, "auto left the flagged clip combed")
        let rate = try poll(timeout: .seconds(5), until: { (40.0...60.0).contains($0) }) {
            try ipc.property("estimated-vf-fps") as? Double
        }
        let measured = try ipc.property("estimated-vf-fps")
        XCTAssertNotNil(rate, "frames shown not at field rate (50/s): estimated-vf-fps \(String(describing: measured))")
    }

    /// The `d` key and IPC's `cycle` go auto → yes → no → auto, and the picture follows.
    func testDKeyAndCycleGoThroughTheModes() throws {
        try skipWithoutDisplay()
        let clip = try MediaFactory.clip(.interlacedBars(seconds: 8))
        let player = try PlayerSession(clip: clip, arguments: ["--loop=inf"])
        let ipc = try XCTUnwrap(player.ipc)
        XCTAssertNotNil(try waitForCombing(in: player) { $0 < 10 }, "auto left the flagged clip combed")
        try Screen.key(window: player.window, "d")
        XCTAssertNotNil(try poll(timeout: .seconds(3), until: { $0 == "yes" }) { try ipc.property("deinterlace") as? String })
        try Screen.key(window: player.window, "d")
        XCTAssertNotNil(try poll(timeout: .seconds(3), until: { $0 == "no" }) { try ipc.property("deinterlace") as? String })
        XCTAssertNotNil(try waitForCombing(in: player) { $0 > 20 }, "no: the picture did not comb again")
        _ = try ipc.command(["cycle", "deinterlace"])
        XCTAssertEqual(try ipc.property("deinterlace") as? String, "auto")
        XCTAssertNotNil(try waitForCombing(in: player) { $0 < 10 }, "back to auto: still combed")
        XCTAssertThrowsError(try ipc.command(["set_property", "deinterlace", "sometimes"]))
    }

    /// Paused, the picture on screen is the deinterlaced one: from a paused start, after a
    /// paused seek (whose frame is decoded alone), and at once when the mode changes; a
    /// screenshot is that picture.
    func testPausedFramesAreDeinterlacedAndRedrawnWhenTheModeChanges() throws {
        try skipWithoutDisplay()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vplay-deint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let clip = try MediaFactory.clip(.interlacedBars())
        let player = try PlayerSession(clip: clip, arguments: ["--pause", "--deinterlace=yes", "--geometry=640x480",
                                                               "--screenshot-directory=\(directory.path)"])
        let ipc = try XCTUnwrap(player.ipc)
        let band = band(of: player)
        let start = try XCTUnwrap(try waitForCombing(in: player) { $0 < 10 }, "the paused first frame is combed")
        XCTAssertLessThan(start, 10)
        let first = try player.capture()

        // Between keyframes: the frames before it are decoded only to reach it.
        _ = try ipc.command(["seek", 2.3, "absolute+exact"])
        XCTAssertTrue(try poll(timeout: .seconds(5)) { abs(try ipc.double("time-pos") - 2.3) < 0.05 }, "the seek did not end")
        // The seek's own frame: the one that stays, not one shown on the way.
        var previous = first
        let settled = try player.waitForCapture { image in
            defer { previous = image }
            return image.meanDifference(from: first, in: band) > 20 && image.meanDifference(from: previous, in: band) < 1
        }
        let sought = try XCTUnwrap(settled, "the paused seek did not show its frame")
        XCTAssertLessThan(Self.combing(of: sought, in: band), 10, "the frame of a paused seek is combed")

        _ = try ipc.command(["set_property", "deinterlace", "no"])
        XCTAssertNotNil(try waitForCombing(in: player) { $0 > 20 }, "deinterlace=no while paused: the frame was not made again")
        _ = try ipc.command(["set_property", "deinterlace", "yes"])
        XCTAssertNotNil(try waitForCombing(in: player) { $0 < 10 }, "deinterlace=yes while paused: the frame was not made again")
        XCTAssertEqual(try ipc.double("time-pos"), 2.3, accuracy: 0.05, "making the frame again moved the position")

        // The screenshot (the picture at its own 640×480) is the frame on screen.
        _ = try ipc.command(["screenshot", "video"])
        let name = try XCTUnwrap(try poll(timeout: .seconds(5), until: { !$0.isEmpty }) {
            try FileManager.default.contentsOfDirectory(atPath: directory.path)
        }?.first, "no screenshot written")
        let decoded = try ChildProcess.run("ffmpeg", ["-v", "error", "-i", directory.appendingPathComponent(name).path,
                                                      "-f", "rawvideo", "-pix_fmt", "rgb24", "-"], timeout: .seconds(10))
        XCTAssertEqual(decoded.standardOutput.count, 640 * 480 * 3, "not the picture's own size")
        let shot = RGBImage(width: 640, height: 480, pixels: [UInt8](decoded.standardOutput))
        let screen = try player.capture()
        XCTAssertLessThan(Self.combing(of: shot, in: band), 10, "the screenshot is combed")
        XCTAssertLessThan(shot.meanDifference(from: screen, in: band), 12, "the screenshot is not the picture on screen")
    }

    // MARK: - Helpers

    /// The median combing of three screenshots of `clip` playing with `--deinterlace=mode`,
    /// taken once the bars show.
    private func combing(of clip: URL, mode: String) throws -> Double {
        let player = try PlayerSession(clip: clip, arguments: ["--deinterlace=\(mode)", "--loop=inf"], withIPC: false)
        var samples: [Double] = []
        let deadline = ContinuousClock.now + .seconds(10)
        while samples.count < 3 && ContinuousClock.now < deadline {
            let image = try player.capture()
            // The bars are half white: anything much darker is no picture yet.
            if image.meanBrightness(band(of: player)) > 90 { samples.append(Self.combing(of: image, in: band(of: player))) }
            Thread.sleep(forTimeInterval: 0.1)
        }
        XCTAssertEqual(samples.count, 3, "no picture of the bars with --deinterlace=\(mode)")
        return samples.sorted()[samples.count / 2]
    }

    /// Polls screenshots until the combing satisfies `condition`; the combing, or nil after 5 s.
    private func waitForCombing(in player: PlayerSession, where condition: (Double) -> Bool) throws -> Double? {
        try poll(timeout: .seconds(5), until: condition) { () throws -> Double? in
            let image = try player.capture()
            guard image.meanBrightness(band(of: player)) > 90 else { return nil }
            return Self.combing(of: image, in: band(of: player))
        }
    }

    /// The middle of the picture: clear of the on-screen message above and the bar below.
    private func band(of player: PlayerSession) -> PixelRect {
        let rect = player.videoRect
        return PixelRect(x: rect.x, y: rect.y + rect.height / 4, width: rect.width, height: rect.height / 2)
    }

    /// Mean brightness difference between each row and the next: bars woven from two
    /// fields differ at every edge from one line to the next; whole frames of vertical
    /// bars hardly at all.
    static func combing(of image: RGBImage, in rect: PixelRect) -> Double {
        var sum = 0.0, count = 0
        for y in rect.y..<(rect.y + rect.height - 1) {
            for x in rect.x..<(rect.x + rect.width) {
                sum += abs(image.brightness(x: x, y: y) - image.brightness(x: x, y: y + 1))
                count += 1
            }
        }
        return count == 0 ? 0 : sum / Double(count)
    }
}
