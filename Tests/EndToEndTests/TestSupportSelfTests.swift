import Foundation
import TestSupport
import XCTest

// Tests of the TestSupport helpers themselves: if these fail, the player's
// end-to-end tests cannot be trusted.

final class FramePatternSelfTests: XCTestCase {
    func testReadsFrameNumberFromDecodedFrame() throws {
        let clip = try MediaFactory.clip(.av(seconds: 2))
        let frame = try decodeFrame(37, of: clip, width: 320, height: 240)
        XCTAssertEqual(FramePattern.read(frame), 37)
    }

    func testReadsFrameNumberAfterScaling() throws {
        let clip = try MediaFactory.clip(.av(seconds: 2))
        for (width, height) in [(200, 150), (1280, 960), (500, 160)] {
            let frame = try decodeFrame(37, of: clip, width: width, height: height,
                                        filters: "scale=\(width):\(height):flags=bicubic")
            XCTAssertEqual(FramePattern.read(frame), 37, "scaled to \(width)x\(height)")
        }
    }

    func testReadsFrameNumberInsideLetterbox() throws {
        let clip = try MediaFactory.clip(.av(seconds: 2))
        let frame = try decodeFrame(37, of: clip, width: 480, height: 300, filters: "pad=480:300:80:30:gray")
        XCTAssertEqual(FramePattern.read(frame, rect: PixelRect(x: 80, y: 30, width: 320, height: 240)), 37)
    }

    func testReadsFrameNumberOfTenBitClip() throws {
        let clip = try MediaFactory.clip(.tenBit)
        XCTAssertEqual(FramePattern.read(try decodeFrame(37, of: clip, width: 320, height: 240)), 37)
    }

    func testCountsEveryFrameAcrossVariableFrameRatePieces() throws {
        let clip = try MediaFactory.clip(.vfr)
        let bytes = try ffmpegOutput(["-i", clip.path, "-fps_mode", "passthrough",
                                      "-f", "rawvideo", "-pix_fmt", "rgb24", "-"])
        let frameSize = 320 * 240 * 3
        XCTAssertEqual(bytes.count, 55 * frameSize)
        let numbers = stride(from: 0, to: bytes.count, by: frameSize).map {
            FramePattern.read(rgb: Array(bytes[$0..<$0 + frameSize]), width: 320, height: 240)
        }
        XCTAssertEqual(numbers, Array(0..<55))
    }

    func testReadsSyntheticPatternBitOrder() {
        let image = syntheticPattern(value: 0b1010_0000_0000_0101)
        XCTAssertEqual(FramePattern.read(image), 0b1010_0000_0000_0101)
    }

    func testRejectsGreyAndPatternlessPictures() throws {
        let grey = [UInt8](repeating: 128, count: 64 * 48 * 3)
        XCTAssertNil(FramePattern.read(rgb: grey, width: 64, height: 48))

        let clip = try MediaFactory.clip(.av(seconds: 2, withPattern: false))
        XCTAssertNil(FramePattern.read(try decodeFrame(37, of: clip, width: 320, height: 240)))
    }

    func testRejectsRectOutsideImage() {
        let image = syntheticPattern(value: 5)
        XCTAssertNil(FramePattern.read(image, rect: PixelRect(x: 10, y: 0, width: image.width, height: image.height)))
    }

    /// A 320×240 picture with `value`'s blocks drawn exactly and mid-grey below.
    private func syntheticPattern(value: Int) -> RGBImage {
        let width = 320, height = 240
        var pixels = [UInt8](repeating: 128, count: width * height * 3)
        for y in 0..<height / 8 {
            for x in 0..<width {
                let bit = (value >> (15 - x * 16 / width)) & 1
                for channel in 0..<3 { pixels[(y * width + x) * 3 + channel] = bit == 1 ? 255 : 0 }
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }
}

final class MediaFactorySelfTests: XCTestCase {
    func testAVClipHasExpectedStreamsAndKeyframeSpacing() throws {
        let probe = try Probe(try MediaFactory.clip(.av(seconds: 4)))
        let video = try XCTUnwrap(probe.stream("video"))
        XCTAssertEqual(video["codec_name"] as? String, "h264")
        XCTAssertEqual(video["pix_fmt"] as? String, "yuv420p")
        XCTAssertEqual(video["width"] as? Int, 320)
        XCTAssertEqual(video["height"] as? Int, 240)
        XCTAssertEqual(video["avg_frame_rate"] as? String, "25/1")
        try assertAudio(probe, codec: "aac", sampleRate: 48000, channels: 2)
        XCTAssertEqual(probe.duration, 4, accuracy: 0.1)
        let keyframes = try Probe.keyframeTimes(of: try MediaFactory.clip(.av(seconds: 4)))
        XCTAssertEqual(keyframes.count, 2)
        XCTAssertEqual(keyframes[0], 0, accuracy: 0.01)
        XCTAssertEqual(keyframes[1], 2, accuracy: 0.01)
    }

    func testVideoOnlyAndAudioOnlyClips() throws {
        let video = try Probe(try MediaFactory.clip(.videoOnly))
        XCTAssertEqual(video.codecTypes, ["video"])
        for (spec, codec) in [(ClipSpec.audioOnly, "aac"), (.audioOnlyMP3, "mp3"), (.audioOnlyOpus, "opus")] {
            let probe = try Probe(try MediaFactory.clip(spec))
            XCTAssertEqual(probe.codecTypes, ["audio"], codec)
            try assertAudio(probe, codec: codec, sampleRate: 48000, channels: 2)
        }
    }

    func testAudioVariants() throws {
        let surround = try Probe(try MediaFactory.clip(.surround51))
        try assertAudio(surround, codec: "aac", sampleRate: 48000, channels: 6)
        XCTAssertEqual(surround.stream("audio")?["channel_layout"] as? String, "5.1")

        let mono = try Probe(try MediaFactory.clip(.mono8k))
        try assertAudio(mono, codec: "aac", sampleRate: 8000, channels: 1)
        XCTAssertNotNil(mono.stream("video"))

        try assertAudio(try Probe(try MediaFactory.clip(.hiRes96k)), codec: "aac", sampleRate: 96000, channels: 2)
    }

    func testTenBitClip() throws {
        let video = try XCTUnwrap(try Probe(try MediaFactory.clip(.tenBit)).stream("video"))
        XCTAssertEqual(video["pix_fmt"] as? String, "yuv420p10le")
        XCTAssertEqual(video["profile"] as? String, "High 10")
    }

    func testVariableFrameRateClipHasUnevenFrameDurations() throws {
        let times = try Probe.videoPacketTimes(of: try MediaFactory.clip(.vfr)).sorted()
        XCTAssertEqual(times.count, 55)
        let gaps = Set(zip(times, times.dropFirst()).map { (($1 - $0) * 1000).rounded() })
        XCTAssertEqual(gaps, [100, 33, 34, 67])  // 10, 30 and 15 fps (1 ms timestamps)
    }

    func testOffsetStartClip() throws {
        let clip = try MediaFactory.clip(.firstKeyframeNotAtZero)
        let keyframes = try Probe.keyframeTimes(of: clip)
        XCTAssertEqual(try XCTUnwrap(keyframes.first), 1.5, accuracy: 0.01)
    }

    func testLongGOP1080pClip() throws {
        let clip = try MediaFactory.clip(.longGOP1080p)
        let video = try XCTUnwrap(try Probe(clip).stream("video"))
        XCTAssertEqual(video["width"] as? Int, 1920)
        XCTAssertEqual(video["height"] as? Int, 1080)
        XCTAssertEqual(try Probe.keyframeTimes(of: clip), [0, 2, 4, 6, 8])
    }

    func testCoverArtClip() throws {
        let probe = try Probe(try MediaFactory.clip(.coverArt))
        XCTAssertEqual(probe.stream("audio")?["codec_name"] as? String, "mp3")
        let picture = try XCTUnwrap(probe.stream("video"))
        XCTAssertEqual(picture["codec_name"] as? String, "mjpeg")
        XCTAssertEqual((picture["disposition"] as? [String: Any])?["attached_pic"] as? Int, 1)
    }

    func testNV12Clip() throws {
        let clip = try MediaFactory.clip(.nv12)
        let video = try XCTUnwrap(try Probe(clip).stream("video"))
        XCTAssertEqual(video["codec_name"] as? String, "rawvideo")
        XCTAssertEqual(video["pix_fmt"] as? String, "nv12")
        XCTAssertEqual(FramePattern.read(try decodeFrame(37, of: clip, width: 320, height: 240)), 37)
    }

    func testRotatedClipHasDisplayMatrix() throws {
        let video = try XCTUnwrap(try Probe(try MediaFactory.clip(.rotated)).stream("video"))
        let sideData = try XCTUnwrap(video["side_data_list"] as? [[String: Any]])
        let rotation = try XCTUnwrap(sideData.compactMap { $0["rotation"] as? Int }.first)
        XCTAssertEqual(abs(rotation), 90)
    }

    func testAnamorphicClip() throws {
        let video = try XCTUnwrap(try Probe(try MediaFactory.clip(.anamorphic)).stream("video"))
        XCTAssertEqual(video["sample_aspect_ratio"] as? String, "2:1")
    }

    func testReusesCachedFile() throws {
        let spec = ClipSpec.av(seconds: 1)
        let first = try MediaFactory.clip(spec)
        let created = try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: first.path)[.modificationDate] as? Date)
        let second = try MediaFactory.clip(spec)
        XCTAssertEqual(first, second)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: second.path)[.modificationDate] as? Date, created)
        XCTAssertTrue(first.path.hasPrefix(MediaFactory.cacheDirectory.path))
    }

    func testBadInputs() throws {
        let sourceSize = try fileSize(try MediaFactory.clip(MediaFactory.badInputSource))
        for kind in BadInput.allCases {
            let url = try MediaFactory.badInput(kind)
            var isDirectory: ObjCBool = false
            XCTAssertTrue(FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), "\(kind)")
            XCTAssertEqual(isDirectory.boolValue, kind == .directory, "\(kind)")
        }
        XCTAssertEqual(try fileSize(try MediaFactory.badInput(.emptyFile)), 0)
        XCTAssertEqual(try fileSize(try MediaFactory.badInput(.truncatedHalf)), sourceSize / 2)
        XCTAssertEqual(try fileSize(try MediaFactory.badInput(.garbageMiddle)), sourceSize)
        XCTAssertLessThan(try fileSize(try MediaFactory.badInput(.missingMoov)), sourceSize)
        for kind in [BadInput.emptyFile, .randomBytes, .textFile, .missingMoov, .directory] {
            XCTAssertFalse(try Probe.accepts(try MediaFactory.badInput(kind)), "ffprobe accepted \(kind)")
        }
    }

    private func assertAudio(_ probe: Probe, codec: String, sampleRate: Int, channels: Int,
                             file: StaticString = #filePath, line: UInt = #line) throws {
        let audio = try XCTUnwrap(probe.stream("audio"), file: file, line: line)
        XCTAssertEqual(audio["codec_name"] as? String, codec, file: file, line: line)
        XCTAssertEqual(audio["sample_rate"] as? String, "\(sampleRate)", file: file, line: line)
        XCTAssertEqual(audio["channels"] as? Int, channels, file: file, line: line)
    }

    private func fileSize(_ url: URL) throws -> Int {
        try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int ?? -1
    }
}

final class ChildProcessSelfTests: XCTestCase {
    func testCapturesOutputStatusAndLargeOutput() throws {
        let result = try ChildProcess.run("sh", ["-c", "head -c 3000000 /dev/zero; echo oops >&2; exit 3"])
        XCTAssertEqual(result.standardOutput.count, 3_000_000)
        XCTAssertEqual(result.errorText, "oops\n")
        XCTAssertEqual(result.status, 3)
        XCTAssertFalse(result.succeeded)
        XCTAssertThrowsError(try result.requireSuccess())
    }

    func testKillsProcessAfterTimeout() throws {
        let result = try ChildProcess.run("sleep", ["30"], timeout: .milliseconds(300))
        XCTAssertTrue(result.timedOut)
        XCTAssertLessThan(result.wallTime, .seconds(5))
    }

    func testWaitsForOutputWhileRunning() throws {
        let process = try ChildProcess.launch("sh", ["-c", "echo ready; exec sleep 30"])
        XCTAssertTrue(process.waitForOutput(containing: "ready", timeout: .seconds(10)))
        XCTAssertTrue(process.isRunning)
        process.terminate()
        let result = process.waitForExit(timeout: .seconds(10))
        XCTAssertTrue(result.wasSignalled)
        XCTAssertFalse(result.timedOut)
    }

    func testMissingExecutableThrows() {
        XCTAssertThrowsError(try ChildProcess.run("vplay-no-such-tool", []))
    }

    func testBinaryRunnerHonoursVPLAYBIN() throws {
        setenv("VPLAY_BIN", "/bin/echo", 1)
        defer { unsetenv("VPLAY_BIN") }
        let result = try BinaryRunner.run(["--version"], environment: ["VPLAY_SELFTEST": "1"])
        XCTAssertEqual(result.outputText, "--version\n")
        XCTAssertEqual(result.command.first, "/bin/echo")
    }
}

final class AudioCaptureSelfTests: XCTestCase {
    func testFindsToneAndItsFrequency() throws {
        // 0.5 s silence, 1 s of 440 Hz at 1/8 amplitude, 0.5 s silence.
        let capture = AudioCapture(samples: stereoTone(silence: 0.5, tone: 1, frequency: 440))
        XCTAssertFalse(capture.hasSound(from: 0, to: 0.5))
        XCTAssertTrue(capture.hasSound(from: 0.6, to: 1.4))
        XCTAssertEqual(capture.rms(from: 0.6, to: 1.4), 0.125 / 2.0.squareRoot(), accuracy: 0.002)
        XCTAssertEqual(try XCTUnwrap(capture.firstSound()), 0.5, accuracy: 0.011)
        XCTAssertEqual(try XCTUnwrap(capture.dominantFrequency(from: 0.6, to: 1.4)), 440, accuracy: 1)
        XCTAssertNil(capture.dominantFrequency(from: 0, to: 0.4))
    }

    func testReadsFileFromOffset() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("vplay-capture-\(UUID()).s16le")
        defer { try? FileManager.default.removeItem(at: url) }
        let samples = stereoTone(silence: 0.5, tone: 1, frequency: 1000)
        try samples.withUnsafeBytes { try Data($0).write(to: url) }
        XCTAssertEqual(try AudioCapture.duration(of: url), 2, accuracy: 0.001)

        let tail = try AudioCapture(contentsOf: url, from: 1)
        XCTAssertEqual(tail.startTime, 1)
        XCTAssertEqual(tail.endTime, 2, accuracy: 0.001)
        XCTAssertTrue(tail.hasSound(from: 1, to: 1.5))
        XCTAssertFalse(tail.hasSound(from: 1.5, to: 2))
        XCTAssertEqual(try XCTUnwrap(tail.dominantFrequency(from: 1, to: 1.5)), 1000, accuracy: 2)
    }

    /// Records the test environment's null sink while ffmpeg plays the test tone
    /// into it: checks scripts/test-env.sh end to end.
    func testRecordsWhatIsPlayedInTestEnvironment() throws {
        let url = try XCTUnwrap(AudioCapture.environmentFile, "needs VPLAY_AUDIO_CAPTURE (scripts/test-env.sh)")
        let before = try AudioCapture.duration(of: url)
        let clip = try MediaFactory.clip(.audioOnly)
        try ChildProcess.run("ffmpeg", ["-nostdin", "-loglevel", "error", "-re", "-t", "1", "-i", clip.path,
                                        "-f", "pulse", "-device", "vp", "vplay-selftest"], timeout: .seconds(20))
            .requireSuccess()
        let capture = try AudioCapture(contentsOf: url, from: before)
        let start = try XCTUnwrap(capture.firstSound(after: before), "no sound recorded")
        XCTAssertEqual(try XCTUnwrap(capture.dominantFrequency(from: start + 0.2, to: start + 0.8)),
                       Double(ClipSpec.toneFrequency), accuracy: 2)
    }

    override func setUpWithError() throws {
        if name.contains("InTestEnvironment") {
            try XCTSkipIf(AudioCapture.environmentFile == nil, "needs VPLAY_AUDIO_CAPTURE (scripts/test-env.sh)")
        }
    }

    private func stereoTone(silence: Double, tone: Double, frequency: Double) -> [Int16] {
        let rate = Double(AudioCapture.sampleRate)
        let quiet = [Int16](repeating: 0, count: Int(silence * rate) * 2)
        let sound = (0..<Int(tone * rate)).flatMap { index -> [Int16] in
            let value = Int16((0.125 * sin(2 * .pi * frequency * Double(index) / rate) * 32767).rounded())
            return [value, value]
        }
        return quiet + sound + quiet
    }
}

final class ScreenSelfTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(Screen.isAvailable, "needs DISPLAY (run under scripts/test-env.sh)")
    }

    func testFindsCapturesAndMeasuresAWindow() throws {
        let frame = FileManager.default.temporaryDirectory.appendingPathComponent("vplay-selftest-\(UUID()).png")
        defer { try? FileManager.default.removeItem(at: frame) }
        let clip = try MediaFactory.clip(.av(seconds: 2))
        try ChildProcess.run("ffmpeg", ["-nostdin", "-loglevel", "error", "-i", clip.path,
                                        "-vf", "select=eq(n\\,37)", "-frames:v", "1", frame.path]).requireSuccess()
        let title = "vplay-selftest-\(UUID().uuidString.prefix(8))"
        let viewer = try ChildProcess.launch("display", ["-title", title, "-geometry", "+40+50", frame.path])
        defer { viewer.terminate() }

        let window = try XCTUnwrap(try Screen.findWindow(name: title))
        let geometry = try Screen.windowGeometry(window)
        XCTAssertEqual(geometry.width, 320)
        XCTAssertEqual(geometry.height, 240)

        XCTAssertEqual(FramePattern.read(try Screen.capture(window: window)), 37)
        let screen = try Screen.capture()
        XCTAssertEqual(screen.width, 1920)
        XCTAssertEqual(FramePattern.read(screen, rect: geometry), 37)
    }

    func testFindWindowGivesUpAfterTimeout() throws {
        let start = ContinuousClock.now
        XCTAssertNil(try Screen.findWindow(name: "no such window \(UUID())", timeout: .milliseconds(500)))
        XCTAssertLessThan(ContinuousClock.now - start, .seconds(5))
    }

    func testInputReachesWindow() throws {
        let title = "vplay-selftest-\(UUID().uuidString.prefix(8))"
        let xev = try ChildProcess.launch("xev", ["-geometry", "200x200+0+0", "-name", title, "-event", "keyboard",
                                                  "-event", "button", "-event", "mouse"])
        defer { xev.terminate() }
        let window = try XCTUnwrap(try Screen.findWindow(name: title))

        try Screen.mouseMove(window: window, x: 120, y: 130)
        XCTAssertTrue(xev.waitForOutput(containing: "(120,130)", timeout: .seconds(5)))
        try Screen.click(window: window, x: 50, y: 60, button: .right)
        XCTAssertTrue(xev.waitForOutput(containing: "button 3", timeout: .seconds(5)))
        try Screen.mouseDown(window: window, x: 10, y: 10)
        try Screen.mouseUp(window: window, x: 90, y: 10)
        XCTAssertTrue(xev.waitForOutput(containing: "ButtonRelease event", timeout: .seconds(5)))
        try Screen.key(window: window, "space")
        XCTAssertTrue(xev.waitForOutput(containing: "(keysym 0x20, space)", timeout: .seconds(5)))
    }
}

// MARK: - Helpers

/// Runs ffmpeg and returns what it wrote to standard output.
private func ffmpegOutput(_ arguments: [String]) throws -> Data {
    try ChildProcess.run("ffmpeg", ["-nostdin", "-loglevel", "error"] + arguments).requireSuccess().standardOutput
}

/// Frame `index` of `clip` as packed RGB, after `filters` (which must produce
/// `width`×`height`).
private func decodeFrame(_ index: Int, of clip: URL, width: Int, height: Int, filters: String? = nil) throws -> RGBImage {
    let graph = ["select=eq(n\\,\(index))", filters].compactMap { $0 }.joined(separator: ",")
    let bytes = try ffmpegOutput(["-i", clip.path, "-vf", graph, "-frames:v", "1",
                                  "-f", "rawvideo", "-pix_fmt", "rgb24", "-"])
    return RGBImage(width: width, height: height, pixels: [UInt8](bytes))
}

/// What ffprobe says about a file.
private struct Probe {
    let streams: [[String: Any]]
    let duration: Double

    init(_ url: URL) throws {
        let json = try ChildProcess.run("ffprobe", ["-v", "error", "-print_format", "json",
                                                    "-show_streams", "-show_format", url.path])
            .requireSuccess().standardOutput
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        streams = root["streams"] as? [[String: Any]] ?? []
        duration = Double((root["format"] as? [String: Any])?["duration"] as? String ?? "") ?? 0
    }

    var codecTypes: [String] { streams.compactMap { $0["codec_type"] as? String } }

    func stream(_ codecType: String) -> [String: Any]? {
        streams.first { $0["codec_type"] as? String == codecType }
    }

    static func accepts(_ url: URL) throws -> Bool {
        try ChildProcess.run("ffprobe", ["-v", "error", "-show_streams", url.path]).succeeded
    }

    /// Presentation times of the video packets, in decoding order.
    static func videoPacketTimes(of url: URL) throws -> [Double] {
        try videoPackets(of: url).map(\.time)
    }

    static func keyframeTimes(of url: URL) throws -> [Double] {
        try videoPackets(of: url).filter(\.isKeyframe).map(\.time).sorted()
    }

    private static func videoPackets(of url: URL) throws -> [(time: Double, isKeyframe: Bool)] {
        let csv = try ChildProcess.run("ffprobe", ["-v", "error", "-select_streams", "v:0",
                                                   "-show_entries", "packet=pts_time,flags", "-of", "csv=p=0", url.path])
            .requireSuccess().outputText
        return csv.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: ",")
            guard fields.count >= 2, let time = Double(fields[0]) else { return nil }
            return (time, fields[1].hasPrefix("K"))
        }
    }
}
