import VPlayCore
import XCTest
@testable import VPlayView

/// The picture-in-picture button on the bar, and the bar reduced to play/pause and close in
/// the picture-in-picture window.
final class PictureInPictureLayoutTests: XCTestCase {
    private let sizes = [OverlaySize(width: 640, height: 360), OverlaySize(width: 1280, height: 720),
                         OverlaySize(width: 3840, height: 2160)]
    /// Picture-in-picture windows: a quarter of common screens, and the smallest one.
    private let smallSizes = [OverlaySize(width: 320, height: 180), OverlaySize(width: 480, height: 270),
                              OverlaySize(width: 960, height: 540)]

    private func center(_ rect: OverlayRect) -> OverlayPoint { OverlayPoint(x: rect.midX, y: rect.midY) }

    func testTheBarHasAPictureInPictureButtonRightOfTheSlider() throws {
        for size in sizes {
            for (tracks, playlist) in [(false, false), (true, false), (true, true)] {
                let layout = OverlayLayout(windowSize: size, showsTrackButton: tracks, showsPlaylistButton: playlist)
                let button = try XCTUnwrap(layout.pictureInPictureButton, "\(size)")
                XCTAssertNil(layout.closeButton)
                XCTAssertFalse(layout.isPictureInPicture)
                let next = layout.playlistButton ?? layout.trackButton ?? layout.speedButton
                XCTAssertLessThanOrEqual(layout.slider.maxX, button.minX, "\(size): overlaps the slider")
                XCTAssertLessThanOrEqual(button.maxX, next.minX, "\(size): overlaps the next button")
                XCTAssertEqual(button.width, layout.playPauseButton.width, accuracy: 1e-9)
                XCTAssertEqual(button.minY, layout.band.minY)
                XCTAssertEqual(button.maxY, layout.band.maxY)
                XCTAssertEqual(layout.hitTest(center(button)), .pictureInPicture, "\(size)")
            }
        }
    }

    func testThePictureInPictureBarHasOnlyPlayPauseAndClose() throws {
        for size in smallSizes {
            let layout = OverlayLayout(windowSize: size, showsHours: true, showsTrackButton: true, showsPlaylistButton: true,
                                       isPictureInPicture: true)
            XCTAssertTrue(layout.isPictureInPicture)
            XCTAssertEqual(layout.band, OverlayRect(x: 0, y: size.height - layout.barHeight, width: size.width,
                                                    height: layout.barHeight))
            let close = try XCTUnwrap(layout.closeButton, "\(size)")
            XCTAssertNil(layout.pictureInPictureButton)
            XCTAssertNil(layout.trackButton)
            XCTAssertNil(layout.playlistButton)
            XCTAssertNil(layout.volumeSlider)
            XCTAssertEqual(layout.playPauseButton.midX, size.width / 2, accuracy: 1e-9, "\(size): play/pause in the middle")
            XCTAssertGreaterThan(close.maxX, size.width * 0.9, "\(size): close on the right")
            XCTAssertLessThanOrEqual(close.maxX, size.width)
            XCTAssertLessThanOrEqual(layout.playPauseButton.maxX, close.minX)
            for button in [layout.playPauseButton, close] {
                XCTAssertGreaterThanOrEqual(button.width, 36, "\(size): too small to hit")
                XCTAssertEqual(button.minY, layout.band.minY)
                XCTAssertEqual(button.maxY, layout.band.maxY)
            }
            for empty in [layout.skipBackButton, layout.skipForwardButton, layout.timeLabel, layout.slider,
                          layout.speedButton, layout.muteButton, layout.track] {
                XCTAssertEqual(empty.width, 0, "\(size): the reduced bar has only two buttons")
            }

            XCTAssertEqual(layout.hitTest(center(layout.playPauseButton)), .playPause, "\(size)")
            XCTAssertEqual(layout.hitTest(center(close)), .closePictureInPicture, "\(size)")
            // Where the normal bar has its other controls, the reduced bar is inert.
            let y = layout.band.midY
            for x in [layout.playPauseButton.minX / 2, (layout.playPauseButton.maxX + close.minX) / 2] {
                XCTAssertEqual(layout.hitTest(OverlayPoint(x: x, y: y)), .bar, "\(size)")
            }
            XCTAssertEqual(layout.hitTest(OverlayPoint(x: 1, y: size.height - 1)), .bar, "\(size)")
            XCTAssertNil(layout.hitTest(OverlayPoint(x: size.width / 2, y: layout.band.minY - 1)), "\(size): the picture")
        }
    }

    func testTheButtonsSendTheCommandOfAltP() throws {
        let altP = KeyBindings.command(for: KeyPress(.character("p"), modifiers: [.alt]), isFullscreen: false)
        XCTAssertEqual(OverlayController.pictureInPictureCommand, try XCTUnwrap(altP))

        let size = OverlaySize(width: 640, height: 360)
        var state = PlayerState()
        state.duration = 100
        var controller = OverlayController(windowSize: size, now: 0)
        let button = center(try XCTUnwrap(controller.layout(for: state).pictureInPictureButton))
        var commands = controller.handle(.down(button, clicks: 1), state: state, now: 1).commands
        commands += controller.handle(.up(button), state: state, now: 1.1).commands
        XCTAssertEqual(commands, [altP])

        state.windowSettings.isPictureInPicture = true
        controller.windowSize = OverlaySize(width: 320, height: 180)
        let reduced = controller.layout(for: state)
        XCTAssertTrue(reduced.isPictureInPicture, "the controller follows the picture-in-picture property")
        let close = center(try XCTUnwrap(reduced.closeButton))
        commands = controller.handle(.down(close, clicks: 1), state: state, now: 2).commands
        commands += controller.handle(.up(close), state: state, now: 2.1).commands
        XCTAssertEqual(commands, [altP])
        let play = center(reduced.playPauseButton)
        commands = controller.handle(.down(play, clicks: 1), state: state, now: 3).commands
        commands += controller.handle(.up(play), state: state, now: 3.1).commands
        XCTAssertEqual(commands, [.togglePause])
    }

    func testTheReducedBarDoesNotChangeWhilePlaying() throws {
        var state = PlayerState()
        state.duration = 100
        state.position = 10
        state.windowSettings.isPictureInPicture = true
        var controller = OverlayController(windowSize: OverlaySize(width: 320, height: 180), now: 0)
        _ = controller.handle(.move(OverlayPoint(x: 160, y: 170)), state: state, now: 0.5)
        let look = try XCTUnwrap(controller.look(state: state, now: 1))
        XCTAssertNil(look.thumbX)
        XCTAssertNil(look.volumeThumbX)
        XCTAssertEqual(look.hovered, .playPause)
        state.position = 20
        XCTAssertEqual(controller.look(state: state, now: 1), look, "playback alone must not redraw the reduced bar")
        state.isPaused = true
        XCTAssertEqual(controller.look(state: state, now: 1)?.showsPlayIcon, true)
    }
}
