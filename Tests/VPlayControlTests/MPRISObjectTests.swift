import VPlayCore
import XCTest
@testable import VPlayControl

final class MPRISObjectTests: XCTestCase {
    private let player = MPRISContext.playerInterface
    private let root = MPRISContext.rootInterface
    private let properties = "org.freedesktop.DBus.Properties"

    private func context(_ state: PlayerState = .playing, track: Int = 2) -> MPRISContext {
        MPRISContext(state: state, trackNumber: track)
    }

    private func call(_ interface: String, _ member: String, _ arguments: DBusValue..., in context: MPRISContext? = nil) -> MPRISOutcome {
        MPRISObject.outcome(for: MPRISCall(interface: interface, member: member, arguments: arguments), in: context ?? self.context())
    }

    private func get(_ interface: String, _ name: String, in context: MPRISContext? = nil) -> DBusValue? {
        guard case .reply(let values) = call(properties, "Get", .string(interface), .string(name), in: context),
              case .variant(let value)? = values.first else { return nil }
        return value
    }

    private func isInvalid(_ outcome: MPRISOutcome) -> Bool {
        if case .failure(let error) = outcome { return error.name == "org.freedesktop.DBus.Error.InvalidArgs" }
        return false
    }

    func testMethodsAreThePlayersCommands() {
        XCTAssertEqual(call(player, "Play"), .perform([.setPaused(false)]))
        XCTAssertEqual(call(player, "Pause"), .perform([.setPaused(true)]))
        XCTAssertEqual(call(player, "PlayPause"), .perform([.togglePause]))
        XCTAssertEqual(call(player, "Next"), .perform([.playlistNext]))
        XCTAssertEqual(call(player, "Stop"), .perform([.stop]))
        XCTAssertEqual(call(player, "Previous"), .perform([.playlistPrevious]))
        XCTAssertEqual(call(player, "Seek", .int64(-2_500_000)), .perform([.seek(.relative(-2.5), .exact)]))
        XCTAssertEqual(call(root, "Quit"), .perform([.quit(code: 0)]))
        XCTAssertEqual(call(root, "Raise"), .reply([]))
        XCTAssertEqual(call(player, "Bogus"), .unhandled)
        XCTAssertEqual(call("org.example.Other", "Play"), .unhandled)
    }

    func testWrongArgumentsAreInvalid() {
        XCTAssertTrue(isInvalid(call(player, "Seek", .string("abc"))))
        XCTAssertTrue(isInvalid(call(player, "Seek")))
        XCTAssertTrue(isInvalid(call(player, "Play", .boolean(true))))
        XCTAssertTrue(isInvalid(call(player, "SetPosition", .int64(5))))
        XCTAssertTrue(isInvalid(call(properties, "Get", .string(player))))
        XCTAssertTrue(isInvalid(call(properties, "Set", .string(player), .string("Volume"), .variant(.string("loud")))))
        XCTAssertTrue(isInvalid(call(properties, "Set", .string(player), .string("Volume"), .variant(.int32(1)))))
        XCTAssertTrue(isInvalid(call(properties, "Set", .string(player), .string("Rate"), .variant(.double(100)))))
        XCTAssertTrue(isInvalid(call(properties, "Set", .string(player), .string("Rate"), .variant(.double(.nan)))))
    }

    func testSetPositionNeedsTheCurrentTrackAndAPlaceInIt() {
        let current = DBusValue.objectPath(context().trackID)
        XCTAssertEqual(call(player, "SetPosition", current, .int64(4_000_000)), .perform([.seek(.absolute(4), .exact)]))
        XCTAssertEqual(call(player, "SetPosition", .objectPath("/org/mpris/MediaPlayer2/vplay/track/1"), .int64(4_000_000)), .reply([]))
        XCTAssertEqual(call(player, "SetPosition", current, .int64(-1)), .reply([]))
        XCTAssertEqual(call(player, "SetPosition", current, .int64(11_000_000)), .reply([]))
    }

    func testSeekingAFileWithoutADurationDoesNothing() {
        var state = PlayerState.playing
        state.duration = nil
        XCTAssertEqual(call(player, "Seek", .int64(1_000_000), in: context(state)), .reply([]))
        XCTAssertEqual(get(player, "CanSeek", in: context(state)), .boolean(false))
    }

    func testPropertiesReadTheState() {
        var state = PlayerState.playing
        state.volume = 60
        state.speed = 1.5
        state.playlistPosition = 1
        state.playlist = (1...3).map { PlaylistItem(path: "part \($0).mkv", id: $0) }
        let now = context(state)
        XCTAssertEqual(get(player, "PlaybackStatus", in: now), .string("Playing"))
        XCTAssertEqual(get(player, "Volume", in: now), .double(0.6))
        XCTAssertEqual(get(player, "Rate", in: now), .double(1.5))
        XCTAssertEqual(get(player, "Position", in: now), .int64(3_000_000))
        XCTAssertEqual(get(player, "CanGoNext", in: now), .boolean(true))
        XCTAssertEqual(get(player, "CanGoPrevious", in: now), .boolean(true))
        XCTAssertEqual(get(root, "Identity"), .string("vplay"))
        state.isPaused = true
        XCTAssertEqual(get(player, "PlaybackStatus", in: context(state)), .string("Paused"))
        XCTAssertEqual(get(player, "PlaybackStatus", in: context(PlayerState())), .string("Stopped"))
    }

    func testMetadataNamesTheTrack() {
        let metadata = get(player, "Metadata")?.entries
        XCTAssertEqual(metadata?["mpris:trackid"], .variant(.objectPath("/org/mpris/MediaPlayer2/vplay/track/2")))
        XCTAssertEqual(metadata?["mpris:length"], .variant(.int64(10_000_000)))
        XCTAssertEqual(metadata?["xesam:title"], .variant(.string("My Film.mkv")))
        XCTAssertEqual(metadata?["xesam:url"], .variant(.string("file:///media/My%20Film.mkv")))
    }

    func testSettingGoesThroughTheRegistry() {
        XCTAssertEqual(call(properties, "Set", .string(player), .string("Volume"), .variant(.double(0.5))), .perform([.setVolume(50)]))
        // Below 0 is 0; above the top is the top (`volume-max`).
        XCTAssertEqual(call(properties, "Set", .string(player), .string("Volume"), .variant(.double(-1))), .perform([.setVolume(0)]))
        XCTAssertEqual(call(properties, "Set", .string(player), .string("Volume"), .variant(.double(5))), .perform([.setVolume(130)]))
        XCTAssertEqual(call(properties, "Set", .string(player), .string("Rate"), .variant(.double(2))), .perform([.setSpeed(2)]))
        XCTAssertEqual(call(properties, "Set", .string(player), .string("Rate"), .variant(.double(0))), .perform([.setPaused(true)]))
        XCTAssertEqual(call(properties, "Set", .string(root), .string("Fullscreen"), .variant(.boolean(true))), .perform([.setFullscreen(true)]))
        XCTAssertEqual(call(properties, "Set", .string(player), .string("PlaybackStatus"), .variant(.string("Playing"))),
                       .failure(.readOnly("PlaybackStatus")))
        XCTAssertEqual(call(properties, "Get", .string(player), .string("Colour")), .failure(.unknownProperty(player, "Colour")))
        XCTAssertEqual(call(properties, "GetAll", .string("org.example")), .failure(.unknownInterface("org.example")))
    }

    func testLoopStatusIsLoopFileAndLoopPlaylist() {
        var state = PlayerState.playing
        XCTAssertEqual(get(player, "LoopStatus", in: context(state)), .string("None"))
        state.loopsPlaylist = true
        XCTAssertEqual(get(player, "LoopStatus", in: context(state)), .string("Playlist"))
        state.loopFile = nil
        XCTAssertEqual(get(player, "LoopStatus", in: context(state)), .string("Track"))
        let set = { (status: String) in self.call(self.properties, "Set", .string(self.player), .string("LoopStatus"), .variant(.string(status))) }
        XCTAssertEqual(set("Track"), .perform([.setLoopFile(nil), .setLoopPlaylist(false)]))
        XCTAssertEqual(set("Playlist"), .perform([.setLoopFile(0), .setLoopPlaylist(true)]))
        XCTAssertEqual(set("None"), .perform([.setLoopFile(0), .setLoopPlaylist(false)]))
        XCTAssertTrue(isInvalid(set("Sometimes")))
    }

    func testOpenURITakesFilesAndWebAddressesOnly() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("mpris open \(UUID().uuidString).mkv")
        try Data().write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        XCTAssertEqual(call(player, "OpenUri", .string(file.absoluteString)), .perform([.loadFile(file.path)]))
        XCTAssertEqual(call(player, "OpenUri", .string(file.path)), .perform([.loadFile(file.path)]))
        XCTAssertEqual(call(player, "OpenUri", .string("https://example.com/a.m3u8")), .perform([.loadFile("https://example.com/a.m3u8")]))
        XCTAssertEqual(call(player, "OpenUri", .string("/no/such/file.mkv")), .failure(.fileNotFound("no file at '/no/such/file.mkv'")))
        guard case .failure(let error) = call(player, "OpenUri", .string("javascript:alert(1)")) else { return XCTFail("javascript: opened") }
        XCTAssertEqual(error.name, "org.freedesktop.DBus.Error.NotSupported")
    }

    func testChangesAreAnnouncedOncePerValue() {
        var state = PlayerState.playing
        var tracker = MPRISChangeTracker(initial: context(state))
        state.position = 5
        XCTAssertTrue(tracker.changes(in: context(state)).isEmpty, "the position is read on demand, not announced")
        state.isPaused = true
        state.volume = 50
        let changes = tracker.changes(in: context(state))
        XCTAssertEqual(changes.map(\.interface), [player])
        XCTAssertEqual(changes.first?.values, ["PlaybackStatus": .string("Paused"), "Volume": .double(0.5)])
        XCTAssertTrue(tracker.changes(in: context(state)).isEmpty)
        XCTAssertEqual(tracker.changes(in: context(state, track: 3)).first?.values.keys.sorted(), ["Metadata"])
    }
}
