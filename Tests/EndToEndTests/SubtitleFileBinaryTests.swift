import Foundation
import TestSupport
import XCTest

/// Subtitle files with the video through the real binary: found beside it by name (with their
/// language), named on the command line, added over IPC, in legacy encodings; bad ones give a
/// warning while the video plays on.
final class SubtitleFileBinaryTests: XCTestCase {
    /// A fresh directory holding the grey backdrop as `clip.mkv`.
    private func directoryWithClip(named name: String = "clip.mkv") throws -> (directory: URL, clip: URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vplay-subs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        let clip = directory.appendingPathComponent(name)
        try FileManager.default.copyItem(at: try MediaFactory.clip(.subtitleBackdrop), to: clip)
        return (directory, clip)
    }

    private func write(_ text: String, to url: URL) throws {
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    private func lines(_ text: String) -> String {
        ClipSpec.subRip([(1, 3, text), (4, 6, "Later")])
    }

    func testSidecarsAreFoundWithTheirLanguagesAndTheUntaggedOneShows() throws {
        try skipWithoutDisplay()
        let (directory, clip) = try directoryWithClip()
        try write(lines("Beside words"), to: directory.appendingPathComponent("clip.srt"))
        try write(lines("English words"), to: directory.appendingPathComponent("clip.en.srt"))
        try write(lines("Mots forcés"), to: directory.appendingPathComponent("clip.fr.forced.srt"))
        try write(lines("Other words"), to: directory.appendingPathComponent("other.srt"))
        let player = try PlayerSession(clip: clip, arguments: ["--pause"])
        let ipc = try XCTUnwrap(player.ipc)
        let subs = try XCTUnwrap(try ipc.property("track-list") as? [[String: Any]]).filter { $0["type"] as? String == "sub" }
        XCTAssertEqual(subs.map { $0["external-filename"] as? String },
                       ["clip.srt", "clip.en.srt", "clip.fr.forced.srt"].map { directory.appendingPathComponent($0).path })
        XCTAssertEqual(subs.map { $0["external"] as? Bool }, [true, true, true])
        XCTAssertEqual(subs.map { $0["lang"] as? String }, [nil, "en", "fr"])
        XCTAssertEqual(subs.map { $0["forced"] as? Bool }, [false, false, true])
        XCTAssertEqual(subs.map { $0["selected"] as? Bool }, [true, false, false])
        _ = try ipc.command(["seek", 2, "absolute+exact"])
        XCTAssertTrue(try poll(timeout: .seconds(5)) { try ipc.property("sub-text") as? String == "Beside words" })
        _ = try ipc.command(["set_property", "sid", 3])
        XCTAssertTrue(try poll(timeout: .seconds(5)) { try ipc.property("sub-text") as? String == "Mots forcés" })
        let list = try XCTUnwrap(try ipc.property("sub-list") as? [[String: Any]])
        XCTAssertEqual(list.map { $0["text"] as? String }, ["Mots forcés", "Later"])
        XCTAssertEqual(list.first?["start"] as? Double ?? -1, 1, accuracy: 0.001)
        XCTAssertEqual(list.first?["end"] as? Double ?? -1, 3, accuracy: 0.001)
    }

    func testSlangPicksTheTaggedSidecarAndSubAutoNoFindsNone() throws {
        try skipWithoutDisplay()
        let (directory, clip) = try directoryWithClip()
        try write(lines("Beside words"), to: directory.appendingPathComponent("clip.srt"))
        try write(lines("English words"), to: directory.appendingPathComponent("clip.en.srt"))
        do {
            let player = try PlayerSession(clip: clip, arguments: ["--pause", "--slang=eng", "--start=2"])
            let ipc = try XCTUnwrap(player.ipc)
            XCTAssertTrue(try poll(timeout: .seconds(5)) { try ipc.property("sub-text") as? String == "English words" })
        }
        let player = try PlayerSession(clip: clip, arguments: ["--pause", "--sub-auto=no"])
        let ipc = try XCTUnwrap(player.ipc)
        let list = try XCTUnwrap(try ipc.property("track-list") as? [[String: Any]])
        XCTAssertFalse(list.contains { $0["type"] as? String == "sub" }, "--sub-auto=no still found files")
    }

    func testLegacyAndUTF16FilesReadRight() throws {
        try skipWithoutDisplay()
        let (directory, clip) = try directoryWithClip()
        // "Café crème" in CP1252: é is 0xE9, è is 0xE8.
        let cp1252 = Data(ClipSpec.subRip([(1, 3, "Caf\u{1} cr\u{2}me")]).utf8.map { $0 == 1 ? 0xE9 : $0 == 2 ? 0xE8 : $0 })
        try cp1252.write(to: directory.appendingPathComponent("clip.srt"))
        var utf16 = Data([0xFF, 0xFE])
        utf16.append(ClipSpec.subRip([(1, 3, "Grüße aus UTF-16")]).data(using: .utf16LittleEndian)!)
        let utf16File = directory.appendingPathComponent("wide.srt")
        try utf16.write(to: utf16File)
        let player = try PlayerSession(clip: clip, arguments: ["--pause", "--start=2", "--sub-file=\(utf16File.path)"])
        let ipc = try XCTUnwrap(player.ipc)
        XCTAssertEqual(try ipc.property("sid") as? Int, 1, "--sub-file comes first")
        XCTAssertTrue(try poll(timeout: .seconds(5)) { try ipc.property("sub-text") as? String == "Grüße aus UTF-16" },
                      "UTF-16 read as \(String(describing: try? ipc.property("sub-text")))")
        _ = try ipc.command(["set_property", "sid", 2])
        XCTAssertTrue(try poll(timeout: .seconds(5)) { try ipc.property("sub-text") as? String == "Café crème" },
                      "CP1252 read as \(String(describing: try? ipc.property("sub-text")))")
    }

    func testSubAddOverIPCSelectsTheFileAndCachedReusesIt() throws {
        try skipWithoutDisplay()
        let (directory, clip) = try directoryWithClip(named: "plain.mkv")
        let added = directory.appendingPathComponent("later.srt")
        try write(lines("Added words"), to: added)
        let player = try PlayerSession(clip: clip, arguments: ["--pause", "--start=2"])
        let ipc = try XCTUnwrap(player.ipc)
        XCTAssertEqual(try ipc.property("sid") as? Bool, false)
        _ = try ipc.command(["sub-add", added.path])
        XCTAssertTrue(try poll(timeout: .seconds(5)) { try ipc.property("sub-text") as? String == "Added words" })
        _ = try ipc.command(["set_property", "sid", "no"])
        _ = try ipc.command(["sub-add", added.path, "cached"])
        XCTAssertTrue(try poll(timeout: .seconds(5)) { try ipc.property("sid") as? Int == 1 })
        let subs = try XCTUnwrap(try ipc.property("track-list") as? [[String: Any]]).filter { $0["type"] as? String == "sub" }
        XCTAssertEqual(subs.count, 1, "cached read the file again")
        _ = try ipc.command(["sub-add", added.path, "auto", "Commentary", "de"])
        XCTAssertTrue(try poll(timeout: .seconds(5)) { (try ipc.property("track-list") as? [[String: Any]])?.filter { $0["type"] as? String == "sub" }.count == 2 })
        let second = try XCTUnwrap((try ipc.property("track-list") as? [[String: Any]])?.last)
        XCTAssertEqual(second["title"] as? String, "Commentary")
        XCTAssertEqual(second["lang"] as? String, "de")
        XCTAssertThrowsError(try ipc.command(["sub-add", added.path, "sideways"]), "an unknown flag was taken")
        XCTAssertEqual(try ipc.property("sid") as? Int, 1, "auto selected the new track")
    }

    func testBadSubtitleFilesWarnAndPlaybackGoesOn() throws {
        try skipWithoutDisplay()
        let (directory, clip) = try directoryWithClip()
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("clip.en.srt"), withIntermediateDirectories: true)
        var generator = SplitMix(seed: 7)
        try Data((0..<4096).map { _ in UInt8(truncatingIfNeeded: generator.next()) }).write(to: directory.appendingPathComponent("clip.srt"))
        var invalid = Data(ClipSpec.subRip([(0.5, 3, "Broken ")]).utf8)
        invalid.append(contentsOf: [0xFF, 0xC3, 0x28, 0x0A])
        try invalid.write(to: directory.appendingPathComponent("clip.de.srt"))
        let player = try PlayerSession(clip: clip)
        let ipc = try XCTUnwrap(player.ipc)
        XCTAssertTrue(player.process.waitForOutput(containing: "cannot read subtitles '\(directory.appendingPathComponent("clip.en.srt").path)'",
                                                   on: .error, timeout: .seconds(10)),
                      "no warning; stderr: \(String(decoding: player.process.outputSoFar(on: .error), as: UTF8.self))")
        XCTAssertTrue(try poll(timeout: .seconds(10)) { try ipc.double("time-pos") >= 2 }, "playback stalled")
        for id in 1...3 {
            _ = try ipc.command(["set_property", "sid", id])
        }
        _ = try ipc.command(["seek", 1, "absolute+exact"])
        XCTAssertTrue(try poll(timeout: .seconds(10)) { try ipc.double("time-pos") >= 2 }, "playback stalled after switching")
        XCTAssertTrue(player.process.isRunning)
    }

    func testHostileSubtitleFilesNeitherCrashNorStallThePicture() throws {
        try skipWithoutDisplay()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vplay-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let clip = directory.appendingPathComponent("clip.mp4")
        try FileManager.default.copyItem(at: try Clips.av(seconds: 20), to: clip)
        let header = """
            [Script Info]
            ScriptType: v4.00+

            [V4+ Styles]
            Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
            Style: Default,DejaVu Sans,%@,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,2,0,2,10,10,10,1

            [Events]
            Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text

            """
        // 10,000 lines all on screen at once.
        let crowd = (0..<10_000).map { "Dialogue: 0,0:00:00.\(String(format: "%02d", $0 % 100)),0:00:20.00,Default,,0,0,0,,Line \($0)" }
        try write(header.replacingOccurrences(of: "%@", with: "20") + crowd.joined(separator: "\n"),
                  to: directory.appendingPathComponent("clip.en.ass"))
        // Enormous letters (low, clear of the frame numbers at the top), and a line far off the picture.
        try write(header.replacingOccurrences(of: "%@", with: "100000")
                  + "Dialogue: 0,0:00:00.00,0:00:20.00,Default,,0,0,0,,{\\an7\\pos(0,200)}Huge\n"
                  + "Dialogue: 0,0:00:00.00,0:00:20.00,Default,,0,0,0,,{\\fs20\\pos(99999999,-99999999)}Away\n",
                  to: directory.appendingPathComponent("clip.fr.ass"))
        // Cut off in the middle of a line.
        try write(String(lines("Truncated words here").prefix(40)), to: directory.appendingPathComponent("clip.de.srt"))
        let player = try PlayerSession(clip: clip, arguments: ["--sid=no"])
        let ipc = try XCTUnwrap(player.ipc)
        for id in 1...3 {
            _ = try ipc.command(["set_property", "sid", id])
            let shown = try XCTUnwrap(player.waitForFrame(timeout: .seconds(10)) { _ in true }, "track \(id): no picture")
            // The picture keeps moving: 10 frames are 0.4 s.
            XCTAssertNotNil(try player.waitForFrame(timeout: .seconds(10)) { $0 >= shown + 10 }, "track \(id): the picture stalled")
            XCTAssertLessThan(try residentBytes(of: player.process.processIdentifier), 2 << 30, "track \(id): memory ran away")
        }
        XCTAssertTrue(player.process.isRunning)
    }

    func testGiantDrawingsTakeNeitherTheMemoryNorThePicture() throws {
        try skipWithoutDisplay()
        let (directory, _) = try directoryWithClip()
        let clip = directory.appendingPathComponent("frames.mp4")
        try FileManager.default.copyItem(at: try Clips.av(seconds: 20), to: clip)
        // Unbounded, each of these takes about a gigabyte in a 720-line window: a square 5000
        // units wide, one of 600 stretched ten times, a clip of 5000. Low, clear of the frame numbers.
        let square = "m 0 0 l 5000 0 5000 5000 0 5000"
        let lines = ["{\\an7\\pos(0,200)\\p1}\(square){\\p0}",
                     "{\\an7\\pos(0,200)\\fscx1000\\fscy1000\\p1}m 0 0 l 600 0 600 600 0 600{\\p0}",
                     "{\\an7\\pos(0,200)\\iclip(\(square))}Clipped words"]
        try write(ClipSpec.assScript(size: nil, lines: lines.map { (0, 20, $0) }),
                  to: directory.appendingPathComponent("frames.en.ass"))
        let player = try PlayerSession(clip: clip, arguments: ["--sid=no", "--geometry=1280x720"])
        let ipc = try XCTUnwrap(player.ipc)
        XCTAssertNotNil(try player.waitForFrame(timeout: .seconds(10)) { _ in true }, "no picture")
        let before = try residentBytes(of: player.process.processIdentifier)
        _ = try ipc.command(["set_property", "sid", 1])
        let corner = PixelRect(x: 300, y: 620, width: 200, height: 60)   // inside the picture (from x = 160)
        var drawn = false
        let deadline = ContinuousClock.now + .seconds(10)
        while !drawn && ContinuousClock.now < deadline { drawn = try player.capture().meanBrightness(corner) > 200 }
        XCTAssertTrue(drawn, "the drawings are not on screen")
        let shown = try XCTUnwrap(player.waitForFrame(timeout: .seconds(10)) { _ in true }, "no picture with the drawings")
        XCTAssertNotNil(try player.waitForFrame(timeout: .seconds(10)) { $0 >= shown + 10 }, "the picture stalled")
        let grown = try residentBytes(of: player.process.processIdentifier) - before
        XCTAssertLessThan(grown, 400 << 20, "the drawings took \(grown >> 20) MB")
    }

    func testASecondTrackShowsAtTheTop() throws {
        try skipWithoutDisplay()
        let (directory, clip) = try directoryWithClip()
        try write(lines("Main words"), to: directory.appendingPathComponent("clip.srt"))
        try write(lines("Second words"), to: directory.appendingPathComponent("clip.en.srt"))
        let player = try PlayerSession(clip: clip, arguments: ["--pause", "--start=2", "--geometry=640x480"])
        let ipc = try XCTUnwrap(player.ipc)
        XCTAssertTrue(try poll(timeout: .seconds(5)) { try ipc.property("sub-text") as? String == "Main words" })
        let top = PixelRect(x: 120, y: 0, width: 400, height: 110)
        XCTAssertEqual(try ipc.property("secondary-sid") as? Bool, false)
        XCTAssertLessThan(try player.capture().maxChannel(top), 150, "something at the top before a second track")

        _ = try ipc.command(["set_property", "secondary-sid", 2])
        XCTAssertTrue(try poll(timeout: .seconds(5)) { try ipc.property("secondary-sub-text") as? String == "Second words" })
        XCTAssertEqual(try ipc.property("sid") as? Int, 1)
        let subs = try XCTUnwrap(try ipc.property("track-list") as? [[String: Any]]).filter { $0["type"] as? String == "sub" }
        XCTAssertEqual(subs.map { $0["selected"] as? Bool }, [true, true])
        XCTAssertEqual(subs.map { $0["main-selection"] as? Int }, [0, 1])
        let seen = try poll(timeout: .seconds(5), interval: 0.05) { try player.capture().maxChannel(top) > 220 }
        XCTAssertTrue(seen, "the second track is not drawn at the top")

        XCTAssertThrowsError(try ipc.command(["set_property", "secondary-sid", 9]))
        _ = try ipc.command(["set_property", "sid", 2])
        XCTAssertTrue(try poll(timeout: .seconds(5)) { try ipc.property("secondary-sid") as? Bool == false }, "one track shown twice")
        XCTAssertTrue(try poll(timeout: .seconds(5)) { try ipc.property("sub-text") as? String == "Second words" })
        // Drawn too, though the top had its lines first: the file's lines serve every place.
        let bottom = PixelRect(x: 120, y: 300, width: 400, height: 130)
        let drawn = try poll(timeout: .seconds(5), interval: 0.05) { try player.capture().maxChannel(bottom) > 220 }
        XCTAssertTrue(drawn, "the track moved from the top is not drawn at the bottom")
    }

    func testSlashSearchJumpsToTheLinesWithThePhrase() throws {
        try skipWithoutDisplay()
        let (directory, clip) = try directoryWithClip()
        try write(ClipSpec.subRip([(1, 2, "Un été chaud"), (3, 4, "Rien ici"), (5, 6, "Encore l'ÉTÉ")]),
                  to: directory.appendingPathComponent("clip.srt"))
        let player = try PlayerSession(clip: clip, arguments: ["--pause"])
        let ipc = try XCTUnwrap(player.ipc)
        XCTAssertTrue(try poll(timeout: .seconds(5)) { (try ipc.property("sub-list") as? [Any])?.count == 3 }, "the file was not read")
        try Screen.key(window: player.window, "slash")
        let typed = try ChildProcess.run("xdotool", ["type", "--window", player.window, "--delay", "20", "ETE"], timeout: .seconds(10))
        XCTAssertTrue(typed.succeeded, typed.errorText)
        try Screen.key(window: player.window, "Return")
        XCTAssertTrue(try poll(timeout: .seconds(5)) { abs(try ipc.double("time-pos") - 1) < 0.01 }, "Enter did not jump to the first line")
        XCTAssertTrue(try poll(timeout: .seconds(5)) { try ipc.property("sub-text") as? String == "Un été chaud" })
        try Screen.key(window: player.window, "Return")
        XCTAssertTrue(try poll(timeout: .seconds(5)) { abs(try ipc.double("time-pos") - 5) < 0.01 }, "Enter again did not go on to the next line")
        try Screen.key(window: player.window, "Escape")
        // Closed: keys are keys again (space plays).
        try Screen.key(window: player.window, "space")
        XCTAssertTrue(try poll(timeout: .seconds(5)) { try ipc.bool("pause") == false }, "the field did not close")
        XCTAssertTrue(player.process.isRunning, "Esc quit instead of closing the field")
    }

    /// VmRSS of a process, from /proc.
    private func residentBytes(of pid: Int32) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        let line = try XCTUnwrap(status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") })
        return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
    }
}
