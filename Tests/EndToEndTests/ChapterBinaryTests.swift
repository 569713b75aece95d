import Foundation
import TestSupport
import XCTest

/// Chapters through the real binary: read from Matroska and MP4, the properties over IPC, the
/// chapter keys, `add chapter` with mpv's step-back rule, and the change reaching observers.
final class ChapterBinaryTests: XCTestCase {
    private static let titles = ["Opening", "Middle", "Closing"]
    private static let starts: [Double] = [1, 3, 10]

    /// A 14 s clip with the chapters above, remuxed into `fileExtension`'s container.
    private func clip(_ fileExtension: String) throws -> URL {
        let source = try MediaFactory.clip(.av(seconds: 14))
        let url = MediaFactory.cacheDirectory.appendingPathComponent("chapters-\(source.deletingPathExtension().lastPathComponent).\(fileExtension)")
        if FileManager.default.fileExists(atPath: url.path) { return url }
        var metadata = ";FFMETADATA1\n"
        for (index, start) in Self.starts.enumerated() {
            let end = index + 1 < Self.starts.count ? Self.starts[index + 1] : 14
            metadata += "[CHAPTER]\nTIMEBASE=1/1000\nSTART=\(Int(start * 1000))\nEND=\(Int(end * 1000))\ntitle=\(Self.titles[index])\n"
        }
        let metadataFile = MediaFactory.cacheDirectory.appendingPathComponent("chapters-\(UUID().uuidString).txt")
        try metadata.write(to: metadataFile, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: metadataFile) }
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(UUID().uuidString).\(fileExtension)")
        try ChildProcess.run("ffmpeg", ["-v", "error", "-i", source.path, "-i", metadataFile.path, "-map", "0",
                                        "-map_chapters", "1", "-c", "copy", temporary.path], timeout: .seconds(60))
            .requireSuccess()
        guard rename(temporary.path, url.path) == 0 else { throw EndToEndError(description: "cannot move \(temporary.path)") }
        return url
    }

    private func waitForChapter(_ ipc: IPCClient, _ expected: Int, at time: Double) throws {
        var last: (Any?, Double?) = (nil, nil)
        let reached = try poll(timeout: .seconds(10), interval: 0.02) {
            last = (try ipc.property("chapter"), try? ipc.double("time-pos"))
            guard last.0 as? Int == expected, let position = last.1 else { return false }
            return abs(position - time) < 0.05
        }
        if reached { return }
        XCTFail("expected chapter \(expected) at \(time) s; chapter \(String(describing: last.0)) at \(String(describing: last.1))")
    }

    func testChaptersOfMatroskaAndMP4AreListed() throws {
        try skipWithoutDisplay()
        // MP4 keeps chapters as a text track that covers the file from 0: its first chapter
        // starts there.
        for (fileExtension, starts, first) in [("mkv", Self.starts, -1), ("mp4", [0] + Self.starts.dropFirst(), 0)] {
            let player = try PlayerSession(clip: try clip(fileExtension), arguments: ["--pause"])
            let ipc = try XCTUnwrap(player.ipc)
            let list = try XCTUnwrap(try ipc.property("chapter-list") as? [[String: Any]], fileExtension)
            XCTAssertEqual(list.map { $0["title"] as? String }, Self.titles, fileExtension)
            XCTAssertEqual(list.compactMap { $0["time"] as? Double }, starts, fileExtension)
            XCTAssertEqual(try ipc.property("chapters") as? Int, 3, fileExtension)
            XCTAssertEqual(try ipc.property("chapter") as? Int, first, "\(fileExtension): at the start")
        }
    }

    func testSettingAndAddingChaptersSeeksToTheirStarts() throws {
        try skipWithoutDisplay()
        let player = try PlayerSession(clip: try clip("mkv"), arguments: ["--pause"])
        let ipc = try XCTUnwrap(player.ipc)
        _ = try ipc.command(["set_property", "chapter", 1])
        try waitForChapter(ipc, 1, at: 3)
        XCTAssertEqual((try ipc.property("chapter-metadata") as? [String: Any])?["title"] as? String, "Middle")

        _ = try ipc.command(["add", "chapter", 1])
        try waitForChapter(ipc, 2, at: 10)
        // Right at a chapter's start, back is the chapter before.
        _ = try ipc.command(["add", "chapter", -1])
        try waitForChapter(ipc, 1, at: 3)
        // Well into a chapter (6 s), back is its own start.
        _ = try ipc.command(["seek", 9, "absolute+exact"])
        try waitForChapter(ipc, 1, at: 9)
        _ = try ipc.command(["add", "chapter", -1])
        try waitForChapter(ipc, 1, at: 3)

        XCTAssertThrowsError(try ipc.command(["set_property", "chapter", 7]), "no chapter 7")
    }

    func testPageKeysMoveBetweenChapters() throws {
        try skipWithoutDisplay()
        let player = try PlayerSession(clip: try clip("mkv"), arguments: ["--pause"])
        let ipc = try XCTUnwrap(player.ipc)
        try Screen.key(window: player.window, "Prior")
        try waitForChapter(ipc, 0, at: 1)
        try Screen.key(window: player.window, "Prior")
        try waitForChapter(ipc, 1, at: 3)
        try Screen.key(window: player.window, "Next")
        try waitForChapter(ipc, 0, at: 1)
    }

    func testObserversHearTheChapterChange() throws {
        let player = try IPCTestPlayer.launch(clip: try clip("mkv"), paused: true)
        let client = try player.connect()
        XCTAssertTrue(try client.command("observe_property", 4, "chapter").isSuccess)
        let mark = client.messages.count
        XCTAssertTrue(try client.command("set_property", "chapter", 2).isSuccess)
        XCTAssertNotNil(client.waitFor(after: mark, timeout: .seconds(10)) {
            $0["event"] == "property-change" && $0["name"] == "chapter" && $0["data"] == .number(2)
        }, "no property-change to chapter 2")
    }
}
