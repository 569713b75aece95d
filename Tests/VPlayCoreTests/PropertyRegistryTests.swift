import TestSupport
import XCTest
@testable import VPlayCore

/// The registry's own rules, and the player resolving adjustments against its live state.
final class PropertyRegistryTests: XCTestCase {
    private func property(_ name: String) throws -> Property {
        try PropertyRegistry.property(named: name)
    }

    func testNamesAreUniqueAndEveryPropertyHasHelp() {
        let names = PropertyRegistry.all.map(\.name)
        XCTAssertEqual(names.count, Set(names).count)
        for property in PropertyRegistry.all {
            XCTAssertFalse(property.help.isEmpty, property.name)
            XCTAssertEqual(property.isWritable, property.domain != nil, property.name)
        }
        XCTAssertThrowsError(try property("bogus")) { XCTAssertEqual($0 as? PropertyError, .notFound) }
    }

    func testAddAndMultiplyStayInBoundsAndCycleFlipsFlags() throws {
        var state = PlayerState()
        state.path = "/a.mkv"
        state.speed = 3.5
        state.volume = 120
        state.volumeMax = 130
        XCTAssertEqual(try property("speed").command(adjusting: .add(1), in: state), .setSpeed(4))
        XCTAssertEqual(try property("speed").command(adjusting: .multiply(0.01), in: state), .setSpeed(0.25))
        XCTAssertEqual(try property("volume").command(adjusting: .add(20), in: state), .setVolume(130))
        XCTAssertEqual(try property("time-pos").command(adjusting: .add(-5), in: state), .seek(.relative(-5), .exact))
        XCTAssertEqual(try property("pause").command(adjusting: .cycle(up: false), in: state), .setPaused(true))
        XCTAssertEqual(try property("mute").command(adjusting: .cycle(up: true), in: state), .setMute(true))
        XCTAssertThrowsError(try property("ab-loop-a").command(adjusting: .add(1), in: state)) {
            XCTAssertEqual($0 as? PropertyError, .unavailable, "no loop point to move from")
        }
        XCTAssertThrowsError(try property("volume").command(adjusting: .cycle(up: true), in: state)) {
            XCTAssertEqual($0 as? PropertyError, .notAdjustable)
        }
    }

    func testMpvsOtherNamesForTheTracksActAsTheirIDs() throws {
        var state = PlayerState()
        state.path = "/a.mkv"
        for (alias, name) in [("sub", "sid"), ("audio", "aid"), ("video", "vid")] {
            XCTAssertEqual(try property(alias).command(adjusting: .cycle(up: true), in: state),
                           try property(name).command(adjusting: .cycle(up: true), in: state), alias)
            XCTAssertEqual(try property(alias).command(setting: .flag(false), in: state),
                           try property(name).command(setting: .flag(false), in: state), alias)
        }
    }

    func testChecksGiveTheRangeTheStateAllows() throws {
        var state = PlayerState()
        state.volumeMax = 150
        XCTAssertEqual(try property("volume").check(.text("150"), in: state), .number(150))
        XCTAssertThrowsError(try property("volume").check(.number(151), in: state)) {
            XCTAssertEqual($0 as? PropertyError, .outOfRange(0...150))
        }
        XCTAssertThrowsError(try property("speed").check(.flag(true), in: state)) {
            XCTAssertEqual($0 as? PropertyError, .invalidValue)
        }
        XCTAssertEqual(try property("ab-loop-b").check(.text("no"), in: state), .text("no"))
        XCTAssertThrowsError(try property("duration").check(.number(1), in: state)) {
            XCTAssertEqual($0 as? PropertyError, .readOnly)
        }
    }

    func testLoopsTakeACountInfOrNo() throws {
        var state = PlayerState()
        state.path = "/a.mkv"
        XCTAssertEqual(try property("loop-file").value(in: state), .text("no"))
        XCTAssertEqual(try property("loop-file").command(setting: .text("inf"), in: state), .setLoopFile(nil))
        XCTAssertEqual(try property("loop-file").command(setting: .flag(true), in: state), .setLoopFile(nil))
        XCTAssertEqual(try property("loop-file").command(setting: .text("3"), in: state), .setLoopFile(3))
        XCTAssertEqual(try property("loop-file").command(setting: .text("no"), in: state), .setLoopFile(0))
        for bad: PropertyValue in [.integer(-1), .number(1.5), .text("often")] {
            XCTAssertThrowsError(try property("loop-file").command(setting: bad, in: state), "\(bad)")
        }
        XCTAssertEqual(try property("loop-file").command(adjusting: .cycle(up: true), in: state), .setLoopFile(nil))
        state.loopFile = 2
        XCTAssertEqual(try property("loop-file").value(in: state), .integer(2))
        XCTAssertEqual(try property("loop-playlist").command(setting: .text("inf"), in: state), .setLoopPlaylist(true))
        XCTAssertEqual(try property("loop-playlist").command(setting: .text("no"), in: state), .setLoopPlaylist(false))
        state.loopsPlaylist = true
        XCTAssertEqual(try property("loop-playlist").value(in: state), .text("inf"))
        XCTAssertEqual(try property("loop-playlist").command(adjusting: .cycle(up: true), in: state), .setLoopPlaylist(false))
    }

    func testFileNameOfPathsAndURLs() {
        XCTAssertEqual(PropertyRegistry.fileName(of: "/a/b/c d.mp4"), "c d.mp4")
        XCTAssertEqual(PropertyRegistry.fileName(of: "c.mp4"), "c.mp4")
        XCTAssertEqual(PropertyRegistry.fileName(of: "http://host/v.mp4?x=1"), "v.mp4?x=1")
    }

    /// Two `add speed 0.25` before any state is published: resolved from a snapshot, both
    /// would say 1.25; resolved by the player from its live state, they add up.
    func testAdjustmentsAppliedBackToBackBuildOnEachOther() throws {
        let harness = try EngineHarness(try MediaFactory.clip(.av(seconds: 2)))
        XCTAssertEqual(harness.player.state.speed, 1)
        harness.apply(.adjust(property: "speed", .add(0.25)))
        harness.apply(.adjust(property: "speed", .add(0.25)))
        XCTAssertEqual(harness.player.state.speed, 1.5)
        harness.apply(.adjust(property: "speed", .multiply(2)))
        XCTAssertEqual(harness.player.state.speed, 3)

        let paused = harness.player.state.isPaused
        harness.apply(.adjust(property: "pause", .cycle(up: true)))
        harness.apply(.adjust(property: "pause", .cycle(up: false)))
        XCTAssertEqual(harness.player.state.isPaused, paused, "two flips are none")

        harness.apply(.adjust(property: "volume", .add(-10)))
        harness.apply(.adjust(property: "volume", .add(-10)))
        XCTAssertEqual(harness.player.state.volume, 80)
        harness.apply(.adjust(property: "volume", .add(-500)))
        XCTAssertEqual(harness.player.state.volume, 0, "clamped")
        harness.apply(.adjust(property: "bogus", .add(1)))
        harness.apply(.adjust(property: "duration", .add(1)))
        XCTAssertEqual(harness.player.state.volume, 0, "adjusting what cannot move changes nothing")
    }
}
