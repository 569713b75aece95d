import TestSupport
import XCTest
@testable import VPlayCore

/// The properties mpv's clients read: values derived from the snapshot, the file's details as
/// read from real files, and what each gives without a file.
final class ClientPropertyTests: XCTestCase {
    private func value(_ name: String, _ state: PlayerState) throws -> PropertyValue {
        try PropertyRegistry.property(named: name).value(in: state)
    }

    /// A file three seconds into ten, playing video and audio at 25 fps.
    private var playing: PlayerState {
        var state = PlayerState()
        state.path = "/media/Some Film.v2.mkv"
        state.position = 3
        state.duration = 10
        state.hasVideo = true
        state.hasAudio = true
        state.containerFPS = 25
        return state
    }

    // MARK: Derived values

    func testCoreIsIdleWheneverPlaybackStandsStill() throws {
        XCTAssertFalse(playing.isCoreIdle, "playing")
        XCTAssertEqual(try value("core-idle", playing), .flag(false))
        let causes: [(String, (inout PlayerState) -> Void)] = [
            ("paused", { $0.isPaused = true }),
            ("opening", { $0.isRestarting = true }),
            ("seeking", { $0.isSeeking = true; $0.isRestarting = true }),
            ("buffering", { $0.isPausedForCache = true }),
            ("no file", { $0.path = "" }),
            ("idle", { $0 = PlayerState(); $0.isIdle = true }),
        ]
        for (cause, change) in causes {
            var state = playing
            change(&state)
            XCTAssertTrue(state.isCoreIdle, cause)
            XCTAssertEqual(try value("core-idle", state), .flag(true), cause)
        }
    }

    func testPlaytimeRemainingIsTheTimeLeftAtTheSpeed() throws {
        var state = playing
        XCTAssertEqual(try value("playtime-remaining", state), .number(7))
        state.speed = 2
        XCTAssertEqual(try value("playtime-remaining", state), .number(3.5))
        XCTAssertEqual(try value("time-remaining", state), .number(7), "time-remaining ignores the speed")
        state.speed = 0.5
        XCTAssertEqual(state.playtimeRemaining, 14)
        state.duration = nil
        XCTAssertEqual(try value("playtime-remaining", state), .unavailable, "no length")
        XCTAssertEqual(try value("playtime-remaining", PlayerState()), .unavailable, "no file")
    }

    func testPlaybackTimeIsThePositionAndSeeksExactly() throws {
        XCTAssertEqual(try value("playback-time", playing), .number(3))
        XCTAssertEqual(try value("playback-time", PlayerState()), .unavailable)
        let property = try PropertyRegistry.property(named: "playback-time")
        XCTAssertEqual(try property.command(setting: .number(5), in: playing), .seek(.absolute(5), .exact))
        XCTAssertEqual(try property.command(adjusting: .add(-2), in: playing), .seek(.relative(-2), .exact))
    }

    func testEstimatedFramesFollowTheLengthAndRate() throws {
        var state = playing
        XCTAssertEqual(try value("estimated-frame-count", state), .integer(250))
        XCTAssertEqual(try value("estimated-frame-number", state), .integer(75))
        state.duration = 2.03
        state.position = 1.01
        XCTAssertEqual(state.estimatedFrameCount, 50, "a part frame is not counted")
        XCTAssertEqual(state.estimatedFrameNumber, 25)
        state.containerFPS = nil
        XCTAssertEqual(try value("estimated-frame-count", state), .integer(0), "no rate: 0, as mpv")
        state.hasVideo = false
        XCTAssertEqual(try value("estimated-frame-count", state), .unavailable, "no video")
        XCTAssertEqual(try value("estimated-frame-number", state), .unavailable)
        XCTAssertEqual(try value("decoder-frame-drop-count", state), .unavailable)
        XCTAssertEqual(try value("decoder-frame-drop-count", playing), .integer(0))
    }

    func testFileNameWithoutExtensionAsMpvSplitsIt() throws {
        XCTAssertEqual(try value("filename/no-ext", playing), .text("Some Film.v2"))
        XCTAssertEqual(try value("filename/no-ext", PlayerState()), .unavailable)
        let names = ["a.tar.gz": "a.tar", ".hidden": ".hidden", ".hidden.mkv": ".hidden", "ends.": "ends.",
                     "plain": "plain", "v.mp4?x=1": "v", "..": "..", "": ""]
        for (name, stripped) in names {
            XCTAssertEqual(PropertyRegistry.removingExtension(name), stripped, name)
        }
    }

    // MARK: Without a file, and the window

    func testWithoutAFileTheFilePropertiesAreUnavailable() throws {
        let idle = PlayerState()
        for name in ["filename/no-ext", "stream-open-filename", "file-format", "file-size", "metadata", "filtered-metadata",
                     "current-tracks", "video-params", "video-out-params", "audio-params", "playback-time",
                     "playtime-remaining", "estimated-frame-count", "estimated-frame-number", "decoder-frame-drop-count",
                     "display-fps"] {
            XCTAssertEqual(try value(name, idle), .unavailable, name)
        }
        XCTAssertEqual(try value("working-directory", idle), .text(FileManager.default.currentDirectoryPath))
        XCTAssertEqual(try value("mpv-version", idle), .text("vplay \(VPlayVersion.string)"))
        guard case .text(let ffmpeg) = try value("ffmpeg-version", idle) else { return XCTFail("no FFmpeg version") }
        XCTAssertFalse(ffmpeg.isEmpty)
        XCTAssertEqual(try value("screenshot-directory", idle), .text(""))
        XCTAssertEqual(try value("core-idle", idle), .flag(true))
        // No window: 0×0 and not minimized, as mpv without a video output.
        XCTAssertEqual(try value("window-minimized", idle), .flag(false))
        XCTAssertEqual(try value("osd-width", idle), .integer(0))
        XCTAssertEqual(try value("osd-height", idle), .integer(0))
    }

    func testWindowPropertiesReadTheWindowState() throws {
        var state = playing
        state.window = WindowState(width: 1280, height: 720, isMinimized: true, displayFPS: 59.94)
        state.screenshotDirectory = "/tmp/shots"
        XCTAssertEqual(try value("osd-width", state), .integer(1280))
        XCTAssertEqual(try value("osd-height", state), .integer(720))
        XCTAssertEqual(try value("window-minimized", state), .flag(true))
        XCTAssertEqual(try value("display-fps", state), .number(59.94))
        XCTAssertEqual(try value("screenshot-directory", state), .text("/tmp/shots"))
        state.window?.displayFPS = nil
        XCTAssertEqual(try value("display-fps", state), .unavailable, "a display that does not say")
    }

    func testCurrentTracksGiveTheTrackListEntriesPlaying() throws {
        var state = playing
        var video = Track(id: 1, kind: .video, codec: "h264", streamIndex: 0)
        video.isSelected = true
        var main = Track(id: 1, kind: .sub, codec: "subrip", streamIndex: 1)
        main.isSelected = true
        var second = Track(id: 2, kind: .sub, codec: "ass", streamIndex: 2)
        second.isSecondarySelection = true
        state.tracks = [video, Track(id: 1, kind: .audio, codec: "aac", streamIndex: 3), main, second]
        XCTAssertEqual(try value("current-tracks", state), .map([
            "video": video.propertyValue, "audio": .unavailable, "sub": main.propertyValue, "sub2": second.propertyValue,
        ]))
    }

    // MARK: Stream parameters

    func testUnspecifiedColourIsGuessedAsMpvGuessesIt() throws {
        let sd = VideoParameters(pixelFormat: "yuv420p", geometry: VideoGeometry(width: 720, height: 576)).guessed
        XCTAssertEqual([sd.colorMatrix, sd.colorLevels, sd.primaries, sd.gamma, sd.chromaLocation],
                       ["bt.601", "limited", "bt.601-625", "bt.1886", "mpeg2/4/h264"])
        let ntsc = VideoParameters(pixelFormat: "yuv420p", geometry: VideoGeometry(width: 720, height: 480)).guessed
        XCTAssertEqual(ntsc.primaries, "bt.601-525")
        let hd = VideoParameters(pixelFormat: "yuv420p", geometry: VideoGeometry(width: 1920, height: 1080)).guessed
        XCTAssertEqual([hd.colorMatrix, hd.primaries], ["bt.709", "bt.709"])
        let uhd = VideoParameters(pixelFormat: "yuv420p10", geometry: VideoGeometry(width: 3840, height: 2160),
                                  colorMatrix: "bt.2020-ncl", gamma: "pq").guessed
        XCTAssertEqual([uhd.primaries, uhd.gamma], ["bt.2020", "pq"])
        let jpeg = VideoParameters(pixelFormat: "yuv420p", geometry: VideoGeometry(width: 300, height: 300),
                                   colorLevels: "full").guessed
        XCTAssertEqual([jpeg.gamma, jpeg.chromaLocation], ["srgb", "mpeg1/jpeg"])
        let rgb = VideoParameters(pixelFormat: "rgb24", geometry: VideoGeometry(width: 640, height: 480),
                                  colorMatrix: "rgb", isSubsampled: false).guessed
        XCTAssertEqual([rgb.colorLevels, rgb.primaries, rgb.gamma, rgb.chromaLocation], ["full", "bt.709", "srgb", "mpeg1/jpeg"])
    }

    func testTheSampleAspectStretchesTheDisplaySize() throws {
        let wide = VideoParameters(pixelFormat: "yuv420p", geometry: VideoGeometry(width: 320, height: 240, sampleAspect: 2))
        guard case .map(let fields) = wide.propertyValue else { return XCTFail("not a map") }
        XCTAssertEqual(fields["w"], .integer(320))
        XCTAssertEqual(fields["dw"], .integer(640))
        XCTAssertEqual(fields["dh"], .integer(240))
        XCTAssertEqual(fields["aspect"], .number(640.0 / 240))
        XCTAssertEqual(fields["par"], .number(2))
        let tall = VideoParameters(pixelFormat: "yuv420p", geometry: VideoGeometry(width: 320, height: 240, sampleAspect: 0.5))
        XCTAssertEqual(tall.displaySize.width, 320)
        XCTAssertEqual(tall.displaySize.height, 480)
    }

    func testTheOutputIsWhatTheScreenGets() throws {
        let hdr = VideoParameters(pixelFormat: "yuv420p10", bitsPerPixel: 24, geometry: VideoGeometry(width: 3840, height: 2160),
                                  colorMatrix: "bt.2020-ncl", primaries: "bt.2020", gamma: "pq").output
        XCTAssertEqual([hdr.pixelFormat, hdr.colorMatrix, hdr.primaries, hdr.gamma], ["yuv420p", "bt.709", "bt.709", "bt.1886"])
        XCTAssertEqual(hdr.bitsPerPixel, 12)
        let tenBitSDR = VideoParameters(pixelFormat: "yuv422p10", geometry: VideoGeometry(width: 1920, height: 1080)).output
        XCTAssertEqual([tenBitSDR.pixelFormat, tenBitSDR.gamma], ["yuv420p", "bt.1886"])
        let nv12 = VideoParameters(pixelFormat: "nv12", geometry: VideoGeometry(width: 320, height: 240)).output
        XCTAssertEqual(nv12.pixelFormat, "nv12")
    }

    func testFilteredMetadataKeepsTheTagsShownByDefault() throws {
        var state = playing
        state.media = MediaDetails(format: "mp3", tags: ["TITLE": "T", "artist": "A", "encoder": "Lavf", "major_brand": "isom"])
        XCTAssertEqual(try value("filtered-metadata", state), .map(["TITLE": .text("T"), "artist": .text("A")]))
        XCTAssertEqual(try value("metadata", state), .map(["TITLE": .text("T"), "artist": .text("A"),
                                                           "encoder": .text("Lavf"), "major_brand": .text("isom")]))
        XCTAssertEqual(try value("file-format", state), .text("mp3"))
        XCTAssertEqual(try value("file-size", state), .unavailable, "a size the source does not say")
    }

    // MARK: Read from real files

    private func details(_ spec: ClipSpec) throws -> MediaDetails {
        let url = try MediaFactory.clip(spec)
        return try MediaFile(path: url.path, options: PlayerOptions()).details
    }

    func testDetailsOfAnMP4() throws {
        let url = try MediaFactory.clip(.av(seconds: 2))
        let media = try MediaFile(path: url.path, options: PlayerOptions()).details
        XCTAssertEqual(media.format, "mov,mp4,m4a,3gp,3g2,mj2")
        XCTAssertEqual(media.size, try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int)
        XCTAssertEqual(media.video.keys.sorted(), [0])
        let video = try XCTUnwrap(media.video[0])
        XCTAssertEqual(video.pixelFormat, "yuv420p")
        XCTAssertEqual(video.bitsPerPixel, 12)
        XCTAssertEqual([video.geometry.width, video.geometry.height, video.geometry.rotation], [320, 240, 0])
        XCTAssertEqual(media.audio[1], AudioParameters(format: "floatp", sampleRate: 48000, channels: "stereo", channelCount: 2))
    }

    func testDetailsOfUnusualStreams() throws {
        XCTAssertEqual(try details(.tenBit).video.values.first?.pixelFormat, "yuv420p10", "without the byte order")
        XCTAssertEqual(try details(.anamorphic).video.values.first?.geometry.sampleAspect, 2)
        XCTAssertEqual(try details(.rotated).video.values.first.map { $0.geometry.rotation % 180 }, 90, "a quarter turn")
        XCTAssertEqual(try details(.nv12).video.values.first?.pixelFormat, "nv12")
        XCTAssertEqual(try details(.nv12).format, "matroska,webm")
        let surround = try XCTUnwrap(details(.surround51).audio.values.first)
        XCTAssertEqual([surround.channels, String(surround.channelCount)], ["5.1", "6"])
        XCTAssertEqual(try details(.mono8k).audio.values.first?.channels, "mono")
    }

    /// Ogg keeps the tags with the audio stream: a file of one audio stream gives them as the file's.
    func testTagsOfALoneAudioStreamAreTheFiles() throws {
        let opus = ClipSpec(name: "tagged-opus", fileExtension: "opus",
                            arguments: ["-f", "lavfi", "-i", "sine=frequency=440:duration=1", "-c:a", "libopus",
                                        "-metadata", "title=Opus Title", "-metadata", "artist=Someone"])
        let media = try details(opus)
        XCTAssertEqual(media.format, "ogg")
        XCTAssertEqual(media.tags["title"], "Opus Title")
        XCTAssertEqual(media.displayedTags, ["title": "Opus Title", "artist": "Someone"])
        XCTAssertEqual(media.video, [:])
    }
}
