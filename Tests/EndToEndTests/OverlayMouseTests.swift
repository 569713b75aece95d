import Foundation
import TestSupport
import VPlayView
import XCTest

/// The overlay bar driven with the mouse. The window is 960×480 (`--geometry`; the 4:3
/// picture is letterboxed in it) so the seek track is long enough (538 px) for one pixel
/// to be under half a frame of an 8 s clip. Positions come from the player's own
/// `OverlayLayout` (its rects, `hitTest`, `thumbX`/`fraction`), checked against the pixels
/// where the thumb is known.
final class OverlayMouseTests: XCTestCase {
    private let geometry = "--geometry=960x480"

    /// Clicking ❚❚ while playing pauses: the picture stops, the icon turns into ▶ and
    /// IPC says paused. One screenshot of the bar is kept as an artifact.
    func testClickingPauseButtonPauses() throws {
        try skipWithoutDisplay()
        let player = try PlayerSession(clip: try Clips.av(seconds: 8), arguments: [geometry])
        let ipc = try XCTUnwrap(player.ipc)
        let layout = player.layout
        let button = layout.playPauseButton
        let (x, y) = try layout.target(button, hitting: .playPause)

        // Hover the button so the bar is held on screen and the glow is the same in both shots.
        try player.mouseMove(x: x, y: y)
        let start = try XCTUnwrap(try player.waitForFrame { $0 >= 5 }, "not playing")
        let playing = try player.capture()
        XCTAssertNotNil(try player.waitForFrame { $0 >= start + 5 }, "picture not moving before the click")
        XCTAssertFalse(try ipc.bool("pause"))

        try player.click(x: x, y: y)
        let still = try XCTUnwrap(try player.waitForStillFrame(stillFor: .milliseconds(500), timeout: .seconds(3)),
                                  "the picture did not stop after clicking pause")
        XCTAssertLessThan(still, 100, "stopped at \(still): looks like the end of the clip, not a pause")
        XCTAssertTrue(try ipc.bool("pause"))
        let paused = try player.capture()

        let iconRect = PixelRect(button)
        let difference = paused.meanDifference(from: playing, in: iconRect)
        XCTAssertGreaterThan(difference, 8, "the play/pause button looks the same playing and paused")
        // ❚❚ has a gap at its centre and a bar left of it; ▶ covers the centre. Areas, not
        // single pixels: the edges are anti-aliased. The buttons sit over the black letterbox.
        let icon = layout.iconSize
        let leftBar = PixelRect(x: Int((button.midX - 0.40 * icon).rounded(.up)), y: Int((button.midY - 0.4 * icon).rounded()),
                                width: Int(0.24 * icon), height: Int(0.8 * icon))
        let centre = PixelRect(x: Int((button.midX - 0.08 * icon).rounded()), y: Int((button.midY - 0.2 * icon).rounded()),
                               width: max(1, Int(0.16 * icon)), height: Int(0.4 * icon))
        XCTAssertGreaterThan(playing.meanBrightness(leftBar), 150, "no left bar of ❚❚ while playing")
        XCTAssertLessThan(playing.meanBrightness(centre), 100, "no gap in the middle of ❚❚ while playing")
        XCTAssertGreaterThan(paused.meanBrightness(centre), 150, "no ▶ while paused")

        let artifact = artifactsDirectory.appendingPathComponent("overlay.png")
        try paused.savePNG(to: artifact)
        print("OverlayMouseTests: overlay screenshot at \(artifact.path)")
    }

    /// Dragging the thumb (press on it, several moves, release) to 75 % of an 8 s clip
    /// shows the frame at 6 s, then playing goes on.
    func testDraggingThumbSeeksAndKeepsPlaying() throws {
        try skipWithoutDisplay()
        let player = try PlayerSession(clip: try Clips.av(seconds: 8), arguments: [geometry])
        let ipc = try XCTUnwrap(player.ipc)
        let layout = player.layout
        let y = Int(layout.track.midY.rounded())
        let duration = try ipc.double("duration")
        XCTAssertNotNil(try player.waitForFrame { $0 >= 25 }, "not playing")
        // Approach like a person: over the bar first (which keeps it shown), then the thumb.
        let approachX = Int(layout.slider.x) - 20
        XCTAssertEqual(layout.hitTest(OverlayPoint(x: Double(approachX), y: Double(y))), .bar,
                       "the approach point is not on the bar's inert part")
        try player.mouseMove(x: approachX, y: y)

        // The thumb moves while playing: aim where it will be when the press arrives.
        let asked = ContinuousClock.now
        let position = try ipc.double("time-pos")
        let pressLead = 0.03
        let thumbAtPress = layout.thumbX(for: (position + seconds(since: asked) + pressLead) / duration)
        let pressX = Int(thumbAtPress.rounded())
        // Keep the same grab offset all the way, so the thumb centre ends at 75 %.
        let offset = Double(pressX) - thumbAtPress
        let endX = Int((layout.thumbX(for: 0.75) + offset).rounded())
        try player.mouseDown(x: pressX, y: y)
        for step in 1...5 {
            try player.mouseMove(x: pressX + (endX - pressX) * step / 5, y: y - step % 2)
        }
        try player.mouseUp(x: endX, y: y)
        let released = ContinuousClock.now

        let expected = Int((0.75 * duration * clipFPS).rounded(.down))
        // Wait for the seek (the frame before it is far below), then allow for the play since release.
        let landed = try XCTUnwrap(try player.waitForFrame(timeout: .seconds(3)) { $0 >= expected - 20 },
                                   "no frame near \(expected) after dragging to 75 %")
        let sinceRelease = seconds(since: released)
        print("OverlayMouseTests: dragged to frame \(expected), first read \(landed) at \(sinceRelease) s after release")
        XCTAssertGreaterThanOrEqual(landed, expected - 2, "dragged to frame \(expected), shows \(landed)")
        XCTAssertLessThanOrEqual(landed, expected + 2 + Int((sinceRelease * clipFPS).rounded(.up)),
                                 "dragged to frame \(expected), shows \(landed) \(sinceRelease) s after release")
        XCTAssertNotNil(try player.waitForFrame(timeout: .seconds(2)) { $0 >= landed + 10 },
                        "playing did not resume after the drag (stuck at \(landed))")
        XCTAssertFalse(try ipc.bool("pause"))
    }

    /// A click on the track away from the thumb seeks to the time under the pointer
    /// (paused, so the frame is exact and stays).
    func testClickingTrackSeeksThere() throws {
        try skipWithoutDisplay()
        let player = try PlayerSession(clip: try Clips.av(seconds: 8), arguments: [geometry, "--pause"])
        let ipc = try XCTUnwrap(player.ipc)
        let layout = player.layout
        let duration = try ipc.double("duration")
        XCTAssertEqual(try player.waitForStillFrame(), 0, "not paused on the first frame")
        try assertLayoutMatchesPixels(player)

        let x = Int(layout.thumbX(for: 0.25).rounded()), y = Int(layout.track.midY.rounded())
        XCTAssertGreaterThan(Double(x) - layout.thumbX(for: 0), 3 * layout.thumbRadius, "click would hit the thumb")
        XCTAssertEqual(layout.hitTest(OverlayPoint(x: Double(x), y: Double(y))), .slider, "click would miss the slider")
        try player.click(x: x, y: y)

        let expected = Int((layout.fraction(atX: Double(x)) * duration * clipFPS).rounded(.down))
        let shown = try XCTUnwrap(try player.waitForFrame(timeout: .seconds(3)) { $0 != 0 },
                                  "clicking the track at 25 % did not seek")
        XCTAssertEqual(Double(shown), Double(expected), accuracy: 2, "clicked at frame \(expected)")
        XCTAssertEqual(try player.waitForStillFrame(), shown, "the picture moved on after a paused seek")
        XCTAssertTrue(try ipc.bool("pause"), "clicking the track un-paused the player")
    }

    /// +10 s and −10 s buttons on a 30 s clip move the picture by 250 frames (paused,
    /// so the count is exact; starting at 1.2 s, between keyframes).
    func testSkipButtonsMoveTenSeconds() throws {
        try skipWithoutDisplay()
        let player = try PlayerSession(clip: try Clips.av(seconds: 30), arguments: [geometry, "--pause", "--start=1.2"])
        let layout = player.layout
        XCTAssertEqual(try player.waitForStillFrame(), 30, "not paused on frame 30 (--start=1.2)")

        func click(_ button: OverlayRect, _ element: OverlayElement, from before: Int, by delta: Int,
                   _ name: String) throws -> Int {
            let (x, y) = try layout.target(button, hitting: element)
            try player.click(x: x, y: y)
            XCTAssertNotNil(try player.waitForFrame(timeout: .seconds(3)) { abs($0 - before) > 100 },
                            "\(name) did not move the picture from frame \(before)")
            let shown = try XCTUnwrap(try player.waitForStillFrame(stillFor: .milliseconds(300)),
                                      "the picture did not settle after \(name)")
            XCTAssertEqual(Double(shown - before), Double(delta), accuracy: 10, "\(name) from frame \(before)")
            return shown
        }
        let forward1 = try click(layout.skipForwardButton, .skipForward, from: 30, by: 250, "+10 s")
        let forward2 = try click(layout.skipForwardButton, .skipForward, from: forward1, by: 250, "+10 s")
        _ = try click(layout.skipBackButton, .skipBack, from: forward2, by: -250, "−10 s")
    }

    /// Fails the test when `OverlayLayout` no longer matches what the player draws (the
    /// drawing and the layout disagree, or the window is not laid out as the tests assume):
    /// the clicks would miss. Needs the bar shown and the thumb at the start.
    private func assertLayoutMatchesPixels(_ player: PlayerSession) throws {
        if let mismatch = player.layout.seekTrackMismatch(in: try player.capture()) {
            throw EndToEndError(description: "the drawn seek track does not match OverlayLayout: \(mismatch)")
        }
    }
}
