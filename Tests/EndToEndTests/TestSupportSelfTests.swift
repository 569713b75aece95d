import Foundation
import TestSupport
import XCTest

/// Tests of the TestSupport helpers themselves: if these fail, the player's
/// end-to-end tests cannot be trusted. One class (split into extensions by
/// helper) so `--filter TestSupportSelfTests` selects them all.
final class TestSupportSelfTests: XCTestCase {}

// MARK: FramePattern

extension TestSupportSelfTests {
    func testPatternReadsFrameNumberFromDecodedFrame() throws {
        let clip = try MediaFactory.clip(.av(seconds: 2))
        let frame = try decodeFrame(37, of: clip, width: 320, height: 240)
        XCTAssertEqual(FramePattern.read(frame), 37)
    }

    func testPatternReadsFrameNumberAfterScaling() throws {
        let clip = try MediaFactory.clip(.av(seconds: 2))
        for (width, height) in [(200, 150), (1280, 960), (500, 160)] {
            let frame = try decodeFrame(37, of: clip, width: width, height: height,
                                        filters: "scale=\(width):\(height):flags=bicubic")
            XCTAssertEqual(FramePattern.read(frame), 37, "scaled to \(width)x\(height)")
        }
    }

    func testPatternReadsFrameNumberInsideLetterbox() throws {
        let clip = try MediaFactory.clip(.av(seconds: 2))
        let frame = try decodeFrame(37, of: clip, width: 480, height: 300, filters: "pad=480:300:80:30:gray")
        XCTAssertEqual(FramePattern.read(frame, rect: PixelRect(x: 80, y: 30, width: 320, height: 240)), 37)
    }

    func testPatternReadsFrameNumberOfTenBitClip() throws {
        let clip = try MediaFactory.clip(.tenBit)
        XCTAssertEqual(FramePattern.read(try decodeFrame(37, of: clip, width: 320, height: 240)), 37)
    }

    func testPatternCountsEveryFrameAcrossVariableFrameRatePieces() throws {
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

    func testPatternBitOrder() {
        let image = syntheticPattern(value: 0b1010_0000_0000_0101)
        XCTAssertEqual(FramePattern.read(image), 0b1010_0000_0000_0101)
    }

    func testPatternRejectsGreyAndPatternlessPictures() throws {
        for level: UInt8 in [70, 128, 185] {
            let grey = [UInt8](repeating: level, count: 64 * 48 * 3)
            XCTAssertNil(FramePattern.read(rgb: grey, width: 64, height: 48), "grey \(level)")
        }

        let clip = try MediaFactory.clip(.av(seconds: 2, withPattern: false))
        XCTAssertNil(FramePattern.read(try decodeFrame(37, of: clip, width: 320, height: 240)))
    }

    func testPatternRejectsRectOutsideImage() {
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

// MARK: MediaFactory

extension TestSupportSelfTests {
    func testFactoryAVClipHasExpectedStreamsAndKeyframeSpacing() throws {
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

    func testFactoryVideoOnlyAndAudioOnlyClips() throws {
        let video = try Probe(try MediaFactory.clip(.videoOnly))
        XCTAssertEqual(video.codecTypes, ["video"])
        for (spec, codec) in [(ClipSpec.audioOnly, "aac"), (.audioOnlyMP3, "mp3"), (.audioOnlyOpus, "opus")] {
            let probe = try Probe(try MediaFactory.clip(spec))
            XCTAssertEqual(probe.codecTypes, ["audio"], codec)
            try assertAudio(probe, codec: codec, sampleRate: 48000, channels: 2)
        }
    }

    func testFactoryAudioVariants() throws {
        let surround = try Probe(try MediaFactory.clip(.surround51))
        try assertAudio(surround, codec: "aac", sampleRate: 48000, channels: 6)
        XCTAssertEqual(surround.stream("audio")?["channel_layout"] as? String, "5.1")

        let mono = try Probe(try MediaFactory.clip(.mono8k))
        try assertAudio(mono, codec: "aac", sampleRate: 8000, channels: 1)
        XCTAssertNotNil(mono.stream("video"))

        try assertAudio(try Probe(try MediaFactory.clip(.hiRes96k)), codec: "aac", sampleRate: 96000, channels: 2)
    }

    func testFactoryTenBitClip() throws {
        let video = try XCTUnwrap(try Probe(try MediaFactory.clip(.tenBit)).stream("video"))
        XCTAssertEqual(video["pix_fmt"] as? String, "yuv420p10le")
        XCTAssertEqual(video["profile"] as? String, "High 10")
    }

    func testFactoryVariableFrameRateClipHasUnevenFrameDurations() throws {
        let times = try Probe.videoPacketTimes(of: try MediaFactory.clip(.vfr)).sorted()
        XCTAssertEqual(times.count, 55)
        // In hundredths of a second: frames at 10, 30 and 15 fps.
        let gaps = Set(zip(times, times.dropFirst()).map { (($1 - $0) * 100).rounded() })
        XCTAssertEqual(gaps, [10, 3, 7])
    }

    func testFactoryOffsetStartClip() throws {
        let clip = try MediaFactory.clip(.firstKeyframeNotAtZero)
        let keyframes = try Probe.keyframeTimes(of: clip)
        XCTAssertEqual(try XCTUnwrap(keyframes.first), 1.5, accuracy: 0.01)
    }

    func testFactoryLongGOP1080pClip() throws {
        let clip = try MediaFactory.clip(.longGOP1080p)
        let video = try XCTUnwrap(try Probe(clip).stream("video"))
        XCTAssertEqual(video["width"] as? Int, 1920)
        XCTAssertEqual(video["height"] as? Int, 1080)
        XCTAssertEqual(try Probe.keyframeTimes(of: clip), [0, 2, 4, 6, 8])
    }

    func testFactoryCoverArtClip() throws {
        let probe = try Probe(try MediaFactory.clip(.coverArt))
        XCTAssertEqual(probe.stream("audio")?["codec_name"] as? String, "mp3")
        let picture = try XCTUnwrap(probe.stream("video"))
        XCTAssertEqual(picture["codec_name"] as? String, "mjpeg")
        XCTAssertEqual((picture["disposition"] as? [String: Any])?["attached_pic"] as? Int, 1)
    }

    func testFactoryNV12Clip() throws {
        let clip = try MediaFactory.clip(.nv12)
        let video = try XCTUnwrap(try Probe(clip).stream("video"))
        XCTAssertEqual(video["codec_name"] as? String, "rawvideo")
        XCTAssertEqual(video["pix_fmt"] as? String, "nv12")
        XCTAssertEqual(FramePattern.read(try decodeFrame(37, of: clip, width: 320, height: 240)), 37)
    }

    func testFactoryRotatedClipHasDisplayMatrix() throws {
        let video = try XCTUnwrap(try Probe(try MediaFactory.clip(.rotated)).stream("video"))
        let sideData = try XCTUnwrap(video["side_data_list"] as? [[String: Any]])
        let rotation = try XCTUnwrap(sideData.compactMap { $0["rotation"] as? Int }.first)
        XCTAssertEqual(abs(rotation), 90)
    }

    func testFactoryAnamorphicClip() throws {
        let video = try XCTUnwrap(try Probe(try MediaFactory.clip(.anamorphic)).stream("video"))
        XCTAssertEqual(video["sample_aspect_ratio"] as? String, "2:1")
    }

    func testFactoryReusesCachedFile() throws {
        let spec = ClipSpec.av(seconds: 1)
        let first = try MediaFactory.clip(spec)
        let created = try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: first.path)[.modificationDate] as? Date)
        let second = try MediaFactory.clip(spec)
        XCTAssertEqual(first, second)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: second.path)[.modificationDate] as? Date, created)
        XCTAssertTrue(first.path.hasPrefix(MediaFactory.cacheDirectory.path))
    }

    func testFactoryBadInputs() throws {
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

// MARK: ChildProcess and BinaryRunner

extension TestSupportSelfTests {
    func testProcessCapturesOutputStatusAndLargeOutput() throws {
        let result = try ChildProcess.run("sh", ["-c", "head -c 3000000 /dev/zero; echo oops >&2; exit 3"])
        XCTAssertEqual(result.standardOutput.count, 3_000_000)
        XCTAssertEqual(result.errorText, "oops\n")
        XCTAssertEqual(result.status, 3)
        XCTAssertFalse(result.succeeded)
        XCTAssertThrowsError(try result.requireSuccess())
    }

    func testProcessKilledAfterTimeout() throws {
        let result = try ChildProcess.run("sleep", ["30"], timeout: .milliseconds(300))
        XCTAssertTrue(result.timedOut)
        XCTAssertLessThan(result.wallTime, .seconds(5))
    }

    func testProcessWaitsForOutputWhileRunning() throws {
        let process = try ChildProcess.launch("sh", ["-c", "echo ready; echo warming >&2; exec sleep 30"])
        XCTAssertTrue(process.waitForOutput(containing: "ready", timeout: .seconds(10)))
        XCTAssertTrue(process.waitForOutput(containing: "warming", on: .error, timeout: .seconds(10)))
        XCTAssertFalse(process.waitForOutput(containing: "warming", timeout: .milliseconds(100)))
        XCTAssertEqual(process.outputSoFar(), Data("ready\n".utf8))
        XCTAssertTrue(process.isRunning)
        process.terminate()
        let result = process.waitForExit(timeout: .seconds(10))
        XCTAssertTrue(result.wasSignalled)
        XCTAssertFalse(result.timedOut)
    }

    func testProcessMissingExecutableThrows() {
        XCTAssertThrowsError(try ChildProcess.run("vplay-no-such-tool", []))
    }

    func testBinaryRunnerFindsBuiltPlayer() throws {
        let saved = ProcessInfo.processInfo.environment["VPLAY_BIN"]
        unsetenv("VPLAY_BIN")
        defer { saved.map { _ = setenv("VPLAY_BIN", $0, 1) } }
        let url = try BinaryRunner.executableURL()
        XCTAssertEqual(url.lastPathComponent, "vplay")
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: url.path))
    }

    func testBinaryRunnerRunsVPLAYBINWithExtraEnvironment() throws {
        // env(1) prints its environment: proof of both the binary and the variable.
        setenv("VPLAY_BIN", "/usr/bin/env", 1)
        defer { unsetenv("VPLAY_BIN") }
        let result = try BinaryRunner.run([], environment: ["VPLAY_SELFTEST": "42"])
        XCTAssertEqual(result.command, ["/usr/bin/env"])
        XCTAssertTrue(result.outputText.split(separator: "\n").contains("VPLAY_SELFTEST=42"), result.outputText)
        XCTAssertTrue(result.succeeded)
    }
}

// MARK: AudioCapture

extension TestSupportSelfTests {
    func testAudioCaptureFindsToneAndItsFrequency() throws {
        // 0.5 s silence, 1 s of 440 Hz at 1/8 amplitude, 0.5 s silence.
        let capture = AudioCapture(samples: stereoTone(silence: 0.5, tone: 1, frequency: 440))
        XCTAssertFalse(capture.hasSound(from: 0, to: 0.5))
        XCTAssertTrue(capture.hasSound(from: 0.6, to: 1.4))
        XCTAssertEqual(capture.rms(from: 0.6, to: 1.4), 0.125 / 2.0.squareRoot(), accuracy: 0.002)
        XCTAssertEqual(try XCTUnwrap(capture.firstSound()), 0.5, accuracy: 0.011)
        XCTAssertEqual(try XCTUnwrap(capture.dominantFrequency(from: 0.6, to: 1.4)), 440, accuracy: 1)
        XCTAssertNil(capture.dominantFrequency(from: 0, to: 0.4))
    }

    func testAudioCaptureReadsFileFromOffset() throws {
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

    func testQuietMarkWaitsForTheSoundToStop() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("vplay-capture-\(UUID()).s16le")
        defer { try? FileManager.default.removeItem(at: url) }
        // Ends in 0.5 s of silence: the mark is the end.
        try stereoTone(silence: 0.5, tone: 1, frequency: 1000).withUnsafeBytes { try Data($0).write(to: url) }
        XCTAssertEqual(try XCTUnwrap(AudioCapture.quietMark(of: url)), 2, accuracy: 0.001)
        // Ends in sound (a player's tail): no mark while nothing more is recorded.
        let tail = Array(stereoTone(silence: 0.5, tone: 1, frequency: 1000).dropLast(AudioCapture.sampleRate))
        try tail.withUnsafeBytes { try Data($0).write(to: url) }
        XCTAssertNil(try AudioCapture.quietMark(of: url, timeout: .milliseconds(200)))
    }

    /// Records the test environment's null sink while the test tone is played
    /// into it: checks scripts/test-env.sh end to end.
    func testAudioCaptureRecordsWhatIsPlayedInTestEnvironment() throws {
        guard let url = AudioCapture.environmentFile else {
            throw XCTSkip("needs VPLAY_AUDIO_CAPTURE (run under scripts/test-env.sh)")
        }
        let tone = FileManager.default.temporaryDirectory.appendingPathComponent("vplay-tone-\(UUID()).s16le")
        defer { try? FileManager.default.removeItem(at: tone) }
        _ = try ffmpegOutput(["-t", "1", "-i", try MediaFactory.clip(.audioOnly).path,
                              "-f", "s16le", "-ac", "2", "-ar", "48000", tone.path])

        let before = try AudioCapture.duration(of: url)
        try ChildProcess.run("pacat", ["--latency-msec=20", "--device=vp", "--format=s16le", "--rate=48000",
                                       "--channels=2", tone.path], timeout: .seconds(20))
            .requireSuccess()
        let recorded = try AudioCapture.wait(for: url, from: before, timeout: .seconds(5)) { capture in
            capture.firstSound(after: before).map { capture.endTime > $0 + 1.2 } ?? false
        }
        let capture = try XCTUnwrap(recorded, "the tone and 0.2 s after it were not recorded")
        let start = try XCTUnwrap(capture.firstSound(after: before))
        XCTAssertEqual(try XCTUnwrap(capture.dominantFrequency(from: start + 0.1, to: start + 0.9)),
                       Double(ClipSpec.toneFrequency), accuracy: 2)
        XCTAssertFalse(capture.hasSound(from: start + 1.1, to: capture.endTime))
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

// MARK: Screen (needs a display)

extension TestSupportSelfTests {
    func testScreenFindsCapturesAndMeasuresAWindow() throws {
        try requireDisplay()
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

    func testScreenFindWindowGivesUpAfterTimeout() throws {
        try requireDisplay()
        let start = ContinuousClock.now
        XCTAssertNil(try Screen.findWindow(name: "no such window \(UUID())", timeout: .milliseconds(500)))
        XCTAssertLessThan(ContinuousClock.now - start, .seconds(5))
    }

    func testScreenInputReachesWindow() throws {
        try requireDisplay()
        try XCTSkipIf(ChildProcess.locate("xev") == nil, "needs xev (x11-utils) to observe events")
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

private func requireDisplay() throws {
    try XCTSkipUnless(Screen.isAvailable, "needs DISPLAY (run under scripts/test-env.sh)")
}

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
        let csv = try ChildProcess.run("ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries",
                                                   "packet=pts_time,flags", "-of", "csv=p=0", url.path])
            .requireSuccess().outputText
        return csv.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: ",")
            guard fields.count >= 2, let time = Double(fields[0]) else { return nil }
            return (time, fields[1].hasPrefix("K"))
        }
    }
}

// MARK: RunningProcess

extension TestSupportSelfTests {
    /// A long suite keeps many finished processes alive (XCTest holds every test case); if each
    /// kept its pipes, the runner would run into the thousands of descriptors.
    func testFinishedProcessesKeepNoDescriptorsOpen() throws {
        func openDescriptors() throws -> Int {
            try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count
        }
        let before = try openDescriptors()
        var finished: [RunningProcess] = []
        for _ in 0..<20 {
            let process = try ChildProcess.launch("echo", ["hello"])
            XCTAssertEqual(process.waitForExit(timeout: .seconds(30)).outputText, "hello\n")
            finished.append(process)
        }
        // Other threads of the runner may open a descriptor or two meanwhile; 20 processes
        // holding even one pipe end each would show as 20 or more.
        XCTAssertLessThan(try openDescriptors() - before, 10, "descriptors held by \(finished.count) finished processes")
    }
}
