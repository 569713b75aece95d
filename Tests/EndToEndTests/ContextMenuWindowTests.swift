import Foundation
import TestSupport
import VPlayCore
import VPlayView
import XCTest

/// The context menu in the real window: a right click opens it, a click in a submenu changes a
/// property (read back over IPC), Esc closes it. Where to click comes from the player's own
/// layout, made from the same rows the player makes from its state.
final class ContextMenuWindowTests: XCTestCase {
    private let geometry = "--geometry=960x480"
    private let origin = OverlayPoint(x: 220, y: 40)

    private func clip() throws -> URL { try MediaFactory.clip(try .multiTrack(seconds: 20)) }

    /// The state the menu is made from at the start: the file's tracks (read from `track-list`)
    /// and the defaults.
    private func state(_ ipc: IPCClient) throws -> PlayerState {
        let list = try XCTUnwrap(try ipc.property("track-list") as? [[String: Any]])
        var state = PlayerState()
        state.tracks = try list.map { entry in
            let kind = try XCTUnwrap((entry["type"] as? String).flatMap(Track.Kind.init(rawValue:)))
            var track = Track(id: try XCTUnwrap(entry["id"] as? Int), kind: kind, codec: entry["codec"] as? String ?? "",
                              streamIndex: entry["ff-index"] as? Int ?? 0)
            track.language = entry["lang"] as? String
            track.title = entry["title"] as? String
            track.isSelected = entry["selected"] as? Bool ?? false
            return track
        }
        return state
    }

    /// The menu's rows and layout with the submenu of `open` (a row of the first plate) open.
    private func menu(_ player: PlayerSession, state: PlayerState, open: String? = nil) throws
        -> (rows: [ContextMenu.Row], layout: ContextMenuLayout, openRow: Int?) {
        let rows = ContextMenu.rows(state: state)
        let size = OverlaySize(width: Double(player.width), height: Double(player.height))
        let font = OverlayController.menuFontSize(OverlayLayout(windowSize: size, showsTrackButton: true))
        var shapes = [ContextMenuLayout.Shape(rows)]
        let openRow = try open.map { text in try XCTUnwrap(rows.firstIndex { $0.text.hasPrefix(text) }) }
        if let openRow { shapes.append(ContextMenuLayout.Shape(try XCTUnwrap(rows[openRow].submenu))) }
        let layout = ContextMenuLayout(windowSize: size, origin: origin, shapes: shapes,
                                       openRows: openRow.map { [$0] } ?? [], preferredFontSize: font)
        return (rows, layout, openRow)
    }

    /// A patch of the first plate with no text on it (left of the arrows, on a row without a
    /// key), over the picture: dark while the menu is open, the test pattern otherwise.
    private func plateSample(_ layout: ContextMenuLayout) -> PixelRect {
        let plate = layout.plates[0], row = plate.rowFrame(3), font = layout.fontSize
        return PixelRect(x: Int(plate.keyRightX - 3 * font), y: Int(row.minY + 2), width: Int(2.5 * font),
                         height: Int(row.height - 4))
    }

    private func isOpen(_ player: PlayerSession, _ layout: ContextMenuLayout) throws -> Bool {
        try player.capture().meanBrightness(plateSample(layout)) < 30
    }

    private func waitFor(_ what: String, timeout: Duration = .seconds(5), _ condition: () throws -> Bool) throws {
        guard try poll(timeout: timeout, interval: 0.05, condition) else {
            throw EndToEndError(description: "timed out waiting for \(what)")
        }
    }

    private func rightClick(_ player: PlayerSession) throws {
        try player.mouseMove(x: Int(origin.x), y: Int(origin.y))
        try Screen.click(window: player.window, x: Int(origin.x), y: Int(origin.y), button: .right)
    }

    /// Moves onto the entry `text` of the submenu of `parent`, then clicks it.
    private func choose(_ text: String, in parent: String, _ player: PlayerSession, state: PlayerState) throws {
        let (rows, layout, openRow) = try menu(player, state: state, open: parent)
        let parentRow = layout.plates[0].rowFrame(try XCTUnwrap(openRow))
        try player.mouseMove(x: Int(parentRow.midX), y: Int(parentRow.midY))
        let submenu = try XCTUnwrap(rows[try XCTUnwrap(openRow)].submenu)
        let entry = layout.plates[1].rowFrame(try XCTUnwrap(submenu.firstIndex { $0.text.hasPrefix(text) }, "no entry \(text)"))
        // Along the parent's row into the submenu, then onto the entry: the pointer never
        // crosses another row of the first plate on its way.
        try player.mouseMove(x: Int(layout.plates[1].frame.minX + 4), y: Int(parentRow.midY))
        try player.mouseMove(x: Int(entry.midX), y: Int(entry.midY))
        try player.click(x: Int(entry.midX), y: Int(entry.midY))
    }

    func testARightClickOpensTheMenuAndItsEntriesChangeProperties() throws {
        try skipWithoutDisplay()
        let player = try PlayerSession(clip: try clip(), arguments: [geometry])
        let ipc = try XCTUnwrap(player.ipc)
        let state = try state(ipc)
        let layout = try menu(player, state: state).layout
        XCTAssertFalse(try isOpen(player, layout), "the plate's place already looks dark: the check means nothing")

        try rightClick(player)
        try waitFor("the menu to open") { try isOpen(player, layout) }
        let artifact = artifactsDirectory.appendingPathComponent("context-menu.png")
        try player.capture().savePNG(to: artifact)
        print("ContextMenuWindowTests: menu screenshot at \(artifact.path)")

        try choose("2×", in: "Speed", player, state: state)
        try waitFor("speed to become 2") { try ipc.double("speed") == 2 }
        try waitFor("the menu to close") { try !isOpen(player, layout) }

        try rightClick(player)
        try waitFor("the menu to open again") { try isOpen(player, layout) }
        try choose("2: French (Commentary)", in: "Audio track", player, state: state)
        try waitFor("aid to become 2") { try ipc.property("aid") as? Int == 2 }
        try waitFor("the menu to close") { try !isOpen(player, layout) }

        try rightClick(player)
        try waitFor("the menu to open a third time") { try isOpen(player, layout) }
        try choose("Zoom in", in: "Picture", player, state: state)
        try waitFor("video-zoom to grow") { try ipc.double("video-zoom") > 0 }
        XCTAssertFalse(try ipc.bool("pause"), "the menu's clicks do nothing else")
        XCTAssertEqual(try ipc.double("speed"), 2)
    }

    func testEscClosesTheMenuAndDoesNothingElse() throws {
        try skipWithoutDisplay()
        let player = try PlayerSession(clip: try clip(), arguments: [geometry])
        let ipc = try XCTUnwrap(player.ipc)
        let layout = try menu(player, state: try state(ipc)).layout

        try rightClick(player)
        try waitFor("the menu to open") { try isOpen(player, layout) }
        try Screen.key(window: player.window, "Down")
        try Screen.key(window: player.window, "Escape")
        try waitFor("Esc to close the menu") { try !isOpen(player, layout) }
        XCTAssertTrue(player.process.isRunning, "Esc closed the menu, not the player")
        XCTAssertFalse(try ipc.bool("pause"))
        XCTAssertEqual(try ipc.double("speed"), 1)
        XCTAssertEqual(try ipc.bool("fullscreen"), false)
    }

    /// The keys alone: Down to "Audio device", Right opens its submenu (on "Auto"), Down to a
    /// second sink loaded for the test, Enter chooses it: `audio-device` becomes that sink.
    func testTheKeysChooseAnOutputDeviceInTheAudioDeviceSubmenu() throws {
        try skipWithoutDisplay()
        try XCTSkipIf(AudioCapture.environmentFile == nil, "needs the test environment's PulseAudio (scripts/test-env.sh)")
        try XCTSkipIf(ChildProcess.locate("pactl") == nil, "needs pactl")
        let module = try ChildProcess.run("pactl", ["load-module", "module-null-sink", "sink_name=vpmenu", "rate=48000", "channels=2",
                                                    "sink_properties=device.description=vpmenu-test"], timeout: .seconds(10))
            .requireSuccess().outputText.trimmingCharacters(in: .whitespacesAndNewlines)
        defer { _ = try? ChildProcess.run("pactl", ["unload-module", module], timeout: .seconds(10)) }
        let player = try PlayerSession(clip: try clip(), arguments: [geometry])
        defer { player.process.terminate() }
        let ipc = try XCTUnwrap(player.ipc)
        var names: [String] = []
        try waitFor("the new sink in audio-device-list") {
            names = (try ipc.property("audio-device-list") as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
            return names.contains("pulse/vpmenu")
        }
        let index = try XCTUnwrap(names.firstIndex(of: "pulse/vpmenu"))
        XCTAssertEqual(names.first, "auto")
        XCTAssertEqual(try ipc.property("audio-device") as? String, "auto")

        let state = try state(ipc)
        let (rows, layout, _) = try menu(player, state: state)
        let deviceRow = try XCTUnwrap(rows.firstIndex { $0.text == "Audio device" })
        try rightClick(player)
        try waitFor("the menu to open") { try isOpen(player, layout) }
        // The first Down lights the first entry; every entry up to the device row is enabled.
        XCTAssertTrue(rows[...deviceRow].allSatisfy(\.isEnabled))
        for _ in 0...deviceRow { try Screen.key(window: player.window, "Down") }
        try Screen.key(window: player.window, "Right")
        for _ in 0..<index { try Screen.key(window: player.window, "Down") }
        try Screen.key(window: player.window, "Return")
        try waitFor("audio-device to become the sink chosen") { try ipc.property("audio-device") as? String == "pulse/vpmenu" }
        try waitFor("the menu to close") { try !isOpen(player, layout) }
        XCTAssertFalse(try ipc.bool("pause"), "the keys went to the menu, not the bindings")
        XCTAssertEqual(try ipc.double("speed"), 1)
    }
}
