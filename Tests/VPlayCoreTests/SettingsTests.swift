import XCTest
@testable import VPlayCore

final class SettingsTests: XCTestCase {
    private func settings(volume: Double = 100) -> Settings {
        var options = PlayerOptions()
        options.volume = volume
        options.volumeMax = 130
        return Settings(options: options)
    }

    func testOptionsSeedTheStoreAndTheStoreSeedsTheNextFile() {
        var options = PlayerOptions()
        options.volume = 70
        options.speed = 1.25
        options.muted = true
        options.startPaused = true
        var store = Settings(options: options, fullscreen: true)
        store.record(.setVolume(40))
        store.record(.setSubtitle(.delay(0.5)))
        var next = PlayerOptions()
        next.start = 12
        let seeded = store.seeding(next)
        XCTAssertEqual(seeded.volume, 40)
        XCTAssertEqual(seeded.speed, 1.25)
        XCTAssertTrue(seeded.muted)
        XCTAssertTrue(seeded.startPaused)
        XCTAssertEqual(seeded.subtitles.delay, 0.5)
        XCTAssertEqual(seeded.start, 12, "per-file options are the file's own")
        XCTAssertTrue(store.isFullscreen)
    }

    func testRelativeCommandsResolveAgainstTheStateTheyAreAppliedTo() {
        var state = PlayerState()
        state.volume = 50
        state.volumeMax = 130
        state.speed = 2
        state.isPaused = true
        XCTAssertEqual(Settings.resolve(.addVolume(5), in: state), .setVolume(55))
        XCTAssertEqual(Settings.resolve(.multiplySpeed(1.5), in: state), .setSpeed(3))
        XCTAssertEqual(Settings.resolve(.togglePause, in: state), .setPaused(false))
        XCTAssertEqual(Settings.resolve(.toggleMute, in: state), .setMute(true))
        XCTAssertEqual(Settings.resolve(.adjust(property: "volume", .add(-10)), in: state), .setVolume(40))
        XCTAssertEqual(Settings.resolve(.adjust(property: "pause", .cycle(up: true)), in: state), .setPaused(false))
        XCTAssertEqual(Settings.resolve(.seek(.relative(5), .exact), in: state), .seek(.relative(5), .exact),
                       "a command about the file passes as it is")
        XCTAssertNil(Settings.resolve(.adjust(property: "no-such-property", .add(1)), in: state))
    }

    func testRecordKeepsSettingsInTheirRangesAndLeavesFileStateAlone() {
        var store = settings()
        XCTAssertTrue(store.record(.setVolume(500)))
        XCTAssertEqual(store.volume, 130)
        XCTAssertTrue(store.record(.setSpeed(10)))
        XCTAssertEqual(store.speed, Speed.range.upperBound)
        XCTAssertTrue(store.record(.setSpeed(0)))
        XCTAssertTrue(store.isPaused, "rate 0 pauses")
        XCTAssertEqual(store.speed, Speed.range.upperBound, "and leaves the speed as it was")
        XCTAssertTrue(store.record(.setLoopFile(nil)))
        XCTAssertNil(store.loopFile)
        let before = store
        for perFile: PlayerCommand in [.seek(.absolute(3), .exact), .setABLoop(a: 1, b: 2), .selectTrack(.audio, .id(2)), .frameStep] {
            XCTAssertFalse(store.record(perFile), "\(perFile) is the file's")
        }
        XCTAssertEqual(store, before)
    }

    func testTheSnapshotWithNoFileShowsTheStore() {
        var store = settings(volume: 30)
        store.record(.setMute(true))
        var state = PlayerState()
        store.publish(into: &state)
        XCTAssertEqual(state.volume, 30)
        XCTAssertTrue(state.isMuted)
        XCTAssertEqual(state.volumeMax, 130)
    }
}
