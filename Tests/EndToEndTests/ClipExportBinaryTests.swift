import Foundation
import TestSupport
import XCTest

/// Exporting a clip with the real binary: Alt+l writes the A-B range (else the chapter
/// playing) beside the file while playback goes on; the clip's length is B - A within a frame
/// and its first picture is the source's picture at A; a second export of the same range gets a
/// new name.
final class ClipExportBinaryTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("vplay-export-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func copy(_ made: URL, as name: String? = nil) throws -> URL {
        let url = folder.appendingPathComponent(name ?? made.lastPathComponent)
        try FileManager.default.copyItem(at: made, to: url)
        return url
    }

    /// The luma of picture `index` of `url` (320×240).
    private func picture(_ url: URL, index: Int) throws -> [UInt8] {
        let result = try ChildProcess.run("ffmpeg", ["-v", "error", "-i", url.path, "-map", "0:v:0", "-vf",
                                                     "select=eq(n\\,\(index)),format=gray", "-frames:v", "1",
                                                     "-f", "rawvideo", "-"])
        XCTAssertEqual(result.status, 0, result.errorText)
        return [UInt8](result.standardOutput)
    }

    /// The number of the picture of `url` showing at `seconds`: the last to start at or before
    /// it (a remux can move the pictures off whole multiples of their duration).
    private func pictureShowing(at seconds: Double, in url: URL) throws -> Int {
        let probe = try ChildProcess.run("ffprobe", ["-v", "error", "-select_streams", "v", "-show_entries",
                                                     "packet=pts_time", "-of", "csv=p=0", url.path]).requireSuccess()
        let times = probe.outputText.split(separator: "\n").compactMap { Double($0) }
        return times.filter { $0 <= seconds + 1e-6 }.count - 1
    }

    private func frameNumber(_ luma: [UInt8]) -> Int? {
        let rgb = luma.flatMap { [$0, $0, $0] }
        return rgb.withUnsafeBytes { FramePattern.read(rgb: $0, width: 320, height: 240) }
    }

    func testAltLWritesTheABRangeWhilePlayingOn() throws {
        try skipWithoutDisplay()
        let source = try copy(try MediaFactory.clip(.av(seconds: 12)))
        let player = try PlayerSession(clip: source, arguments: ["--geometry=640x480"])
        let ipc = try XCTUnwrap(player.ipc)
        _ = try ipc.command(["set_property", "ab-loop-a", 2.5])
        _ = try ipc.command(["set_property", "ab-loop-b", 7.3])
        let before = try ipc.double("time-pos")
        try Screen.key(window: player.window, "alt+l")
        let clip = folder.appendingPathComponent("\(source.deletingPathExtension().lastPathComponent) [00.02-00.07].mkv")
        let duration = try finishedDuration(of: clip)
        XCTAssertEqual(duration, 7.3 - 2.5, accuracy: 1.0 / 25 + 0.002, "B - A within a frame")
        XCTAssertGreaterThan(try ipc.double("time-pos"), before, "playback went on")
        XCTAssertFalse(try ipc.bool("pause"))

        // 2.5 s is in the source's picture 62 (2.48-2.52): the clip starts with it, encoded again.
        let showing = try pictureShowing(at: 2.5, in: source)
        XCTAssertEqual(showing, 62)
        let first = try picture(clip, index: 0), atA = try picture(source, index: showing)
        XCTAssertEqual(frameNumber(first), 62)
        XCTAssertEqual(first.count, atA.count)
        let difference = zip(first, atA).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
        XCTAssertLessThan(Double(difference) / Double(max(1, first.count)), 3, "the same picture as the source's at A")

        try Screen.key(window: player.window, "alt+l")
        let second = folder.appendingPathComponent("\(source.deletingPathExtension().lastPathComponent) [00.02-00.07] (2).mkv")
        XCTAssertEqual(try finishedDuration(of: second), duration, accuracy: 0.001, "the same range, under a new name")
        XCTAssertEqual(try picture(clip, index: 0), first, "the first clip is untouched")
    }

    func testWithoutABTheChapterPlayingIsWritten() throws {
        try skipWithoutDisplay()
        let made = try MediaFactory.clip(.av(seconds: 12))
        let source = folder.appendingPathComponent("chapters.mkv")
        let metadata = folder.appendingPathComponent("chapters.txt")
        try ";FFMETADATA1\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=0\nEND=3000\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=3000\nEND=9000\n"
            .appending("[CHAPTER]\nTIMEBASE=1/1000\nSTART=9000\nEND=12000\n").write(to: metadata, atomically: true, encoding: .utf8)
        try ChildProcess.run("ffmpeg", ["-v", "error", "-i", made.path, "-i", metadata.path, "-map", "0", "-map_chapters", "1",
                                        "-c", "copy", source.path], timeout: .seconds(60)).requireSuccess()
        let player = try PlayerSession(clip: source, arguments: ["--geometry=640x480", "--pause"])
        let ipc = try XCTUnwrap(player.ipc)
        _ = try ipc.command(["set_property", "chapter", 1])
        XCTAssertTrue(try poll(timeout: .seconds(5)) { try ipc.property("chapter") as? Int == 1 })
        try Screen.key(window: player.window, "alt+l")
        let clip = folder.appendingPathComponent("chapters [00.03-00.09].mkv")
        XCTAssertEqual(try finishedDuration(of: clip), 6, accuracy: 1.0 / 25 + 0.002)
        // The remux moved the pictures 21 ms later (the sound's priming): 74 shows at 3 s.
        XCTAssertEqual(frameNumber(try picture(clip, index: 0)), try pictureShowing(at: 3, in: source))
    }
}
