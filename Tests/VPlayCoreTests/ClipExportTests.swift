import Foundation
import TestSupport
import XCTest
@testable import VPlayCore

/// Real clips written from generated files (25 fps, a keyframe every 2 s, B-frames, a
/// frame-number pattern in every picture): every frame of the clip is read back with ffmpeg,
/// so a join between copied and re-encoded pictures that does not decode, a picture missing or
/// shown twice, or a clip starting anywhere but A fails.
final class ClipExportTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("vplay-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// A copy of the generated clip in this test's folder, so clips are written beside it.
    private func source(_ spec: ClipSpec) throws -> URL {
        let made = try MediaFactory.clip(spec)
        let copy = folder.appendingPathComponent(made.lastPathComponent)
        try FileManager.default.copyItem(at: made, to: copy)
        return copy
    }

    /// The luma of every picture of `url`, in order, decoded by ffmpeg, which must report
    /// no damage on the way.
    private func pictures(_ url: URL, width: Int = 320, height: Int = 240) throws -> [ArraySlice<UInt8>] {
        let result = try ChildProcess.run("ffmpeg", ["-v", "error", "-i", url.path, "-map", "0:v:0", "-vf", "format=gray",
                                                     "-f", "rawvideo", "-"])
        XCTAssertEqual(result.status, 0, result.errorText)
        XCTAssertEqual(result.errorText, "", "decoding \(url.lastPathComponent) reports nothing")
        let bytes = [UInt8](result.standardOutput), size = width * height
        return stride(from: 0, to: bytes.count - size + 1, by: size).map { bytes[$0..<$0 + size] }
    }

    /// The frame number of every picture of `url`, in order (nil where a picture does not
    /// carry a readable pattern).
    private func frameNumbers(_ url: URL, width: Int = 320, height: Int = 240) throws -> [Int?] {
        try pictures(url, width: width, height: height).map { luma in
            let rgb = luma.flatMap { [$0, $0, $0] }
            return rgb.withUnsafeBytes { FramePattern.read(rgb: $0, width: width, height: height) }
        }
    }

    private func probe(_ url: URL, _ entries: String) throws -> String {
        let result = try ChildProcess.run("ffprobe", ["-v", "error", "-show_entries", entries, "-of", "csv=p=0", url.path])
        XCTAssertEqual(result.status, 0, result.errorText)
        return result.outputText.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private func export(_ source: URL, from a: Double, to b: Double) throws -> URL {
        let destination = ClipName.url(for: source.path, from: a, to: b)
        let writer = try ClipWriter(source: Source(source.path), range: ClipWriter.Range(a: a, b: b), options: PlayerOptions(),
                                    interrupt: InterruptFlag())
        var shares: [Double] = []
        try writer.write(to: destination) { shares.append($0) }
        XCTAssertEqual(shares.last, 1)
        XCTAssertEqual(shares, shares.sorted(), "the progress only grows")
        return destination
    }

    /// A and B inside groups of pictures: re-encoded head and tail around copied groups.
    func testAClipStartsAtAEndsBeforeBAndEveryPictureDecodes() throws {
        let source = try source(.av(seconds: 8))
        let clip = try export(source, from: 1.3, to: 5.1)
        XCTAssertEqual(clip.lastPathComponent, "\(source.deletingPathExtension().lastPathComponent) [00.01-00.05].mkv")
        let frames = try frameNumbers(clip)
        // 1.3 s falls in frame 32 (1.28-1.32); the last frame starting before 5.1 s is 127.
        XCTAssertEqual(frames.first ?? nil, 32, "the first picture is the one showing at A")
        XCTAssertEqual(frames.last ?? nil, 127, "the last is the one showing just before B")
        XCTAssertEqual(frames, (32...127).map { $0 }, "every picture once, in order, readable across the joins")
        // The groups from 2 s to 4 s are copied: their pictures decode to the very same pixels;
        // those before (from A) and after (to B) were encoded again.
        let original = try pictures(source), cut = try pictures(clip)
        for frame in 50..<100 { XCTAssertEqual(cut[frame - 32], original[frame], "frame \(frame) is copied") }
        XCTAssertNotEqual(cut[0], original[32], "frame 32 was encoded again")
        XCTAssertNotEqual(cut[cut.count - 1], original[127], "frame 127 was encoded again")
        let duration = try XCTUnwrap(Double(try probe(clip, "format=duration")))
        XCTAssertEqual(duration, 5.1 - 1.3, accuracy: 1.0 / 25 + 0.002, "B - A within a frame")
        XCTAssertEqual(try probe(clip, "stream=codec_type"), "video\naudio", "the sound is kept")
        let starts = try probe(clip, "stream=start_time").split(separator: "\n").compactMap { Double($0) }
        XCTAssertEqual(starts.first, 0, "the picture starts at 0")
        XCTAssertLessThan(starts.last ?? 1, 1024.0 / 48000, "the sound within its first packet of it")
    }

    /// A and B on keyframes: every packet copied, nothing encoded.
    func testAClipOnKeyframesIsCopied() throws {
        let source = try source(.av(seconds: 8))
        let clip = try export(source, from: 2, to: 6)
        XCTAssertEqual(try frameNumbers(clip), (50...149).map { $0 })
        let original = try pictures(source), cut = try pictures(clip)
        XCTAssertTrue((50...149).allSatisfy { cut[$0 - 50] == original[$0] }, "every picture as it was")
        let starts = try probe(clip, "stream=start_time").split(separator: "\n").compactMap { Double($0) }
        XCTAssertEqual(starts.first, 0, "the picture starts at 0")
        XCTAssertLessThan(starts.last ?? 1, 1024.0 / 48000, "the sound within its first packet of it")
    }

    /// A and B in one group of pictures.
    func testAClipInsideOneGroupIsEncodedWhole() throws {
        let source = try source(.av(seconds: 4))
        let clip = try export(source, from: 0.5, to: 1.5)
        XCTAssertEqual(try frameNumbers(clip), (12...37).map { $0 })
    }

    func testAnExistingFileIsNeverOverwritten() throws {
        let source = try source(.av(seconds: 4))
        let first = try export(source, from: 0.5, to: 1.5)
        let before = try Data(contentsOf: first)
        let second = try export(source, from: 0.5, to: 1.5)
        XCTAssertEqual(second.lastPathComponent, "\(source.deletingPathExtension().lastPathComponent) [00.00-00.01] (2).mkv")
        XCTAssertEqual(try Data(contentsOf: first), before)
        XCTAssertTrue(FileManager.default.fileExists(atPath: second.path))
    }

    func testAnUnwritableFolderGivesOneMessageAndLeavesNothing() throws {
        let source = try source(.av(seconds: 4))
        let missing = folder.appendingPathComponent("gone/clip.mkv")
        let writer = try ClipWriter(source: Source(source.path), range: ClipWriter.Range(a: 0.5, b: 1.5), options: PlayerOptions(),
                                    interrupt: InterruptFlag())
        XCTAssertThrowsError(try writer.write(to: missing) { _ in }) { error in
            XCTAssertEqual("\(error)", "cannot write '\(missing.path)': No such file or directory")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: missing.path))
    }

    func testASourceThatCannotSeekIsRefused() throws {
        let source = try source(.av(seconds: 2))
        let fifo = folder.appendingPathComponent("pipe")
        XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
        let feeder = try ChildProcess.launch("/bin/sh", ["-c", "cat '\(source.path)' > '\(fifo.path)'"])
        defer { feeder.terminate() }
        XCTAssertThrowsError(try ClipWriter(source: Source(fifo.path), range: ClipWriter.Range(a: 0.5, b: 1.5),
                                            options: PlayerOptions(), interrupt: InterruptFlag())) { error in
            XCTAssertEqual("\(error)", "the source cannot seek")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".mkv") }, [])
    }

    /// A disk that fills up (here: a file size limit, which fails writes as a full disk does)
    /// gives one message and leaves no partial file.
    func testAWriteThatFailsPartWayLeavesNothing() throws {
        let source = try source(.av(seconds: 8))
        let destination = ClipName.url(for: source.path, from: 1.3, to: 7.1)
        let writer = try ClipWriter(source: Source(source.path), range: ClipWriter.Range(a: 1.3, b: 7.1), options: PlayerOptions(),
                                    interrupt: InterruptFlag())
        var saved = rlimit()
        getrlimit(Int32(RLIMIT_FSIZE.rawValue), &saved)
        let previousHandler = signal(SIGXFSZ, SIG_IGN)
        var limited = saved
        limited.rlim_cur = 16 * 1024
        XCTAssertEqual(setrlimit(Int32(RLIMIT_FSIZE.rawValue), &limited), 0)
        var failure: Error?
        do { try writer.write(to: destination) { _ in } } catch { failure = error }
        setrlimit(Int32(RLIMIT_FSIZE.rawValue), &saved)
        signal(SIGXFSZ, previousHandler)
        XCTAssertEqual(failure.map { "\($0)" }, "cannot write '\(destination.path)': File too large")
        XCTAssertFalse(FileManager.default.fileExists(atPath: destination.path), "the partial file is removed")
    }

    /// The times of the packets of `stream` (ffprobe's selector) of `url`, in time order.
    private func packetTimes(_ url: URL, _ stream: String) throws -> [Double] {
        let result = try ChildProcess.run("ffprobe", ["-v", "error", "-select_streams", stream, "-show_entries",
                                                      "packet=pts_time", "-of", "csv=p=0", url.path]).requireSuccess()
        return result.outputText.split(separator: "\n").compactMap { Double($0) }.sorted()
    }

    /// Every sound and subtitle track goes into the clip, moved like the picture.
    func testEveryTrackIsKept() throws {
        let source = try source(try .multiTrack(seconds: 8))
        let clip = try export(source, from: 2.5, to: 7.3)
        XCTAssertEqual(try probe(clip, "stream=codec_type"), "video\naudio\naudio\nsubtitle\nsubtitle")
        XCTAssertEqual(try probe(clip, "stream_tags=language,title"), "eng\nfre,Commentary\neng\nger",
                       "the tracks keep their languages and titles")
        let durations = try probe(clip, "stream_tags=DURATION").split(separator: "\n")
        // 4.8 s of picture and sound; the subtitles' last line ends at 5.06 s; the source's are 8 s.
        XCTAssertTrue(durations.allSatisfy { $0.hasPrefix("00:00:04.") || $0.hasPrefix("00:00:05.") },
                      "each track's own length, not the source's: \(durations)")
        // Matroska moved the source's pictures 21 ms later (the sound's priming): the clip starts
        // with the picture showing at 2.5 s, wherever it starts.
        let pictures = try packetTimes(source, "v")
        let first = pictures.lastIndex { $0 <= 2.5 }!, last = pictures.lastIndex { $0 < 7.3 }!
        XCTAssertEqual(try frameNumbers(clip), (first...last).map { $0 })
        let lines = try packetTimes(source, "s:1").filter { $0 >= pictures[first] && $0 < 7.3 }
        XCTAssertEqual(lines.count, 2, "the lines at 3 s and 6 s; the one at 0.5 s is before A")
        let moved = try packetTimes(clip, "s:1")
        XCTAssertEqual(moved.count, 2)
        for (line, expected) in zip(moved, lines) { XCTAssertEqual(line, expected - pictures[first], accuracy: 0.0015) }
    }

    func testASoundOnlyFileIsCut() throws {
        let source = try source(.audioOnly)
        let clip = try export(source, from: 1, to: 3)
        XCTAssertEqual(try probe(clip, "stream=codec_type"), "audio")
        let duration = try XCTUnwrap(Double(try probe(clip, "format=duration")))
        XCTAssertEqual(duration, 2, accuracy: 2 * 1024.0 / 48000, "within a packet at each end")
    }
}
