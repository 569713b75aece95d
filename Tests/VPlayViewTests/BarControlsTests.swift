import VPlayCore
import XCTest
@testable import VPlayView

/// The speed label, the mute button, the volume slider, the wheel and the A-B marks, driven
/// through `OverlayController` as the SDL overlay drives it, at the three reference sizes.
final class BarControlsTests: XCTestCase {
    private let sizes = [OverlaySize(width: 640, height: 360), OverlaySize(width: 1280, height: 720),
                         OverlaySize(width: 3840, height: 2160)]

    private func state(speed: Double = 1, volume: Double = 100, volumeMax: Double = 130, muted: Bool = false) -> PlayerState {
        var state = PlayerState()
        state.position = 20
        state.duration = 100
        state.speed = speed
        state.volume = volume
        state.volumeMax = volumeMax
        state.isMuted = muted
        return state
    }

    private func center(_ rect: OverlayRect) -> OverlayPoint { OverlayPoint(x: rect.midX, y: rect.midY) }

    private func click(_ point: OverlayPoint, _ controller: inout OverlayController, _ state: PlayerState) -> [PlayerCommand] {
        controller.handle(.down(point, clicks: 1), state: state, now: 1).commands
            + controller.handle(.up(point), state: state, now: 1.1).commands
    }

    // MARK: Speed

    func testSpeedStepsCycleUpwardsAndWrap() {
        var speed = 0.5, seen: [Double] = []
        for _ in 0..<7 {
            speed = SpeedControl.next(after: speed)
            seen.append(speed)
        }
        XCTAssertEqual(seen, [0.75, 1, 1.25, 1.5, 2, 0.5, 0.75])
        XCTAssertEqual(SpeedControl.next(after: 1.1), 1.25, "from between steps to the next larger one")
        XCTAssertEqual(SpeedControl.next(after: 0.25), 0.5)
        XCTAssertEqual(SpeedControl.next(after: 1.2499999), 1.5, "rounding noise does not repeat a step")
        XCTAssertEqual(SpeedControl.next(after: 3), 0.5, "above the last step wraps")
        XCTAssertEqual(SpeedControl.next(after: 4), 0.5)
    }

    func testSpeedLabelReadsLikeAMultiplier() {
        let cases: [(Double, String)] = [(1, "1×"), (1.5, "1.5×"), (0.75, "0.75×"), (2, "2×"), (0.25, "0.25×"),
                                         (1.1 * 1.1, "1.21×"), (1.05, "1.05×"), (4, "4×"), (1.1, "1.1×")]
        for (speed, text) in cases {
            XCTAssertEqual(SpeedControl.label(speed), text)
        }
    }

    func testClickingTheSpeedLabelStepsThroughTheCycle() {
        for size in sizes {
            var controller = OverlayController(windowSize: size, now: 0)
            let speed = center(OverlayLayout(windowSize: size).speedButton)
            var current = state(speed: 1)
            var asked: [Double] = []
            for _ in 0..<5 {
                let commands = click(speed, &controller, current)
                guard case .setSpeed(let next)? = commands.first, commands.count == 1 else {
                    return XCTFail("\(size): \(commands)")
                }
                asked.append(next)
                current.speed = next
            }
            XCTAssertEqual(asked, [1.25, 1.5, 2, 0.5, 0.75], "\(size)")
            XCTAssertEqual(controller.look(state: current, now: 1.2)?.speedText, "0.75×")
        }
    }

    func testWheelOverTheSpeedLabelNudgesItWithinRange() {
        let size = sizes[1]
        var controller = OverlayController(windowSize: size, now: 0)
        let over = center(OverlayLayout(windowSize: size).speedButton)
        func wheel(_ notches: Int, from speed: Double) -> OverlayController.Response {
            controller.handle(.wheel(over, notches: notches), state: state(speed: speed), now: 1)
        }
        XCTAssertEqual(wheel(1, from: 1), .init(commands: [.setSpeed(1.25)], consumed: true))
        XCTAssertEqual(wheel(-1, from: 1).commands, [.setSpeed(0.75)])
        XCTAssertEqual(wheel(-2, from: 1.1).commands, [.setSpeed(1.1 - 0.5)], "no snapping to the steps")
        XCTAssertEqual(wheel(-1, from: 0.3).commands, [.setSpeed(0.25)], "clamped at the bottom")
        XCTAssertEqual(wheel(3, from: 3.5).commands, [.setSpeed(4)], "clamped at the top")
        XCTAssertEqual(wheel(1, from: 4), .init(commands: [], consumed: true), "already at the top: nothing to ask")
    }

    // MARK: Mute and volume

    func testMuteButtonTogglesAndTheIconShowsTheState() {
        for size in sizes {
            var controller = OverlayController(windowSize: size, now: 0)
            let mute = center(OverlayLayout(windowSize: size).muteButton)
            XCTAssertEqual(click(mute, &controller, state()), [.toggleMute], "\(size)")
            XCTAssertEqual(click(mute, &controller, state(muted: true)), [.toggleMute], "\(size)")
        }
        let controller = OverlayController(windowSize: sizes[0], now: 0)
        XCTAssertEqual(controller.look(state: state(muted: true), now: 0)?.isMuted, true)
        XCTAssertEqual(controller.look(state: state(muted: false), now: 0)?.isMuted, false)
        XCTAssertNotEqual(controller.look(state: state(muted: true), now: 0), controller.look(state: state(), now: 0),
                          "muting redraws")
        XCTAssertEqual(controller.look(state: state(volume: 0), now: 0)?.volumeWaves, 0)
        XCTAssertEqual(controller.look(state: state(volume: 30), now: 0)?.volumeWaves, 1)
        XCTAssertEqual(controller.look(state: state(volume: 50), now: 0)?.volumeWaves, 1)
        XCTAssertEqual(controller.look(state: state(volume: 51), now: 0)?.volumeWaves, 2)
    }

    func testVolumeSliderSetsTheVolumeOnPressAndWhileDragging() throws {
        for size in sizes {
            var controller = OverlayController(windowSize: size, now: 0)
            let layout = OverlayLayout(windowSize: size)
            let y = layout.band.midY
            let current = state(volume: 100, volumeMax: 130)
            let x = try XCTUnwrap(layout.volumeThumbX(for: 0.5))
            XCTAssertEqual(controller.handle(.down(OverlayPoint(x: x, y: y), clicks: 1), state: current, now: 1),
                           .init(commands: [.setVolume(65)], consumed: true), "\(size): full scale is volumeMax")
            XCTAssertEqual(controller.handle(.move(OverlayPoint(x: x + 0.01, y: y)), state: current, now: 1.1).commands, [],
                           "\(size): unchanged whole percent, nothing sent")
            let x2 = try XCTUnwrap(layout.volumeThumbX(for: 0.2))
            XCTAssertEqual(controller.handle(.move(OverlayPoint(x: x2, y: y - 200)), state: current, now: 1.2),
                           .init(commands: [.setVolume(26)], consumed: true), "\(size): the drag follows off the bar")
            XCTAssertEqual(controller.look(state: current, now: 1.2)?.volumeThumbX, (x2 * 4).rounded() / 4,
                           "\(size): the thumb follows the pointer")
            XCTAssertTrue(controller.isShown(state: current, now: 100), "\(size): held while dragging")
            XCTAssertEqual(controller.handle(.up(OverlayPoint(x: size.width + 50, y: y)), state: current, now: 1.3).commands,
                           [.setVolume(130)], "\(size): clamped to the top")
            XCTAssertFalse(controller.volumeSlider.isDragging)
            XCTAssertEqual(controller.handle(.move(OverlayPoint(x: x2, y: y)), state: current, now: 1.4).commands, [],
                           "\(size): released, moving does nothing")
        }
    }

    func testGrabbingTheVolumeThumbChangesNothingUntilItMoves() throws {
        let size = sizes[1]
        var controller = OverlayController(windowSize: size, now: 0)
        let layout = OverlayLayout(windowSize: size)
        let current = state(volume: 52, volumeMax: 130)
        let thumb = try XCTUnwrap(layout.volumeThumbX(for: 52.0 / 130)) + layout.volumeThumbRadius * 0.8
        let y = layout.band.midY
        XCTAssertEqual(controller.handle(.down(OverlayPoint(x: thumb, y: y), clicks: 1), state: current, now: 1).commands, [])
        XCTAssertEqual(controller.handle(.up(OverlayPoint(x: thumb, y: y)), state: current, now: 1.1).commands, [])
        let track = try XCTUnwrap(layout.volumeTrack)
        _ = controller.handle(.down(OverlayPoint(x: thumb, y: y), clicks: 1), state: current, now: 2)
        XCTAssertEqual(controller.handle(.up(OverlayPoint(x: thumb + track.width * 0.1, y: y)), state: current, now: 2.1)
            .commands, [.setVolume(65)], "moved by a tenth of 130 from 52")
    }

    func testVolumeSliderIsAbsentFromNarrowWindows() {
        let narrow = OverlaySize(width: 480, height: 270)
        var controller = OverlayController(windowSize: narrow, now: 0)
        XCTAssertNil(controller.look(state: state(), now: 0)?.volumeThumbX)
        XCTAssertEqual(click(OverlayPoint(x: 479, y: 260), &controller, state()), [], "padding, not a slider")
        XCTAssertEqual(click(center(OverlayLayout(windowSize: narrow).muteButton), &controller, state()), [.toggleMute])
    }

    func testWheelChangesTheVolumeOverTheVideoAndTheVolumeControlsOnly() throws {
        for size in sizes {
            var controller = OverlayController(windowSize: size, now: 0)
            let layout = OverlayLayout(windowSize: size)
            func wheel(_ point: OverlayPoint, _ notches: Int) -> OverlayController.Response {
                controller.handle(.wheel(point, notches: notches), state: state(), now: 1)
            }
            let video = OverlayPoint(x: size.width / 2, y: size.height / 3)
            XCTAssertEqual(wheel(video, 1), .init(commands: [.addVolume(2)], consumed: true), "\(size)")
            XCTAssertEqual(wheel(video, -3).commands, [.addVolume(-6)], "\(size): 2 per notch")
            XCTAssertEqual(wheel(video, 0), .init(commands: [], consumed: false), "\(size): sideways scrolling")
            XCTAssertEqual(wheel(center(layout.muteButton), 1).commands, [.addVolume(2)], "\(size)")
            XCTAssertEqual(wheel(center(try XCTUnwrap(layout.volumeSlider)), -1).commands, [.addVolume(-2)], "\(size)")
            XCTAssertEqual(wheel(center(layout.slider), 1).commands, [.seek(.relative(5), .keyframe)], "\(size): still seeks")
            XCTAssertEqual(wheel(center(layout.playPauseButton), 1), .init(commands: [], consumed: true), "\(size)")
            XCTAssertEqual(wheel(center(layout.timeLabel), 1), .init(commands: [], consumed: true), "\(size)")
        }
    }

    // MARK: A-B loop marks

    func testLoopMarksAppearWhenSetAndOnlyWithADuration() throws {
        let controller = OverlayController(windowSize: sizes[1], now: 0)
        let layout = OverlayLayout(windowSize: sizes[1])
        var looping = state()
        let plain = try XCTUnwrap(controller.look(state: looping, now: 0))
        XCTAssertNil(plain.loopAX)
        XCTAssertNil(plain.loopBX)
        looping.abLoopA = 25
        let onlyA = try XCTUnwrap(controller.look(state: looping, now: 0))
        XCTAssertEqual(onlyA.loopAX ?? -1, layout.thumbX(for: 0.25), accuracy: 0.125)
        XCTAssertNil(onlyA.loopBX)
        looping.abLoopB = 60
        let both = try XCTUnwrap(controller.look(state: looping, now: 0))
        XCTAssertEqual(both.loopBX ?? -1, layout.thumbX(for: 0.6), accuracy: 0.125)
        looping.duration = nil
        XCTAssertNil(controller.look(state: looping, now: 0)?.loopAX, "nowhere to put it without a duration")

        func markVertices(_ look: OverlayLook) -> Int {
            OverlayPainter.parts(for: look, message: nil, scale: 1, tooltipFrame: nil, messagePlate: nil,
                                 reusing: OverlayPainter.Parts())
                .marks.vertices.filter { $0.color == OverlayPainter.loopMarkColor }.count
        }
        XCTAssertEqual(markVertices(plain), 0, "hidden when unset")
        XCTAssertGreaterThan(markVertices(onlyA), 0)
        XCTAssertEqual(markVertices(both), 2 * markVertices(onlyA), "one mark each")
    }

    // MARK: Chapters

    func testChapterTicksSitOnTheTrackAtEachChapterButTheFirstAtZero() throws {
        let controller = OverlayController(windowSize: sizes[1], now: 0)
        let layout = OverlayLayout(windowSize: sizes[1])
        var chaptered = state()
        /// The x of every vertex of a tick.
        func ticks(_ look: OverlayLook) -> [Double] {
            OverlayPainter.parts(for: look, message: nil, scale: 1, tooltipFrame: nil, messagePlate: nil,
                                 reusing: OverlayPainter.Parts())
                .marks.vertices.filter { $0.color == OverlayPainter.chapterTickColor }.map { Double($0.x) }
        }
        XCTAssertTrue(ticks(try XCTUnwrap(controller.look(state: chaptered, now: 0))).isEmpty, "no chapters, no ticks")
        chaptered.chapters = [Chapter(time: 0, title: "Start"), Chapter(time: 25, title: "Chase"), Chapter(time: 75)]
        let xs = ticks(try XCTUnwrap(controller.look(state: chaptered, now: 0)))
        let near25 = xs.filter { abs($0 - layout.thumbX(for: 0.25)) < 3 }
        let near75 = xs.filter { abs($0 - layout.thumbX(for: 0.75)) < 3 }
        XCTAssertFalse(near25.isEmpty, "no tick at 25 %: \(xs)")
        XCTAssertFalse(near75.isEmpty, "no tick at 75 %: \(xs)")
        XCTAssertEqual(near25.count + near75.count, xs.count, "a tick elsewhere (the one at 0 is not drawn): \(xs)")
    }

    func testTheTooltipNamesTheChapterUnderThePointer() throws {
        var controller = OverlayController(windowSize: sizes[1], now: 0)
        let layout = OverlayLayout(windowSize: sizes[1])
        var chaptered = state()
        chaptered.chapters = [Chapter(time: 10, title: "Chase"), Chapter(time: 50)]
        func tooltip(at fraction: Double) throws -> String? {
            _ = controller.handle(.move(OverlayPoint(x: layout.thumbX(for: fraction), y: layout.track.midY)),
                                  state: chaptered, now: 1)
            return try XCTUnwrap(controller.look(state: chaptered, now: 1)).tooltipText
        }
        XCTAssertEqual(try tooltip(at: 0.305), "0:30 · Chase")
        XCTAssertEqual(try tooltip(at: 0.05), "0:05", "before the first chapter")
        XCTAssertEqual(try tooltip(at: 0.6), "1:00", "an untitled chapter")
    }
}
