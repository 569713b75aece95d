import Foundation
import TestSupport
import XCTest

/// The properties scrobblers, remote controls and media-server clients read over mpv's IPC,
/// from the built `vplay` playing a clip whose every fact is known.
final class ClientPropertyBinaryTests: XCTestCase {
    /// 10 s of 320×240 at 25 fps with AAC stereo at 44.1 kHz (not the usual 48 kHz, so the
    /// rate read is the file's), tagged with a title and an artist.
    static let clip = ClipSpec(name: "client-properties", fileExtension: "mp4", arguments: [
        "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25:duration=10,format=yuv420p",
        "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100:duration=10",
        "-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-g", "50",
        "-c:a", "aac", "-ac", "2", "-ar", "44100",
        "-metadata", "title=Client Properties", "-metadata", "artist=The Testers", "-movflags", "+faststart",
    ])
    static let title = "Client Properties"

    /// What scrobblers, remote controls and media-server clients ask for: the properties
    /// added for them, then those vplay had before.
    static let scrobblerProperties = [
        "working-directory", "filename/no-ext", "file-format", "file-size", "stream-open-filename", "playback-time",
        "playtime-remaining", "core-idle", "current-tracks", "metadata", "metadata/by-key/title", "metadata/list/count",
        "filtered-metadata", "video-params", "video-out-params", "audio-params", "estimated-frame-count",
        "estimated-frame-number", "decoder-frame-drop-count", "screenshot-directory", "mpv-version", "ffmpeg-version",
        "window-minimized", "osd-width", "osd-height", "display-fps",
        "pause", "time-pos", "percent-pos", "duration", "time-remaining", "speed", "eof-reached", "seeking",
        "idle-active", "paused-for-cache", "seekable", "partially-seekable", "path", "filename", "media-title",
        "chapter-list", "chapters", "chapter", "chapter-metadata", "track-list", "aid", "vid", "sid", "width", "height",
        "container-fps", "estimated-vf-fps", "frame-drop-count", "avsync", "hwdec-current", "volume", "volume-max",
        "mute", "fullscreen", "sub-text", "sub-start", "sub-end", "sub-visibility", "sub-delay", "secondary-sid",
        "loop-file", "loop-playlist", "playlist-pos", "playlist-count", "ab-loop-a", "ab-loop-b",
        "demuxer-cache-duration", "demuxer-cache-state", "cache-buffering-state", "property-list",
    ]

    func testEachClientPropertyDescribesTheClip() throws {
        let clip = try MediaFactory.clip(Self.clip)
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("vplay-client-\(UUID().uuidString.prefix(8))").resolvingSymlinksInPath()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let shots = directory.appendingPathComponent("shots").path
        let player = try IPCTestPlayer.launch(clip: clip, paused: true, arguments: ["--screenshot-directory=\(shots)"],
                                              currentDirectory: directory)
        let client = try player.connect()
        let read = { (name: String) throws -> IPCJSON in try self.value(name, client) }

        // The file.
        XCTAssertEqual(try read("working-directory"), .string(directory.path))
        XCTAssertEqual(try read("filename/no-ext"), .string(clip.deletingPathExtension().lastPathComponent))
        XCTAssertEqual(try read("stream-open-filename"), .string(clip.path))
        XCTAssertEqual(try read("file-format"), "mov,mp4,m4a,3gp,3g2,mj2")
        let bytes = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: clip.path)[.size] as? Int)
        XCTAssertEqual(try read("file-size"), .number(Double(bytes)))
        XCTAssertEqual(try read("screenshot-directory"), .string(shots))

        // Its tags.
        XCTAssertEqual(try read("metadata/by-key/title"), .string(Self.title))
        XCTAssertEqual(try read("metadata/by-key/ARTIST"), "The Testers", "keys in any case")
        let metadata = try read("metadata")
        XCTAssertEqual(metadata["title"], .string(Self.title))
        guard case .object(let tags) = metadata else { return XCTFail("metadata is not a map: \(metadata)") }
        XCTAssertEqual(try read("metadata/list/count"), .number(Double(tags.count)))
        XCTAssertEqual(try read("filtered-metadata"), .object(["title": .string(Self.title), "artist": "The Testers"]))
        XCTAssertEqual(try errorText("metadata/by-key/no-such-tag", client), "property not found")

        // The tracks playing, as track-list has them.
        XCTAssertEqual(try read("current-tracks/video/id"), 1)
        XCTAssertEqual(try read("current-tracks/video/codec"), "h264")
        XCTAssertEqual(try read("current-tracks/audio/id"), 1)
        XCTAssertEqual(try read("current-tracks/video"), try read("track-list/0"))
        XCTAssertEqual(try read("current-tracks/audio"), try read("track-list/1"))
        XCTAssertEqual(try errorText("current-tracks/sub", client), "property unavailable", "no subtitle track")
        XCTAssertEqual(try errorText("current-tracks/bogus", client), "property not found")

        // The pictures and the sound.
        let video = try read("video-params")
        for (key, expected) in [("pixelformat", "yuv420p"), ("w", 320), ("h", 240), ("dw", 320), ("dh", 240), ("par", 1),
                                ("rotate", 0), ("average-bpp", 12), ("colorlevels", "limited")] as [(String, IPCJSON)] {
            XCTAssertEqual(video[key], expected, "video-params/\(key)")
        }
        XCTAssertEqual(video["aspect"]?.number ?? 0, 4.0 / 3, accuracy: 1e-9)
        XCTAssertEqual(try read("video-params/w"), 320)
        XCTAssertEqual(try errorText("video-params/bogus", client), "property not found")
        XCTAssertEqual(try read("video-out-params/pixelformat"), "yuv420p")
        XCTAssertEqual(try read("video-out-params/dw"), 320)
        XCTAssertEqual(try read("audio-params"), .object([
            "format": "floatp", "samplerate": 44100, "channels": "stereo", "hr-channels": "stereo", "channel-count": 2,
        ]))

        // vplay itself.
        let version = try XCTUnwrap(try read("mpv-version").string)
        XCTAssertTrue(version.hasPrefix("vplay "), version)
        let ffmpeg = try XCTUnwrap(try read("ffmpeg-version").string)
        let cli = try ChildProcess.run("ffmpeg", ["-version"], timeout: .seconds(10))
        XCTAssertTrue(cli.outputText.hasPrefix("ffmpeg version \(ffmpeg) "),
                      "\(ffmpeg) is not the version of the ffmpeg beside it")

        // The window: the picture's size at 100 %, on screen.
        XCTAssertEqual(try read("osd-width"), 320)
        XCTAssertEqual(try read("osd-height"), 240)
        XCTAssertEqual(try read("window-minimized"), false)
        let displayFPS = try get("display-fps", client)
        XCTAssertTrue((displayFPS.data?.number ?? 0) > 0 || displayFPS["error"] == "property unavailable", "\(displayFPS)")

        // Paused at the start: idle, nothing left behind yet.
        XCTAssertEqual(try read("core-idle"), true)
        XCTAssertEqual(try read("decoder-frame-drop-count"), 0)
        let duration = try client.double("duration")
        XCTAssertEqual(try read("estimated-frame-count"), .number((duration * 25).rounded(.towardZero)))
        XCTAssertEqual(try read("playtime-remaining").number ?? 0, duration - (try client.double("time-pos")), accuracy: 1e-6)

        // Playing, the core runs and the position moves; paused again, it stands.
        XCTAssertTrue(try client.command("observe_property", 1, "core-idle").isSuccess)
        var mark = client.messages.count
        XCTAssertTrue(try client.command("set_property", "pause", false).isSuccess)
        try expectChange(client, id: 1, to: false, after: mark)
        try client.waitForTimePos(atLeast: 1)
        mark = client.messages.count
        XCTAssertTrue(try client.command("set_property", "pause", true).isSuccess)
        try expectChange(client, id: 1, to: true, after: mark)
        let position = try client.double("time-pos")
        XCTAssertGreaterThanOrEqual(position, 1)
        XCTAssertEqual(try read("playback-time"), .number(position))
        // mpv's estimate: the whole frames in the length, times the share of it played.
        let frames = (duration * 25).rounded(.towardZero)
        XCTAssertEqual(try read("estimated-frame-number"), .number((position / duration * frames).rounded(.toNearestOrEven)))
        XCTAssertTrue(try client.command("set_property", "speed", 2).isSuccess)
        XCTAssertEqual(try read("playtime-remaining").number ?? 0, (duration - position) / 2, accuracy: 1e-6)
        XCTAssertEqual(try read("time-remaining").number ?? 0, duration - position, accuracy: 1e-6)
    }

    /// Sub-properties are watched like properties, and a name with a slash is one name.
    func testSubPropertiesCanBeObserved() throws {
        let clip = try MediaFactory.clip(Self.clip)
        let player = try IPCTestPlayer.launch(clip: clip, paused: true)
        let client = try player.connect()
        let mark = client.messages.count
        XCTAssertTrue(try client.command("observe_property", 2, "metadata/by-key/title").isSuccess)
        XCTAssertTrue(try client.command("observe_property", 3, "filename/no-ext").isSuccess)
        XCTAssertTrue(try client.command("observe_property", 4, "current-tracks/audio/demux-samplerate").isSuccess)
        for (id, value) in [(2, IPCJSON.string(Self.title)), (3, .string(clip.deletingPathExtension().lastPathComponent)),
                            (4, 44100)] {
            let change = client.waitFor(after: mark, timeout: .seconds(5)) { $0["event"] == "property-change" && $0["id"] == .number(Double(id)) }
            XCTAssertEqual(change?["data"], value, "observer \(id)")
        }
    }

    /// Of everything those clients read, nothing is unknown to vplay: each is there, or at
    /// most unavailable for this clip (no chapters, no subtitles, no cache).
    func testNoPropertyAScrobblerReadsIsMissing() throws {
        XCTAssertEqual(Self.scrobblerProperties.count, 76)
        XCTAssertEqual(Set(Self.scrobblerProperties).count, 76, "a name twice")
        let player = try IPCTestPlayer.launch(clip: try MediaFactory.clip(Self.clip), paused: false)
        let client = try player.connect()
        try client.waitForTimePos(atLeast: 0.2)
        var missing: [String] = []
        for name in Self.scrobblerProperties {
            let reply = try get(name, client)
            if reply["error"] == "property not found" { missing.append(name) }
            XCTAssertTrue(reply.isSuccess || reply["error"] == "property unavailable", "\(name): \(reply)")
        }
        XCTAssertEqual(missing, [])
    }

    // MARK: Helpers

    private func get(_ name: String, _ client: IPCClient) throws -> IPCJSON {
        try client.command("get_property", .string(name))
    }

    /// A property's value; fails the test when there is none.
    private func value(_ name: String, _ client: IPCClient, file: StaticString = #filePath, line: UInt = #line) throws -> IPCJSON {
        let reply = try get(name, client)
        guard reply.isSuccess, let data = reply.data else {
            XCTFail("get_property \(name): \(reply)", file: file, line: line)
            return .null
        }
        return data
    }

    /// The error answered for a property that has no value.
    private func errorText(_ name: String, _ client: IPCClient) throws -> String? {
        try get(name, client)["error"]?.string
    }

    /// Waits for observer `id`'s `property-change` to `value` after message `mark`.
    private func expectChange(_ client: IPCClient, id: Int, to value: Bool, after mark: Int,
                              file: StaticString = #filePath, line: UInt = #line) throws {
        let change = client.waitFor(after: mark, timeout: .seconds(10)) {
            $0["event"] == "property-change" && $0["id"] == .number(Double(id)) && $0["data"] == .bool(value)
        }
        XCTAssertNotNil(change, "observer \(id) never saw \(value)", file: file, line: line)
    }
}
