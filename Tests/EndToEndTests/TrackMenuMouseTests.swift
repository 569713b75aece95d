import Foundation
import TestSupport
import VPlayCore
import VPlayView
import XCTest

/// The track menu in the real window, with the mouse and keys: the button beside the speed
/// label opens it over a film with two audio and two subtitle tracks, an entry switches the
/// track (IPC's `aid` follows), Esc and a click on the picture close it without doing
/// anything else. Where to click comes from the player's own layouts.
final class TrackMenuMouseTests: XCTestCase {
    private let geometry = "--geometry=960x480"

    private func clip() throws -> URL { try MediaFactory.clip(try .multiTrack(seconds: 12)) }

    /// The tracks as the player lists them, read back from `track-list`: the menu the player
    /// shows is made from the same values.
    private func tracks(_ ipc: IPCClient) throws -> [Track] {
        let list = try XCTUnwrap(try ipc.property("track-list") as? [[String: Any]])
        return try list.map { entry in
            let kind = try XCTUnwrap((entry["type"] as? String).flatMap(Track.Kind.init(rawValue:)))
            var track = Track(id: try XCTUnwrap(entry["id"] as? Int), kind: kind, codec: entry["codec"] as? String ?? "",
                              streamIndex: entry["ff-index"] as? Int ?? 0)
            track.language = entry["lang"] as? String
            track.title = entry["title"] as? String
            track.isSelected = entry["selected"] as? Bool ?? false
            return track
        }
    }

    private func menu(_ player: PlayerSession) throws -> (bar: OverlayLayout, menu: TrackMenu, layout: TrackMenuLayout) {
        let bar = OverlayLayout(windowSize: OverlaySize(width: Double(player.width), height: Double(player.height)),
                                showsTrackButton: true)
        let menu = try XCTUnwrap(TrackMenu(tracks: try tracks(try XCTUnwrap(player.ipc))))
        return (bar, menu, TrackMenuLayout(menu: menu, bar: bar))
    }

    private func waitFor(_ what: String, timeout: Duration = .seconds(3), _ condition: () throws -> Bool) throws {
        guard try poll(timeout: timeout, interval: 0.05, condition) else {
            throw EndToEndError(description: "timed out waiting for \(what)")
        }
    }

    /// Plate beside the first heading ("Audio"), on its left where it covers the picture (its
    /// right end may be over the black letterbox): dark while the menu is open, the test
    /// pattern otherwise.
    private func plateSample(_ layout: TrackMenuLayout) -> PixelRect {
        let row = layout.rowFrame(0)
        return PixelRect(x: Int(row.minX + layout.fontSize * 5), y: Int(row.minY + 2), width: Int(layout.fontSize * 2),
                         height: Int(row.height - 4))
    }

    private func isOpen(_ player: PlayerSession, _ layout: TrackMenuLayout) throws -> Bool {
        try player.capture().meanBrightness(plateSample(layout)) < 30
    }

    func testClickingTheSecondAudioTrackSwitchesAid() throws {
        try skipWithoutDisplay()
        let player = try PlayerSession(clip: try clip(), arguments: [geometry])
        let ipc = try XCTUnwrap(player.ipc)
        XCTAssertEqual(try ipc.property("aid") as? Int, 1)
        let (bar, menu, layout) = try menu(player)
        let (x, y) = try bar.target(try XCTUnwrap(bar.trackButton), hitting: .tracks)
        XCTAssertFalse(try isOpen(player, layout), "the plate's place already looks dark: the check means nothing")

        try player.mouseMove(x: x, y: y)
        try player.click(x: x, y: y)
        try waitFor("the menu to open") { try isOpen(player, layout) }
        let shot = try player.capture()
        let artifact = artifactsDirectory.appendingPathComponent("track-menu.png")
        try shot.savePNG(to: artifact)
        print("TrackMenuMouseTests: menu screenshot at \(artifact.path)")
        let entry = try XCTUnwrap(menu.rows.firstIndex(of: .choice(.audio, .id(2), text: "2: French (Commentary)")))
        XCTAssertGreaterThan(shot.meanBrightness(PixelRect(layout.rowFrame(entry))), 15, "the entry's text is drawn")

        let row = layout.rowFrame(entry)
        try player.mouseMove(x: Int(row.midX), y: Int(row.midY))
        try player.click(x: Int(row.midX), y: Int(row.midY))
        try waitFor("aid to become 2") { try ipc.property("aid") as? Int == 2 }
        try waitFor("the menu to close") { try !isOpen(player, layout) }
        XCTAssertFalse(try ipc.bool("pause"), "choosing a track does not pause")
        XCTAssertEqual(try ipc.property("sid") as? Bool, false, "the subtitles stay off")
    }

    func testEscAndAClickOnThePictureCloseTheMenuAndDoNothingElse() throws {
        try skipWithoutDisplay()
        let player = try PlayerSession(clip: try clip(), arguments: [geometry])
        let ipc = try XCTUnwrap(player.ipc)
        let (bar, _, layout) = try menu(player)
        let (x, y) = try bar.target(try XCTUnwrap(bar.trackButton), hitting: .tracks)

        try player.mouseMove(x: x, y: y)
        try player.click(x: x, y: y)
        try waitFor("the menu to open") { try isOpen(player, layout) }
        try Screen.key(window: player.window, "Escape")
        try waitFor("Esc to close the menu") { try !isOpen(player, layout) }
        XCTAssertTrue(player.process.isRunning, "Esc closed the menu, not the player")
        XCTAssertFalse(try ipc.bool("pause"))

        try player.click(x: x, y: y)
        try waitFor("the menu to open again") { try isOpen(player, layout) }
        let picture = player.videoRect
        try player.click(x: picture.x + picture.width / 2, y: picture.y + picture.height / 3)
        try waitFor("a click on the picture to close the menu") { try !isOpen(player, layout) }
        XCTAssertFalse(try ipc.bool("pause"), "the click only closed the menu")
        XCTAssertEqual(try ipc.property("aid") as? Int, 1)
        XCTAssertEqual(try ipc.bool("fullscreen"), false)
    }
}
