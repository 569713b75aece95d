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

// MARK: - Sub-properties

extension IPCPropertiesTests {
    /// A file with tags, two tracks playing and one more, as the sub-property walk sees it.
    private var tagged: PlayerState {
        var state = PlayerState.playing
        state.media = MediaDetails(format: "matroska,webm", size: 1234, tags: ["title": "A Title", "ARTIST": "Someone"])
        var video = Track(id: 1, kind: .video, codec: "h264", streamIndex: 0)
        video.isSelected = true
        var audio = Track(id: 1, kind: .audio, codec: "aac", streamIndex: 1)
        audio.isSelected = true
        audio.language = "eng"
        state.tracks = [video, audio, Track(id: 2, kind: .audio, codec: "opus", streamIndex: 2)]
        return state
    }

    private func walk(_ value: PropertyValue, _ path: String) -> Result<PropertyValue, IPCError> {
        Result { () throws(IPCError) in
            try IPCProperties.walk(value, ArraySlice(path.split(separator: "/", omittingEmptySubsequences: false)))
        }
    }

    func testTheLongestRegisteredNameIsTheProperty() throws {
        XCTAssertEqual(try IPCProperties.resolve("filename/no-ext").0.name, "filename/no-ext")
        XCTAssertEqual(try IPCProperties.resolve("filename/no-ext").1, [])
        let (property, rest) = try IPCProperties.resolve("track-list/1/lang")
        XCTAssertEqual(property.name, "track-list")
        XCTAssertEqual(rest, ["1", "lang"])
        XCTAssertEqual(read("filename/no-ext", tagged), .success(.string("My Film")))
        XCTAssertEqual(read("filename", tagged), .success(.string("My Film.mkv")))
        // A path under a text value leads nowhere.
        XCTAssertEqual(read("filename/foo", tagged), .failure(.propertyNotFound))
        XCTAssertEqual(read("bogus/title", tagged), .failure(.propertyNotFound))
    }

    func testWalksMapsByKeyAndListsByIndexAndCount() {
        let value = PropertyValue.map([
            "w": .integer(320), "hw": .unavailable,
            "items": .list([.map(["id": .integer(7)]), .text("b")]),
            "Title": .text("T"),
        ])
        XCTAssertEqual(walk(value, ""), .failure(.propertyNotFound), "an empty key")
        XCTAssertEqual(walk(value, "w"), .success(.integer(320)))
        XCTAssertEqual(walk(value, "items/count"), .success(.integer(2)))
        XCTAssertEqual(walk(value, "items/0/id"), .success(.integer(7)))
        XCTAssertEqual(walk(value, "items/1"), .success(.text("b")))
        XCTAssertEqual(walk(value, "by-key/Title"), .success(.text("T")))
        XCTAssertEqual(walk(value, "by-key/title"), .success(.text("T")), "by-key matches any case")
        XCTAssertEqual(walk(value, "list/count"), .success(.integer(4)))
        XCTAssertEqual(walk(value, "list/0/key"), .success(.text("Title")), "entries by key")
        XCTAssertEqual(walk(value, "list/3/value"), .success(.integer(320)))
        // Known but absent: unavailable, also further down.
        XCTAssertEqual(walk(value, "hw"), .success(.unavailable))
        XCTAssertEqual(walk(.unavailable, "x/y"), .failure(.propertyUnavailable))
        // Ways that lead nowhere.
        for path in ["title", "by-key/none", "items/2", "items/-1", "items/+1", "items/x", "items/count/x",
                     "w/x", "items/0/name", "by-key"] {
            XCTAssertEqual(walk(value, path), .failure(.propertyNotFound), path)
        }
    }

    func testReadsSubPropertiesOverIPC() {
        let state = tagged
        XCTAssertEqual(read("metadata/by-key/title", state), .success(.string("A Title")))
        XCTAssertEqual(read("metadata/by-key/Artist", state), .success(.string("Someone")))
        XCTAssertEqual(read("metadata/title", state), .success(.string("A Title")))
        XCTAssertEqual(read("metadata/list/count", state), .success(.int(2)))
        XCTAssertEqual(read("metadata/list/0/key", state), .success(.string("ARTIST")))
        XCTAssertEqual(read("metadata/by-key/album", state), .failure(.propertyNotFound))
        XCTAssertEqual(read("metadata/by-key/title", PlayerState()), .failure(.propertyUnavailable))
        XCTAssertEqual(read("track-list/count", state), .success(.int(3)))
        XCTAssertEqual(read("track-list/2/codec", state), .success(.string("opus")))
        XCTAssertEqual(read("track-list/3/codec", state), .failure(.propertyNotFound))
        XCTAssertEqual(read("current-tracks/video/id", state), .success(.int(1)))
        XCTAssertEqual(read("current-tracks/audio/lang", state), .success(.string("eng")))
        XCTAssertEqual(read("current-tracks/sub", state), .failure(.propertyUnavailable), "no subtitle track plays")
        XCTAssertEqual(read("current-tracks/sub2/id", state), .failure(.propertyUnavailable))
        XCTAssertEqual(read("current-tracks/bogus", state), .failure(.propertyNotFound))
        guard case .success(.object(let current)) = read("current-tracks", state) else { return XCTFail("no map") }
        XCTAssertEqual(Set(current.keys), ["video", "audio"], "the slots with no track are left out")
    }

    func testObservabilityFollowsThePropertyOfAPath() {
        XCTAssertFalse(IPCProperties.isObservable("mpv-version"))
        XCTAssertFalse(IPCProperties.isObservable("property-list/count"))
        XCTAssertTrue(IPCProperties.isObservable("metadata/by-key/title"))
        XCTAssertTrue(IPCProperties.isObservable("bogus/name"))
    }

    func testObservingASubPropertyReportsItsChanges() {
        var session = IPCSession(clientName: "test")
        var state = tagged
        let line = Array(#"{"command":["observe_property",4,"current-tracks/audio/id"],"request_id":1}"#.utf8)
        let name = "current-tracks/audio/id"
        XCTAssertEqual(session.handle(line, state: state).messages.last, IPCMessage.propertyChange(id: 4, name: name, value: .int(1)))
        state.tracks[1].isSelected = false
        state.tracks[2].isSelected = true
        XCTAssertEqual(session.propertyChanges(in: state), [IPCMessage.propertyChange(id: 4, name: name, value: .int(2))])
        XCTAssertEqual(session.propertyChanges(in: state), [], "told once")
    }
}

// MARK: - The properties mpv's clients read

extension IPCPropertiesTests {
    static let clientProperties: [(name: String, type: String)] = [
        ("working-directory", "text"), ("filename/no-ext", "text"), ("file-format", "text"), ("file-size", "integer"),
        ("stream-open-filename", "text"), ("playback-time", "number"), ("playtime-remaining", "number"),
        ("core-idle", "flag"), ("current-tracks", "map"), ("metadata", "map"), ("filtered-metadata", "map"),
        ("video-params", "map"), ("video-out-params", "map"), ("audio-params", "map"),
        ("estimated-frame-count", "integer"), ("estimated-frame-number", "integer"),
        ("decoder-frame-drop-count", "integer"), ("screenshot-directory", "text"), ("mpv-version", "text"),
        ("ffmpeg-version", "text"), ("window-minimized", "flag"), ("osd-width", "integer"), ("osd-height", "integer"),
        ("display-fps", "number"),
    ]

    func testListPropertiesNamesEveryClientProperty() {
        let lines = PropertyListText.text().split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true) }
        for (name, type) in Self.clientProperties {
            let line = lines.first { $0.first.map(String.init) == name }
            XCTAssertNotNil(line, "\(name) is not listed")
            XCTAssertEqual(line.map { String($0[1]) }, type, name)
            XCTAssertEqual(line.map { String($0[2]) }, name == "playback-time" ? "writable" : "read-only", name)
        }
        // Before property-list, which stays last.
        XCTAssertEqual(lines.last?.first, "property-list")
    }
}
