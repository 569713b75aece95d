import Foundation
import TestSupport
import VPlayCore
import VPlayView
import XCTest

/// The playlist panel in the real window, with keys and the mouse: F8 opens it, a click on a
/// row plays that entry, a drag reorders the list (IPC's `playlist` follows). Where to click
/// comes from the player's own layouts.
final class PlaylistPanelWindowTests: XCTestCase {
    private let title = "vplay playlist panel"

    private func filenames(_ ipc: IPCClient) throws -> [String] {
        try XCTUnwrap(try ipc.property("playlist") as? [[String: Any]]).compactMap { $0["filename"] as? String }
            .map { ($0 as NSString).lastPathComponent }
    }

    func testF8OpensThePanelAClickPlaysAnEntryAndADragMovesIt() throws {
        try skipWithoutDisplay()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vplay-panel-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let clip = try MediaFactory.clip(.av(seconds: 20))
        let paths = try ["Part A.mp4", "Part B.mp4", "Part C.mp4"].map { name in
            let path = folder.appendingPathComponent(name)
            try FileManager.default.copyItem(at: clip, to: path)
            return path
        }
        let player = try PlayerSession(clip: paths[2], arguments: ["--pause", "--geometry=960x540", "--title=\(title)",
                                                                   paths[0].path, paths[1].path], title: title)
        let ipc = try XCTUnwrap(player.ipc)
        XCTAssertTrue(poll(timeout: .seconds(10)) { (try? ipc.property("filename")) as? String == "Part A.mp4" })

        let bar = OverlayLayout(windowSize: OverlaySize(width: Double(player.width), height: Double(player.height)),
                                showsPlaylistButton: true)
        let panel = PlaylistPanelLayout(bar: bar, entryCount: 3, firstRow: 0)
        XCTAssertEqual(panel.visibleRows, 0..<3)
        let rows = panel.rowsArea
        let area = PixelRect(x: Int(rows.minX), y: Int(rows.minY), width: Int(rows.width), height: Int(rows.height))
        let closed = try player.capture()
        try Screen.key(window: player.window, "F8")
        XCTAssertTrue(try poll(timeout: .seconds(5)) { try player.capture().meanDifference(from: closed, in: area) > 20 },
                      "the panel did not open")

        let third = panel.rowFrame(2)
        try player.click(x: Int(third.midX), y: Int(third.midY))
        XCTAssertTrue(poll(timeout: .seconds(10)) { (try? ipc.property("filename")) as? String == "Part C.mp4" },
                      "a click on the third row did not play it")

        // Drag the entry playing to the top: it stays the one playing.
        try Screen.mouseDown(window: player.window, x: Int(third.midX), y: Int(third.midY))
        for step in 1...6 {
            try Screen.mouseMove(window: player.window, x: Int(third.midX),
                                 y: Int(third.midY + (panel.gapY(0) + 2 - third.midY) * Double(step) / 6))
        }
        try Screen.mouseUp(window: player.window, x: Int(third.midX), y: Int(panel.gapY(0) + 2))
        XCTAssertTrue(poll(timeout: .seconds(5)) { (try? self.filenames(ipc)) == ["Part C.mp4", "Part A.mp4", "Part B.mp4"] },
                      "the drag did not move the entry: \(String(describing: try? filenames(ipc)))")
        XCTAssertEqual(try ipc.property("playlist-pos") as? Int, 0)
        XCTAssertEqual(try ipc.property("filename") as? String, "Part C.mp4")
    }

    /// Entries not opened yet show how long they last: the files' headers are read while the
    /// panel is open.
    func testThePanelShowsTheDurationsOfEntriesNotOpenedYet() throws {
        try skipWithoutDisplay()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vplay-panel-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let paths = try [("Part A.mp4", 20.0), ("Part B.mp4", 3.0), ("Part C.mp4", 5.0)].map { name, seconds in
            let path = folder.appendingPathComponent(name)
            try FileManager.default.copyItem(at: try MediaFactory.clip(.av(seconds: seconds)), to: path)
            return path
        }
        let player = try PlayerSession(clip: paths[2], arguments: ["--pause", "--geometry=960x540", "--title=\(title)",
                                                                   paths[0].path, paths[1].path], title: title)
        let ipc = try XCTUnwrap(player.ipc)
        XCTAssertTrue(poll(timeout: .seconds(10)) { (try? ipc.property("filename")) as? String == "Part A.mp4" })

        let bar = OverlayLayout(windowSize: OverlaySize(width: Double(player.width), height: Double(player.height)),
                                showsPlaylistButton: true)
        let panel = PlaylistPanelLayout(bar: bar, entryCount: 3, firstRow: 0)
        // A duration's column, and a stretch of the same row where nothing is written.
        func column(_ row: Int) -> PixelRect {
            let frame = panel.rowFrame(row)
            let left = panel.durationRight - PlaylistPanelLayout.durationEms * panel.fontSize
            return PixelRect(x: Int(left), y: Int(frame.minY), width: Int(panel.durationRight - left), height: Int(frame.height))
        }
        func blank(_ row: Int) -> PixelRect {
            let frame = panel.rowFrame(row)
            let left = panel.titleRight - 3 * panel.fontSize
            return PixelRect(x: Int(left), y: Int(frame.minY), width: Int(2 * panel.fontSize), height: Int(frame.height))
        }
        try Screen.key(window: player.window, "F8")
        var image = try player.capture()
        // Generous: the headers are read at the lowest priority, after everything else.
        let shown = try poll(timeout: .seconds(20)) {
            image = try player.capture()
            return (0..<3).allSatisfy { image.maxChannel(column($0)) > 150 }
        }
        if !shown { try? image.savePNG(to: artifactsDirectory.appendingPathComponent("panel-durations.png")) }
        XCTAssertTrue(shown, "durations shown by row: \((0..<3).map { image.maxChannel(column($0)) }) (the first opened)")
        for row in 0..<3 {
            XCTAssertLessThan(image.maxChannel(blank(row)), 150, "row \(row) has text where none is written")
        }
    }
}
