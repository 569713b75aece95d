import Foundation
import TestSupport
import VPlayView
import XCTest

/// The player's window playing a clip: real-time pacing, the picture matching the
/// clock, sound, the title, and letterboxing.
final class PlaybackWindowTests: XCTestCase {
    /// One launch of a 3 s clip with `--autoexit`: the title is the file name, a frame
    /// read mid-play matches `time-pos`, sound is recorded, and the player exits 0 after
    /// about 3 s of wall time.
    func testThreeSecondClipPlaysInRealTimeWithSoundAndExits() throws {
        try skipWithoutDisplay()
        let clip = try Clips.av(seconds: 3)
        let capture = AudioCapture.environmentFile
        let captureStart = try capture.map { try XCTUnwrap(AudioCapture.quietMark(of: $0), "the sink never went quiet") }

        let player = try PlayerSession(clip: clip, arguments: ["--autoexit"])
        let name = try ChildProcess.run("xdotool", ["getwindowname", player.window]).requireSuccess().outputText
        XCTAssertEqual(name, clip.lastPathComponent + "\n", "window title")
        XCTAssertEqual(player.width, 320)
        XCTAssertEqual(player.height, 240)

        // Mid-play: the frame on screen against the clock, read right after.
        let ipc = try XCTUnwrap(player.ipc)
        let mid = try XCTUnwrap(try player.waitForFrame(timeout: .seconds(3)) { $0 >= 25 },
                                "the picture did not reach frame 25 (1 s)")
        let position = try ipc.double("time-pos")
        print("PlaybackWindowTests: frame \(mid) on screen, time-pos \(position)")
        XCTAssertLessThan(abs(Double(mid) / clipFPS - position), 0.15,
                          "frame \(mid) on screen (\(Double(mid) / clipFPS) s) but time-pos is \(position)")
        XCTAssertLessThan(mid, 60, "frame \(mid) read at the first poll past 1 s: playing too fast")
        XCTAssertFalse(try ipc.bool("pause"))

        // The picture moves at 25 frames per wall-clock second: frames counted over ≥ 1 s.
        let midSeen = ContinuousClock.now
        let later = try XCTUnwrap(try player.waitForFrame(timeout: .seconds(2)) { _ in seconds(since: midSeen) >= 1 },
                                  "no frame readable 1 s after frame \(mid)")
        let rate = Double(later - mid) / seconds(since: midSeen)
        print("PlaybackWindowTests: \(rate) frames/s between frames \(mid) and \(later)")
        XCTAssertEqual(rate, clipFPS, accuracy: clipFPS * 0.15, "the picture does not move in real time")

        let result = player.process.waitForExit(timeout: .seconds(10))
        XCTAssertFalse(result.timedOut, "did not exit at the end with --autoexit")
        XCTAssertEqual(result.status, 0, result.errorText)
        let wall = result.wallTime.inSeconds
        print("PlaybackWindowTests: 3 s clip exited after \(wall) s")
        XCTAssertGreaterThanOrEqual(wall, 2.7, "a 3 s clip took \(wall) s: faster than real time")
        XCTAssertLessThanOrEqual(wall, 4.5, "a 3 s clip took \(wall) s: slower than real time")

        guard let capture, let captureStart else {
            print("PlaybackWindowTests: no VPLAY_AUDIO_CAPTURE; sound not checked")
            return
        }
        let recorded = try AudioCapture.wait(for: capture, from: captureStart, timeout: .seconds(3)) { recording in
            recording.firstSound(after: captureStart).map { recording.endTime > $0 + 2.6 } ?? false
        }
        let sound = try XCTUnwrap(recorded, "no sound (or less than 2.6 s after its start) was recorded")
        let start = try XCTUnwrap(sound.firstSound(after: captureStart))
        XCTAssertTrue(sound.hasSound(from: start + 0.1, to: start + 2.6), "sound broke off during play")
        // Dropouts: silent 10 ms windows inside the tone (an underrun, a lost buffer).
        let silent = stride(from: start + 0.05, to: start + 2.5, by: 0.01).filter {
            !sound.hasSound(from: $0, to: $0 + 0.01)
        }
        if !silent.isEmpty {
            print("PlaybackWindowTests: silent 10 ms windows at \(silent.map { String(format: "%.2f", $0 - start) }) s into the sound")
        }
        XCTAssertLessThan(silent.count, 20, "0.2 s or more of dropouts in the first 2.5 s of sound")
        let pitch = try XCTUnwrap(sound.medianPitch(from: start + 0.1, to: start + 2.5), "no clear tone")
        XCTAssertEqual(pitch, Double(ClipSpec.toneFrequency), accuracy: 3, "tone pitch")
    }

    /// `--geometry=640x200` for a 4:3 clip: the picture is 267×200 in the middle with
    /// black bars left and right, and its frame pattern reads (and moves) in that rect.
    func testGeometryLetterboxesKeepingAspect() throws {
        try skipWithoutDisplay()
        let clip = try Clips.av(seconds: 3)
        let player = try PlayerSession(clip: clip, arguments: ["--geometry=640x200", "--autoexit"], withIPC: false)
        XCTAssertEqual(player.width, 640)
        XCTAssertEqual(player.height, 200)
        let picture = player.videoRect
        XCTAssertEqual(picture, PixelRect(x: 186, y: 0, width: 267, height: 200))

        let first = try XCTUnwrap(try player.waitForFrame(timeout: .seconds(3)) { _ in true },
                                  "no frame number in the letterboxed rect")
        let image = try player.capture()
        // Rows above the overlay bar (which spans the whole width).
        let rows = 0..<Int(player.layout.band.y) - 1
        let leftBar = PixelRect(x: 0, y: rows.lowerBound, width: picture.x - 2, height: rows.count)
        let rightStart = picture.x + picture.width + 2
        let rightBar = PixelRect(x: rightStart, y: rows.lowerBound, width: player.width - rightStart, height: rows.count)
        XCTAssertLessThanOrEqual(image.maxChannel(leftBar), 16, "left bar is not black")
        XCTAssertLessThanOrEqual(image.maxChannel(rightBar), 16, "right bar is not black")

        // The picture fills its rect: columns just inside each edge have content below the pattern band.
        let content = rows.lowerBound + picture.height / 8 + 4..<rows.upperBound
        func columnBrightness(_ x: Int) -> Double {
            image.meanBrightness(PixelRect(x: x, y: content.lowerBound, width: 1, height: content.count))
        }
        XCTAssertGreaterThan(columnBrightness(picture.x + 2), 40, "picture does not reach its left edge")
        XCTAssertGreaterThan(columnBrightness(picture.x + picture.width - 3), 40, "picture does not reach its right edge")

        XCTAssertNotNil(try player.waitForFrame(timeout: .seconds(2)) { $0 > first },
                        "frame number stuck at \(first) in the letterboxed rect")
    }
}
