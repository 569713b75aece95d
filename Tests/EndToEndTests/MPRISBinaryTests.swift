import Foundation
import TestSupport
import XCTest

/// vplay as an MPRIS2 player: the built binary on a private session bus, driven by `playerctl`
/// and `dbus-send` as a desktop's media widgets would, checked through its JSON IPC.
final class MPRISBinaryTests: XCTestCase {
    private static let destination = "org.mpris.MediaPlayer2.vplay"
    private static let objectPath = "/org/mpris/MediaPlayer2"
    private static let player = "org.mpris.MediaPlayer2.Player"

    private func requireTools() throws {
        try skipWithoutDisplay()
        for tool in ["dbus-daemon", "playerctl", "dbus-send", "dbus-monitor"] {
            try XCTSkipIf(ChildProcess.locate(tool) == nil, "needs \(tool) (run `make setup`)")
        }
    }

    /// A player on `bus` playing `clip` (paused at the start unless `playing`), once it is on the bus.
    /// - Parameter title: the first file's name, when `arguments` names files before `clip`.
    private func startPlayer(on bus: PrivateBus, clip: URL, arguments: [String] = [], playing: Bool = false,
                             title: String? = nil) throws -> PlayerSession {
        let player = try PlayerSession(clip: clip, arguments: (playing ? [] : ["--pause"]) + arguments,
                                       title: title ?? clip.lastPathComponent, environment: bus.environment)
        let listed = poll(timeout: .seconds(10)) { (try? self.playerctl(bus, "-l"))?.contains("vplay") ?? false }
        XCTAssertTrue(listed, "vplay never appeared on the bus")
        return player
    }

    @discardableResult
    private func playerctl(_ bus: PrivateBus, _ arguments: String...) throws -> String {
        let result = try bus.run("playerctl", ["--player=vplay"] + arguments).requireSuccess()
        return result.outputText.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `mpris:trackid` (which playerctl prints quoted, as an object path).
    private func trackID(_ bus: PrivateBus) throws -> String {
        try playerctl(bus, "metadata", "mpris:trackid").split(separator: " ").last.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "'")) } ?? ""
    }

    /// `dbus-send` to the player's object; the result, whether it failed or not.
    private func send(_ bus: PrivateBus, _ member: String, _ arguments: String...) throws -> ProcessResult {
        try bus.run("dbus-send", ["--session", "--print-reply", "--dest=\(Self.destination)", Self.objectPath, member] + arguments)
    }


    func testTheStatusFollowsKeysAndIPC() throws {
        try requireTools()
        let bus = try PrivateBus()
        let player = try startPlayer(on: bus, clip: try Clips.av(seconds: 20))
        let ipc = try XCTUnwrap(player.ipc)
        XCTAssertEqual(try playerctl(bus, "status"), "Paused")
        try Screen.key(window: player.window, "space")
        XCTAssertTrue(poll { (try? self.playerctl(bus, "status")) == "Playing" }, "space did not show as Playing")
        _ = try ipc.command(["set_property", "pause", true])
        XCTAssertTrue(poll { (try? self.playerctl(bus, "status")) == "Paused" }, "IPC pause did not show as Paused")
    }

    func testPlayerctlPlaysPausesSeeksAndSetsTheVolume() throws {
        try requireTools()
        let bus = try PrivateBus()
        let player = try startPlayer(on: bus, clip: try Clips.av(seconds: 20))
        let ipc = try XCTUnwrap(player.ipc)

        // A change is answered once it is made, so the reads right after it see it.
        try playerctl(bus, "play")
        XCTAssertFalse(try ipc.bool("pause"))
        try playerctl(bus, "pause")
        XCTAssertTrue(try ipc.bool("pause"))
        try playerctl(bus, "position", "7")
        XCTAssertTrue(poll { abs(((try? ipc.double("time-pos")) ?? 0) - 7) < 0.05 }, "SetPosition did not land at 7 s")
        XCTAssertEqual(Double(try playerctl(bus, "position")) ?? 0, 7, accuracy: 0.05)
        try playerctl(bus, "position", "2-")
        XCTAssertTrue(poll { abs(((try? ipc.double("time-pos")) ?? 0) - 5) < 0.05 }, "Seek -2 s did not land at 5 s")
        try playerctl(bus, "volume", "0.4")
        XCTAssertEqual(try ipc.double("volume"), 40, accuracy: 0.001)
        XCTAssertEqual(Double(try playerctl(bus, "volume")) ?? 0, 0.4, accuracy: 0.001)
        _ = try ipc.command(["set_property", "volume", 75])
        XCTAssertEqual(Double(try playerctl(bus, "volume")) ?? 0, 0.75, accuracy: 0.001)
    }

    func testStopGoesToTheIdleWindowAndIsStopped() throws {
        try requireTools()
        let bus = try PrivateBus()
        let player = try startPlayer(on: bus, clip: try Clips.av(seconds: 20), arguments: ["--idle"])
        let ipc = try XCTUnwrap(player.ipc)
        try playerctl(bus, "stop")
        XCTAssertTrue(poll(timeout: .seconds(10)) { (try? ipc.property("idle-active")) as? Bool == true }, "Stop did not stop")
        XCTAssertTrue(poll { (try? self.playerctl(bus, "status")) == "Stopped" })
        XCTAssertTrue(player.process.isRunning)
    }

    func testNextAndPreviousMoveThroughThePlaylist() throws {
        try requireTools()
        let bus = try PrivateBus()
        let clips = try [20.0, 21.0].map { try MediaFactory.clip(.av(seconds: $0)) }
        let player = try startPlayer(on: bus, clip: clips[1], arguments: [clips[0].path], title: clips[0].lastPathComponent)
        let ipc = try XCTUnwrap(player.ipc)
        XCTAssertEqual(try playerctl(bus, "metadata", "xesam:title"), clips[0].lastPathComponent)
        try playerctl(bus, "next")
        XCTAssertTrue(poll(timeout: .seconds(10)) { (try? ipc.property("playlist-pos") as? Int) == 1 }, "Next did not move on")
        XCTAssertTrue(poll { (try? self.playerctl(bus, "metadata", "xesam:title")) == clips[1].lastPathComponent })
        try playerctl(bus, "previous")
        XCTAssertTrue(poll(timeout: .seconds(10)) { (try? ipc.property("playlist-pos") as? Int) == 0 }, "Previous did not go back")
    }

    func testLoopStatusRepeatsTheFileOrGoesRoundThePlaylist() throws {
        try requireTools()
        let bus = try PrivateBus()
        let clips = try [20.0, 21.0].map { try MediaFactory.clip(.av(seconds: $0)) }
        let player = try startPlayer(on: bus, clip: clips[1], arguments: [clips[0].path], title: clips[0].lastPathComponent)
        let ipc = try XCTUnwrap(player.ipc)
        XCTAssertEqual(try playerctl(bus, "loop"), "None")
        try playerctl(bus, "loop", "Playlist")
        XCTAssertEqual(try ipc.property("loop-playlist") as? String, "inf")
        XCTAssertEqual(try playerctl(bus, "loop"), "Playlist")
        try playerctl(bus, "previous")
        XCTAssertTrue(poll(timeout: .seconds(10)) { (try? ipc.property("playlist-pos") as? Int) == 1 }, "Previous did not go round to the last file")
        try playerctl(bus, "next")
        XCTAssertTrue(poll(timeout: .seconds(10)) { (try? ipc.property("playlist-pos") as? Int) == 0 }, "Next did not go round to the first file")
        try playerctl(bus, "loop", "Track")
        XCTAssertEqual(try ipc.property("loop-file") as? String, "inf")
        XCTAssertEqual(try ipc.property("loop-playlist") as? String, "no")
        try playerctl(bus, "next")
        XCTAssertTrue(poll(timeout: .seconds(10)) { (try? ipc.property("playlist-pos") as? Int) == 1 })
        XCTAssertEqual(try playerctl(bus, "loop"), "Track", "the next file forgot loop-file")
        _ = try ipc.command(["set_property", "loop-file", "no"])
        XCTAssertTrue(poll { (try? self.playerctl(bus, "loop")) == "None" })
    }

    func testMetadataHasTheTrackLengthTitleAndURL() throws {
        try requireTools()
        let bus = try PrivateBus()
        let clip = try Clips.av(seconds: 6)
        let player = try startPlayer(on: bus, clip: clip)
        defer { withExtendedLifetime(player) {} }
        let length = try XCTUnwrap(Int64(try playerctl(bus, "metadata", "mpris:length")))
        XCTAssertEqual(Double(length) / 1_000_000, 6, accuracy: 0.1)
        XCTAssertEqual(try playerctl(bus, "metadata", "xesam:title"), clip.lastPathComponent)
        XCTAssertEqual(try playerctl(bus, "metadata", "xesam:url"), clip.absoluteURL.absoluteString)
        XCTAssertTrue(try trackID(bus).hasPrefix("/org/mpris/MediaPlayer2/vplay/track/"))
    }

    func testTagsAndTheEmbeddedCoverAreInTheMetadata() throws {
        try requireTools()
        let bus = try PrivateBus()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vplay-mpris-tags-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let clip = directory.appendingPathComponent("tagged.mp3")
        try ChildProcess.run("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "sine=frequency=440:duration=20",
                                        "-f", "lavfi", "-i", "color=c=red:s=64x64:d=1", "-map", "0:a", "-map", "1:v",
                                        "-c:a", "libmp3lame", "-c:v", "png", "-frames:v", "1", "-disposition:v:0", "attached_pic",
                                        "-id3v2_version", "3", "-metadata", "artist=The Testers", "-metadata", "album=Bus Lines",
                                        "-metadata", "title=Signal", clip.path], timeout: .seconds(60)).requireSuccess()
        var player: PlayerSession? = try startPlayer(on: bus, clip: clip, title: "Signal")
        XCTAssertEqual(try playerctl(bus, "metadata", "xesam:artist"), "The Testers")
        XCTAssertEqual(try playerctl(bus, "metadata", "xesam:album"), "Bus Lines")
        XCTAssertEqual(try playerctl(bus, "metadata", "xesam:title"), "Signal")
        let art = try XCTUnwrap(URL(string: try playerctl(bus, "metadata", "mpris:artUrl")))
        XCTAssertTrue(art.isFileURL)
        let picture = try Data(contentsOf: art)
        XCTAssertEqual(Array(picture.prefix(4)), [0x89, 0x50, 0x4E, 0x47], "the cover is not the file's PNG")
        XCTAssertEqual((try FileManager.default.attributesOfItem(atPath: art.deletingLastPathComponent().path)[.posixPermissions] as? Int), 0o700)
        _ = try player?.ipc?.command(["quit"])
        XCTAssertEqual(player?.process.waitForExit(timeout: .seconds(10)).status, 0)
        player = nil
        XCTAssertFalse(FileManager.default.fileExists(atPath: art.deletingLastPathComponent().path), "the cover was left behind")
    }

    func testEverySeekIsSignalled() throws {
        try requireTools()
        let bus = try PrivateBus()
        let monitor = try bus.launch("dbus-monitor", ["--session", "type='signal',interface='\(Self.player)',member='Seeked'"])
        defer { monitor.terminate() }
        // dbus-monitor says its own name is gone once it listens.
        XCTAssertTrue(monitor.waitForOutput(containing: "NameLost", timeout: .seconds(10)))
        let player = try startPlayer(on: bus, clip: try Clips.av(seconds: 20))
        let ipc = try XCTUnwrap(player.ipc)
        _ = try ipc.command(["seek", 4, "absolute"])
        XCTAssertTrue(monitor.waitForOutput(containing: "int64 4000000", timeout: .seconds(10)), "no Seeked after an IPC seek")
        try Screen.key(window: player.window, "Right")
        XCTAssertTrue(monitor.waitForOutput(containing: "int64 14000000", timeout: .seconds(10)), "no Seeked after the → key")
        try playerctl(bus, "position", "9")
        XCTAssertTrue(monitor.waitForOutput(containing: "int64 9000000", timeout: .seconds(10)), "no Seeked after SetPosition")
    }

    func testChangesAreSignalled() throws {
        try requireTools()
        let bus = try PrivateBus()
        let monitor = try bus.launch("dbus-monitor", ["--session",
                                                      "type='signal',interface='org.freedesktop.DBus.Properties',member='PropertiesChanged'"])
        defer { monitor.terminate() }
        XCTAssertTrue(monitor.waitForOutput(containing: "NameLost", timeout: .seconds(10)))
        let player = try startPlayer(on: bus, clip: try Clips.av(seconds: 20))
        let ipc = try XCTUnwrap(player.ipc)
        _ = try ipc.command(["set_property", "pause", false])
        XCTAssertTrue(monitor.waitForOutput(containing: "string \"Playing\"", timeout: .seconds(10)), "no PlaybackStatus change")
        _ = try ipc.command(["set_property", "volume", 50])
        XCTAssertTrue(monitor.waitForOutput(containing: "double 0.5", timeout: .seconds(10)), "no Volume change")
        let text = String(decoding: monitor.outputSoFar(), as: UTF8.self)
        XCTAssertFalse(text.contains("\"Position\""), "Position is read when asked, never signalled")
    }

    func testAStaleSetPositionIsIgnored() throws {
        try requireTools()
        let bus = try PrivateBus()
        let player = try startPlayer(on: bus, clip: try Clips.av(seconds: 20))
        let ipc = try XCTUnwrap(player.ipc)
        let current = try trackID(bus)
        XCTAssertTrue(try send(bus, "\(Self.player).SetPosition", "objpath:/org/mpris/MediaPlayer2/vplay/track/999", "int64:8000000").succeeded)
        XCTAssertTrue(try send(bus, "\(Self.player).SetPosition", "objpath:\(current)", "int64:-5000000").succeeded)
        XCTAssertTrue(try send(bus, "\(Self.player).SetPosition", "objpath:\(current)", "int64:99000000").succeeded)
        XCTAssertEqual(try ipc.double("time-pos"), 0, accuracy: 0.05, "a stale or out-of-range SetPosition moved the player")
        XCTAssertTrue(try send(bus, "\(Self.player).SetPosition", "objpath:\(current)", "int64:8000000").succeeded)
        XCTAssertTrue(poll { abs(((try? ipc.double("time-pos")) ?? 0) - 8) < 0.05 }, "the current track's SetPosition did not land")
    }

    func testMalformedCallsAreAnsweredWithDBusErrors() throws {
        try requireTools()
        let bus = try PrivateBus()
        let player = try startPlayer(on: bus, clip: try Clips.av(seconds: 20))
        let ipc = try XCTUnwrap(player.ipc)
        let properties = "org.freedesktop.DBus.Properties"
        let cases: [(arguments: [String], error: String)] = [
            (["\(Self.player).Seek", "string:abc"], "InvalidArgs"),
            (["\(Self.player).Seek"], "InvalidArgs"),
            (["\(Self.player).SetPosition", "int64:5"], "InvalidArgs"),
            (["\(Self.player).OpenUri", "string:javascript:alert(1)"], "NotSupported"),
            (["\(Self.player).OpenUri", "string:/no/such/file.mkv"], "FileNotFound"),
            (["\(Self.player).OpenUri", "string:file:///no/such/file.mkv"], "FileNotFound"),
            (["\(Self.player).NoSuchMethod"], "UnknownMethod"),
            (["\(properties).Get", "string:\(Self.player)", "string:Colour"], "UnknownProperty"),
            (["\(properties).Get", "string:org.example.Nothing", "string:Volume"], "UnknownInterface"),
            (["\(properties).Set", "string:\(Self.player)", "string:Volume", "variant:string:loud"], "InvalidArgs"),
            (["\(properties).Set", "string:\(Self.player)", "string:Rate", "variant:double:100"], "InvalidArgs"),
            (["\(properties).Set", "string:\(Self.player)", "string:PlaybackStatus", "variant:string:Playing"], "PropertyReadOnly"),
        ]
        for (arguments, error) in cases {
            let result = try bus.run("dbus-send", ["--session", "--print-reply", "--dest=\(Self.destination)", Self.objectPath] + arguments)
            XCTAssertFalse(result.succeeded, "\(arguments) succeeded")
            XCTAssertTrue(result.errorText.contains("org.freedesktop.DBus.Error.\(error)"), "\(arguments): \(result.errorText)")
        }
        // Seeks by ±10^12 µs: clamped to the start, or past the end (which ends the file and
        // leaves the player paused at its end): answered either way, nothing hangs.
        XCTAssertTrue(try send(bus, "\(Self.player).Seek", "int64:-1000000000000").succeeded)
        XCTAssertEqual(try ipc.double("time-pos"), 0, accuracy: 0.05)
        XCTAssertTrue(try send(bus, "\(Self.player).Seek", "int64:1000000000000").succeeded)
        XCTAssertTrue(poll { (try? self.playerctl(bus, "status")) == "Paused" })
        XCTAssertNotNil(try ipc.property("pause"), "the player stopped answering")
        XCTAssertTrue(player.process.isRunning)
    }

    func testWithoutASessionBusThePlayerPlaysAsBefore() throws {
        try skipWithoutDisplay()
        // No address, and no runtime directory to find the bus in: one line with -v, then play.
        let player = try PlayerSession(clip: try Clips.av(seconds: 20), arguments: ["-v"],
                                       environment: ["DBUS_SESSION_BUS_ADDRESS": "", "XDG_RUNTIME_DIR": ""])
        let ipc = try XCTUnwrap(player.ipc)
        XCTAssertTrue(poll { ((try? ipc.double("time-pos")) ?? 0) > 0.5 }, "playback did not start")
        XCTAssertTrue(player.process.waitForOutput(containing: "no session bus", on: .error, timeout: .seconds(5)))
        // A bus address that leads nowhere: the same.
        let elsewhere = try PlayerSession(clip: try Clips.av(seconds: 20),
                                          environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent/bus"])
        let otherIPC = try XCTUnwrap(elsewhere.ipc)
        XCTAssertTrue(poll { ((try? otherIPC.double("time-pos")) ?? 0) > 0.5 }, "playback did not start")
    }

    func testThePlayerOutlivesTheBus() throws {
        try requireTools()
        let bus = try PrivateBus()
        let player = try startPlayer(on: bus, clip: try Clips.av(seconds: 20), playing: true)
        let ipc = try XCTUnwrap(player.ipc)
        bus.stop()
        let before = try ipc.double("time-pos")
        XCTAssertTrue(poll { ((try? ipc.double("time-pos")) ?? 0) > before + 0.5 }, "playback stalled when the bus went away")
        _ = try? ipc.command(["quit"])
        let result = player.process.waitForExit(timeout: .seconds(10))
        XCTAssertEqual(result.status, 0, result.errorText)
        XCTAssertFalse(result.timedOut)
    }
}
