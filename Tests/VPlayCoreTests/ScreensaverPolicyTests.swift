import XCTest
@testable import VPlayCore

final class ScreensaverPolicyTests: XCTestCase {
    private func state(paused: Bool = false, ended: Bool = false, video: Bool = true, albumArt: Bool = false) -> PlayerState {
        var state = PlayerState()
        state.path = "/media/film.mkv"
        state.isPaused = paused
        state.eofReached = ended
        var sound = Track(id: 1, kind: .audio, codec: "aac", streamIndex: 1)
        sound.isSelected = true
        state.tracks = [sound]
        if video {
            var picture = Track(id: 1, kind: .video, codec: albumArt ? "mjpeg" : "h264", streamIndex: 0)
            picture.isSelected = true
            picture.isAlbumArt = albumArt
            state.tracks.append(picture)
        }
        return state
    }

    func testKeptOffOnlyWhileMovingPicturesPlay() {
        XCTAssertTrue(ScreensaverPolicy.yes.keepsScreensaverOff(state()))
        XCTAssertFalse(ScreensaverPolicy.yes.keepsScreensaverOff(state(paused: true)))
        XCTAssertFalse(ScreensaverPolicy.yes.keepsScreensaverOff(state(ended: true)))
        XCTAssertFalse(ScreensaverPolicy.yes.keepsScreensaverOff(state(video: false)))
        XCTAssertFalse(ScreensaverPolicy.yes.keepsScreensaverOff(state(albumArt: true)), "cover art is a still")
        XCTAssertFalse(ScreensaverPolicy.yes.keepsScreensaverOff(PlayerState()), "no file")
    }

    func testNoAndAlways() {
        XCTAssertFalse(ScreensaverPolicy.no.keepsScreensaverOff(state()))
        XCTAssertTrue(ScreensaverPolicy.always.keepsScreensaverOff(state(paused: true)))
        XCTAssertTrue(ScreensaverPolicy.always.keepsScreensaverOff(state(ended: true)))
    }
}
