import VPlayCore
import XCTest
@testable import VPlayControl

final class IPCPropertiesTests: XCTestCase {
    private func read(_ name: String, _ state: PlayerState = .playing) -> Result<JSONValue, IPCError> {
        Result { () throws(IPCError) in try IPCProperties.value(of: name, in: state) }
    }

    private func write(_ name: String, _ value: JSONValue, _ state: PlayerState = .playing) -> Result<PlayerCommand, IPCError> {
        Result { () throws(IPCError) in try IPCProperties.command(setting: name, to: value, in: state) }
    }

    func testReadsEveryProperty() {
        var state = PlayerState.playing
        (state.speed, state.volume) = (1.5, 80)
        (state.isPaused, state.isMuted, state.isFullscreen, state.eofReached, state.isSeeking) = (true, true, true, true, true)
        let expected: [String: JSONValue] = [
            "pause": .bool(true), "time-pos": .double(3), "percent-pos": .double(30), "duration": .double(10),
            "time-remaining": .double(7), "speed": .double(1.5), "volume": .double(80), "mute": .bool(true),
            "eof-reached": .bool(true), "seeking": .bool(true), "idle-active": .bool(false),
            "path": .string("/media/My Film.mkv"), "filename": .string("My Film.mkv"), "media-title": .string("My Film.mkv"),
            "width": .int(1280), "height": .int(720), "container-fps": .double(25), "estimated-vf-fps": .double(24.5),
            "frame-drop-count": .int(2), "avsync": .double(0.012), "fullscreen": .bool(true), "volume-max": .double(130),
        ]
        for (name, value) in expected {
            XCTAssertEqual(read(name, state), .success(value), name)
        }
    }

    func testMediaTitlePrefersTheTitle() {
        var state = PlayerState.playing
        state.title = "A Title"
        XCTAssertEqual(read("media-title", state), .success(.string("A Title")))
    }

    func testUnknownValuesAreUnavailable() {
        var state = PlayerState.playing
        state.duration = nil
        state.containerFPS = nil
        state.estimatedFPS = nil
        state.avOffset = nil
        state.hasVideo = false
        for name in ["duration", "percent-pos", "time-remaining", "container-fps", "estimated-vf-fps", "avsync", "width", "height", "frame-drop-count"] {
            XCTAssertEqual(read(name, state), .failure(.propertyUnavailable), name)
        }
        let noFile = PlayerState()
        for name in ["time-pos", "path", "filename", "media-title"] {
            XCTAssertEqual(read(name, noFile), .failure(.propertyUnavailable), name)
        }
    }

    func testUnknownNamesAreNotFound() {
        XCTAssertEqual(read("bogus"), .failure(.propertyNotFound))
        XCTAssertEqual(read(""), .failure(.propertyNotFound))
    }

    func testWritesBecomeCommands() {
        XCTAssertEqual(write("pause", .bool(true)), .success(.setPaused(true)))
        XCTAssertEqual(write("pause", .string("no")), .success(.setPaused(false)))
        XCTAssertEqual(write("mute", .bool(true)), .success(.setMute(true)))
        XCTAssertEqual(write("fullscreen", .bool(false)), .success(.setFullscreen(false)))
        XCTAssertEqual(write("speed", .double(2)), .success(.setSpeed(2)))
        XCTAssertEqual(write("volume", .int(130)), .success(.setVolume(130)))
        XCTAssertEqual(write("volume", .string("55")), .success(.setVolume(55)))
        XCTAssertEqual(write("time-pos", .double(7.5)), .success(.seek(.absolute(7.5), .exact)))
        XCTAssertEqual(write("percent-pos", .int(50)), .success(.seek(.absolutePercent(50), .exact)))
        XCTAssertEqual(write("ab-loop-a", .double(2)), .success(.setABLoop(a: 2, b: nil)))
        XCTAssertEqual(write("ab-loop-b", .string("no")), .success(.setABLoop(a: nil, b: nil)))
    }

    func testBadWrites() {
        XCTAssertEqual(write("pause", .int(1)), .failure(.invalidParameter))
        XCTAssertEqual(write("pause", .string("maybe")), .failure(.invalidParameter))
        XCTAssertEqual(write("volume", .bool(true)), .failure(.invalidParameter))
        XCTAssertEqual(write("volume", .int(131)), .failure(.invalidParameter))
        XCTAssertEqual(write("volume", .int(-1)), .failure(.invalidParameter))
        XCTAssertEqual(write("speed", .double(8)), .failure(.invalidParameter))
        XCTAssertEqual(write("speed", .double(0)), .failure(.invalidParameter))
        XCTAssertEqual(write("time-pos", .double(-1)), .failure(.invalidParameter))
        XCTAssertEqual(write("percent-pos", .int(101)), .failure(.invalidParameter))
        XCTAssertEqual(write("duration", .int(5)), .failure(.propertyAccess))
        XCTAssertEqual(write("bogus", .int(5)), .failure(.propertyNotFound))
        XCTAssertEqual(write("ab-loop-a", .string("soon")), .failure(.invalidParameter))
        var noDuration = PlayerState.playing
        noDuration.duration = nil
        XCTAssertEqual(write("percent-pos", .int(50), noDuration), .failure(.propertyUnavailable))
        XCTAssertEqual(write("time-pos", .int(5), PlayerState()), .failure(.propertyUnavailable))
    }
}

extension IPCPropertiesTests {
    func testPropertyListNamesEveryPropertyOnce() throws {
        guard case .success(.array(let names)) = read("property-list") else { return XCTFail("no list") }
        XCTAssertEqual(names.count, Set(names.compactMap(\.string)).count)
        for case .string(let name) in names {
            XCTAssertNotEqual(read(name, .playing), .failure(.propertyNotFound), name)
        }
        XCTAssertTrue(names.contains("ab-loop-a") && names.contains("property-list"))
    }

    func testAdjustmentsAreLeftToThePlayer() {
        let adjust = { (name: String, adjustment: PropertyAdjustment) in
            Result { () throws(IPCError) in try IPCProperties.command(adjusting: name, by: adjustment) }
        }
        XCTAssertEqual(adjust("speed", .add(0.25)), .success(.adjust(property: "speed", .add(0.25))))
        XCTAssertEqual(adjust("pause", .cycle(up: false)), .success(.adjust(property: "pause", .cycle(up: false))))
        XCTAssertEqual(adjust("pause", .add(1)), .failure(.commandFailed))
        XCTAssertEqual(adjust("duration", .multiply(2)), .failure(.commandFailed))
        XCTAssertEqual(adjust("bogus", .add(1)), .failure(.propertyNotFound))
    }
}
