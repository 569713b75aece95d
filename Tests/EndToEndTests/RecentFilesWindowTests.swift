import Foundation
import TestSupport
import VPlayView
import XCTest

/// The idle window's recent files through the real binary, with a watch history of the test's
/// own (a private XDG_STATE_HOME): files played and quit are listed newest first where
/// `IdleLayout` says, with a picture of where they were left; a click plays one from there; the
/// "×" and Delete forget one, in the window and in the history file; Up, Down and Enter work
/// the list; with the history off the window is as it always was.
final class RecentFilesWindowTests: XCTestCase {
    private var directory: URL!
    private var socketPath: String!

    private var state: URL { directory.appendingPathComponent("state") }
    private var historyFile: URL { state.appendingPathComponent("vplay/watch_history.jsonl") }
    private var environment: [String: String] { ["XDG_STATE_HOME": state.path] }
    /// The window's colour where nothing is drawn.
    private let background = 27

    override func setUpWithError() throws {
        try skipWithoutDisplay()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("vplay-recent-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        socketPath = "/tmp/vplay-recent-\(getpid())-\(UUID().uuidString.prefix(8)).sock"
        addTeardownBlock { [directory, socketPath] in
            try? FileManager.default.removeItem(at: directory!)
            unlink(socketPath!)
        }
    }

    // MARK: helpers

    /// A clip of the test's own, under a name of its own (so it has a row of its own).
    private func clip(named name: String) throws -> String {
        let path = directory.appendingPathComponent(name).path
        try FileManager.default.copyItem(atPath: try MediaFactory.clip(.av(seconds: 20)).path, toPath: path)
        return path
    }

    /// Plays `files` one after the other, each paused at `position`, then quits: the history
    /// records each where it was left.
    private func play(_ files: [String], to position: Double) throws {
        let process = try BinaryRunner.launch(["--input-ipc-server=\(socketPath!)", "--pause", "--start=\(position)"] + files,
                                              environment: environment)
        addTeardownBlock { if process.isRunning { process.terminate(); process.waitForExit(timeout: .seconds(5)) } }
        let ipc = try IPCClient(path: socketPath, timeout: PlayerSession.windowTimeout)
        for (index, file) in files.enumerated() {
            if index > 0 { _ = try ipc.command(["playlist-next"]) }
            XCTAssertTrue(poll(timeout: .seconds(15)) {
                (try? ipc.property("path")) as? String == file && abs(((try? ipc.double("time-pos")) ?? -1) - position) < 0.1
            }, "\(file) does not play from \(position)")
        }
        _ = try ipc.command(["quit"])
        XCTAssertEqual(process.waitForExit(timeout: .seconds(10)).status, 0)
        unlink(socketPath)
    }

    /// Writes the history as a player leaves it, oldest entry first.
    private func writeHistory(_ entries: [(path: String, position: Double)]) throws {
        try FileManager.default.createDirectory(at: historyFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        let lines = try entries.enumerated().map { offset, entry in
            let object: [String: Any] = ["time": 1_700_000_000 + offset, "path": entry.path,
                                         "title": (entry.path as NSString).lastPathComponent,
                                         "position": entry.position, "duration": 20.0]
            return String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
        }
        try (lines.joined(separator: "\n") + "\n").write(to: historyFile, atomically: true, encoding: .utf8)
    }

    private func historyPaths() -> [String] {
        guard let text = try? String(contentsOf: historyFile, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["path"] as? String
        }
    }

    /// The player with no file, its window, its window's size and a connection to its socket.
    private func launchIdle(_ arguments: [String] = []) throws -> (window: String, size: OverlaySize, ipc: IPCClient) {
        let process = try BinaryRunner.launch(["--input-ipc-server=\(socketPath!)", "--idle", "--pause"] + arguments,
                                              environment: environment)
        addTeardownBlock { process.terminate(); process.waitForExit(timeout: .seconds(5)) }
        guard let window = try Screen.findWindow(name: "vplay", timeout: PlayerSession.windowTimeout) else {
            process.terminate()
            throw EndToEndError(description: "no idle window; stderr: \(process.waitForExit(timeout: .seconds(3)).errorText)")
        }
        let geometry = try Screen.windowGeometry(window)
        return (window, OverlaySize(width: Double(geometry.width), height: Double(geometry.height)), try IPCClient(path: socketPath))
    }

    private func titleArea(_ rows: RecentListLayout, _ index: Int) -> PixelRect {
        PixelRect(OverlayRect(x: rows.textX, y: rows.titleCenterY(index) - rows.titleFontSize * 0.6,
                              width: rows.titleRight - rows.textX, height: rows.titleFontSize * 1.2))
    }

    /// The middle of a row's picture box, clear of its rounded corners.
    private func pictureArea(_ rows: RecentListLayout, _ index: Int) -> PixelRect {
        let box = rows.thumbnailFrame(index)
        return PixelRect(OverlayRect(x: box.minX + box.width * 0.2, y: box.minY + box.height * 0.2,
                                     width: box.width * 0.6, height: box.height * 0.6))
    }

    /// Whether `image` shows `count` rows where `layout` puts them: each title drawn, the Open
    /// button there, and nothing under the last row.
    private func shows(_ count: Int, rowsIn image: RGBImage, layout: IdleLayout) -> Bool {
        guard let rows = layout.recent, rows.count == count else { return false }
        let button = image.pixel(x: Int(layout.openButton.midX), y: Int(layout.openButton.minY) + 3)
        guard Int(button.b) > Int(button.r) + 60 else { return false }
        let below = PixelRect(x: 0, y: Int(rows.frame.maxY) + 2, width: image.width,
                              height: max(0, image.height - Int(rows.frame.maxY) - 2))
        // A gone file's title is dimmed, but still well above the background.
        return (0..<count).allSatisfy { image.maxChannel(titleArea(rows, $0)) > 90 } && image.maxChannel(below) < 45
    }

    private func waitForRows(_ count: Int, in window: String, size: OverlaySize) throws -> RGBImage? {
        let layout = IdleLayout(windowSize: size, recentCount: count)
        var last: RGBImage?
        let shown = try poll(timeout: .seconds(15)) {
            last = try Screen.capture(window: window)
            return shows(count, rowsIn: last!, layout: layout)
        }
        if !shown, let last { try? last.savePNG(to: directory.appendingPathComponent("failed.png")) }
        return shown ? last : nil
    }

    // MARK: tests

    func testFilesPlayedAreListedNewestFirstAndAClickPlaysOneFromWhereItWasLeft() throws {
        let first = try clip(named: "first.mp4"), second = try clip(named: "second.mp4")
        try play([first, second], to: 7)
        let (window, size, ipc) = try launchIdle()
        XCTAssertEqual(try ipc.property("idle-active") as? Bool, true)
        let layout = IdleLayout(windowSize: size, recentCount: 2)
        let rows = try XCTUnwrap(layout.recent)
        XCTAssertNotNil(try waitForRows(2, in: window, size: size), "the two files are not listed where the layout says")

        // Each row gets its picture where the file was left (the clip is bright; the empty box is not).
        var image = try Screen.capture(window: window)
        XCTAssertTrue(try poll(timeout: .seconds(15)) {
            image = try Screen.capture(window: window)
            return (0..<2).allSatisfy { image.maxChannel(pictureArea(rows, $0)) > 150 }
        }, "no pictures in the rows")
        // A bar a third long: 7 s of 20 watched, the rest of its groove grey.
        let groove = rows.barFrame(0)
        let watched = image.pixel(x: Int(groove.minX + groove.width * 0.15), y: Int(groove.midY))
        let left = image.pixel(x: Int(groove.minX + groove.width * 0.6), y: Int(groove.midY))
        XCTAssertGreaterThan(Int(watched.b), Int(watched.r) + 60, "the watched part is not blue: \(watched)")
        XCTAssertLessThan(abs(Int(left.b) - Int(left.r)), 25, "the rest is not grey: \(left)")
        if ProcessInfo.processInfo.environment["VPLAY_ARTIFACTS"] != nil {
            try image.savePNG(to: URL(fileURLWithPath: "/tmp/vplay-artifacts/idle-recent.png"))
        }

        // The newest first: the top row is the second file.
        let row = rows.rowFrame(0)
        try Screen.click(window: window, x: Int(row.midX), y: Int(row.midY))
        XCTAssertTrue(poll(timeout: .seconds(15)) { (try? ipc.property("path")) as? String == second },
                      "the top row does not play the last file played: \(String(describing: try? ipc.property("path")))")
        XCTAssertEqual(try ipc.double("time-pos"), 7, accuracy: 0.1, "not from where it was left")
        XCTAssertEqual(try ipc.property("idle-active") as? Bool, false)
    }

    func testAFileStoppedIsListedWhenTheIdleWindowComesBack() throws {
        let film = try clip(named: "film.mp4")
        let process = try BinaryRunner.launch(["--input-ipc-server=\(socketPath!)", "--idle", "--pause", film],
                                              environment: environment)
        addTeardownBlock { process.terminate(); process.waitForExit(timeout: .seconds(5)) }
        let ipc = try IPCClient(path: socketPath, timeout: PlayerSession.windowTimeout)
        XCTAssertTrue(poll(timeout: .seconds(15)) { (try? ipc.property("path")) as? String == film }, "the film does not play")
        _ = try ipc.command(["seek", 9.5, "absolute+exact"])
        XCTAssertTrue(poll(timeout: .seconds(10)) { abs(((try? ipc.double("time-pos")) ?? -1) - 9.5) < 0.1 })
        _ = try ipc.command(["stop"])
        XCTAssertTrue(poll(timeout: .seconds(15)) { (try? ipc.property("idle-active")) as? Bool == true }, "stop did not go idle")

        let window = try XCTUnwrap(try Screen.findWindow(name: "vplay", timeout: .seconds(10)))
        let geometry = try Screen.windowGeometry(window)
        let size = OverlaySize(width: Double(geometry.width), height: Double(geometry.height))
        XCTAssertNotNil(try waitForRows(1, in: window, size: size), "the film just stopped is not listed")
        let row = try XCTUnwrap(IdleLayout(windowSize: size, recentCount: 1).recent).rowFrame(0)
        try Screen.click(window: window, x: Int(row.midX), y: Int(row.midY))
        XCTAssertTrue(poll(timeout: .seconds(15)) { (try? ipc.property("idle-active")) as? Bool == false
            && (try? ipc.property("path")) as? String == film }, "the row does not play the film")
        XCTAssertEqual(try ipc.double("time-pos"), 9.5, accuracy: 0.1, "not from where it was stopped")
    }

    func testTheForgetButtonAndDeleteTakeFilesOffTheListAndOutOfTheHistory() throws {
        let kept = try clip(named: "kept.mp4"), forgotten = try clip(named: "forgotten.mp4")
        let gone = directory.appendingPathComponent("gone.mp4").path
        try writeHistory([(kept, 5), (gone, 3), (forgotten, 12)])
        let (window, size, _) = try launchIdle()
        let three = try XCTUnwrap(IdleLayout(windowSize: size, recentCount: 3).recent)
        XCTAssertNotNil(try waitForRows(3, in: window, size: size), "the three files are not listed")

        // The file that is gone: dimmed, and no picture, though the others have theirs.
        var image = try Screen.capture(window: window)
        XCTAssertTrue(try poll(timeout: .seconds(15)) {
            image = try Screen.capture(window: window)
            return image.maxChannel(pictureArea(three, 0)) > 150 && image.maxChannel(pictureArea(three, 2)) > 150
        }, "no pictures for the files that are there")
        XCTAssertLessThan(image.maxChannel(pictureArea(three, 1)), 70, "a picture for a file that is gone")
        XCTAssertLessThan(image.maxChannel(titleArea(three, 1)), 150, "the gone file's row is not dimmed")
        XCTAssertGreaterThan(image.maxChannel(titleArea(three, 0)), 200)

        // The top row's "×": the row goes, the rest move up, and the history forgets the file.
        let forget = three.forgetButton(0)
        try Screen.click(window: window, x: Int(forget.midX), y: Int(forget.midY))
        XCTAssertNotNil(try waitForRows(2, in: window, size: size), "the row did not go")
        XCTAssertTrue(poll(timeout: .seconds(10)) { !historyPaths().contains(forgotten) }, "still in the history")
        XCTAssertEqual(Set(historyPaths()), [kept, gone])

        // Delete with the pointer over the (now top) row of the gone file.
        let two = try XCTUnwrap(IdleLayout(windowSize: size, recentCount: 2).recent)
        try Screen.mouseMove(window: window, x: Int(two.rowFrame(0).midX), y: Int(two.rowFrame(0).midY))
        try Screen.key(window: window, "Delete")
        XCTAssertNotNil(try waitForRows(1, in: window, size: size), "Delete did not take the row off")
        XCTAssertTrue(poll(timeout: .seconds(10)) { historyPaths() == [kept] }, "the history holds \(historyPaths())")
    }

    func testUpDownAndEnterOpenTheSelectedFileAndAWatchedOneFromTheStart() throws {
        let halfway = try clip(named: "halfway.mp4"), watched = try clip(named: "watched.mp4")
        try writeHistory([(halfway, 9), (watched, 19.5)])
        let (window, size, ipc) = try launchIdle()
        let rows = try XCTUnwrap(IdleLayout(windowSize: size, recentCount: 2).recent)
        XCTAssertNotNil(try waitForRows(2, in: window, size: size))
        // Down selects the top row, Down the next, Up the top again: the watched file.
        try Screen.key(window: window, "Down", "Down")
        XCTAssertTrue(try poll(timeout: .seconds(5)) {
            try Screen.capture(window: window).maxChannel(PixelRect(x: Int(rows.frame.minX), y: Int(rows.rowFrame(1).midY),
                                                                    width: 1, height: 1)) > 100
        }, "the second row is not ringed")
        try Screen.key(window: window, "Up", "Return")
        XCTAssertTrue(poll(timeout: .seconds(15)) { (try? ipc.property("path")) as? String == watched },
                      "Enter does not play the selected file")
        XCTAssertEqual(try ipc.double("time-pos"), 0, accuracy: 0.1, "a file watched to the end starts again")
    }

    func testWithoutAWatchHistoryTheWindowIsAsItWas() throws {
        let film = try clip(named: "film.mp4")
        try writeHistory([(film, 5)])
        let (window, size, ipc) = try launchIdle(["--save-watch-history=no"])
        XCTAssertEqual(try ipc.property("idle-active") as? Bool, true)
        let layout = IdleLayout(windowSize: size)
        var image = try Screen.capture(window: window)
        XCTAssertTrue(try poll(timeout: .seconds(10)) {
            image = try Screen.capture(window: window)
            let button = image.pixel(x: Int(layout.openButton.midX), y: Int(layout.openButton.minY) + 3)
            return Int(button.b) > Int(button.r) + 60
        }, "the Open button is not where it always was")
        let below = PixelRect(x: 0, y: Int(layout.messageCenter.y) + 12, width: image.width,
                              height: image.height - Int(layout.messageCenter.y) - 12)
        XCTAssertLessThan(Int(image.maxChannel(below)), background + 10, "something is drawn under the hint")
        XCTAssertEqual(historyPaths(), [film], "the history is left alone")
    }
}
