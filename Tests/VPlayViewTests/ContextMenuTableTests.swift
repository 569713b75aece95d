import VPlayCore
import XCTest
@testable import VPlayView

/// The context menu's table read against a state: each keyed entry sends exactly what its key
/// sends and shows it, checks and values follow the state, the track submenus list the file's
/// tracks.
final class ContextMenuTableTests: XCTestCase {
    private func allRows(_ rows: [ContextMenu.Row]) -> [ContextMenu.Row] {
        rows.flatMap { [$0] + allRows($0.submenu ?? []) }
    }

    private func row(_ path: String..., state: PlayerState) throws -> ContextMenu.Row {
        var rows = ContextMenu.rows(state: state)
        var found: ContextMenu.Row?
        for text in path {
            found = try XCTUnwrap(rows.first { $0.text == text || $0.text.hasPrefix(text + ":") }, "no row \(text)")
            rows = found?.submenu ?? []
        }
        return try XCTUnwrap(found)
    }

    func testEveryKeyedEntrySendsWhatItsKeySends() {
        var keyed = 0
        func check(_ items: [ContextMenuItem], state: PlayerState) {
            for item in items {
                switch item.action {
                case .key(let press):
                    keyed += 1
                    let expected = KeyBindings.command(for: press, isFullscreen: state.isFullscreen)
                    XCTAssertNotNil(expected, "\(item.label): \(press.inputName) is bound")
                    let row = ContextMenu.row(item, state: state)
                    XCTAssertEqual(row.target, expected.map(ContextMenu.Row.Target.command), item.label)
                    XCTAssertEqual(row.keyText, press.inputName, item.label)
                case .submenu(let children): check(children, state: state)
                case .command, .openFiles, .playlist, .tracks, .audioDevices: break
                }
            }
        }
        var state = TrackMenuFixtures.state()
        check(ContextMenuTable.items, state: state)
        state.isFullscreen = true
        check(ContextMenuTable.items, state: state)
        XCTAssertGreaterThan(keyed, 20)
    }

    func testTheTopLevelHasTheEntriesInOrder() {
        let texts = ContextMenu.rows(state: TrackMenuFixtures.state()).map { $0.text.split(separator: ":")[0] }
        XCTAssertEqual(texts, ["Open file…", "Playlist", "Audio track", "Audio device", "Subtitle track",
                               "Speed", "Audio delay", "Subtitle delay",
                               "Picture", "Window", "Screenshot", "A-B repeat", "Export clip"])
    }

    func testKeysAreShownAsInputConfSpellsThem() throws {
        let state = TrackMenuFixtures.state()
        XCTAssertEqual(try row("Open file…", state: state).keyText, "Ctrl+o")
        XCTAssertEqual(try row("Open file…", state: state).target, .openFiles)
        XCTAssertEqual(try row("Playlist", state: state).keyText, "F8")
        XCTAssertEqual(try row("Playlist", state: state).target, .playlist)
        XCTAssertEqual(try row("Picture", "Hardware decoding", state: state).keyText, "Ctrl+h")
        XCTAssertEqual(try row("Speed", "Normal", state: state).keyText, "BS")
        XCTAssertEqual(try row("Window", "Fullscreen", state: state).keyText, "f")
        XCTAssertEqual(KeyPress(.character(" ")).inputName, "SPACE")
        XCTAssertEqual(KeyPress(.left, modifiers: [.control]).inputName, "Ctrl+LEFT")
    }

    func testValuesAndChecksFollowTheState() throws {
        var state = TrackMenuFixtures.state()
        state.speed = 1.5
        state.subtitles.delay = -0.1
        state.abLoopA = 5
        XCTAssertEqual(try row("Speed", state: state).text, "Speed: 1.5×")
        XCTAssertTrue(try row("Speed", "1.5×", state: state).isChecked)
        XCTAssertFalse(try row("Speed", "Normal", state: state).isChecked)
        XCTAssertEqual(try row("Subtitle delay", state: state).text, "Subtitle delay: -100 ms")
        XCTAssertEqual(try row("Audio delay", state: state).text, "Audio delay: 0 ms")
        XCTAssertTrue(try row("Audio delay", "Reset", state: state).isChecked)
        XCTAssertEqual(try row("Audio delay", "Later", state: state).keyText, "Ctrl++")
        XCTAssertFalse(try row("Subtitle delay", "Reset", state: state).isChecked)
        XCTAssertFalse(try row("Window", "Fullscreen", state: state).isChecked)
        XCTAssertEqual(try row("A-B repeat", state: state).text, "A-B repeat: 0:05 – –")
        XCTAssertEqual(try row("Picture", "Deinterlace", state: state).text, "Deinterlace: \(state.picture.deinterlace.rawValue)")

        state.speed = 1
        state.subtitles.delay = 0
        state.isFullscreen = true
        state.abLoopA = nil
        XCTAssertTrue(try row("Speed", "Normal", state: state).isChecked)
        XCTAssertTrue(try row("Subtitle delay", "Reset", state: state).isChecked)
        XCTAssertEqual(try row("Subtitle delay", state: state).text, "Subtitle delay: 0 ms")
        XCTAssertTrue(try row("Window", "Fullscreen", state: state).isChecked)
        XCTAssertEqual(try row("A-B repeat", state: state).text, "A-B repeat: off")
        XCTAssertEqual(try row("Speed", "2×", state: state).target, .command(.setSpeed(2)))
    }

    func testThePictureAndWindowEntriesFollowTheirProperties() throws {
        var state = TrackMenuFixtures.state()
        state.display.zoom = 0.5
        state.display.equalizer.brightness = 12
        state.windowSettings.isOnTop = true
        state.windowSettings.scale = 2
        XCTAssertEqual(try row("Picture", "Zoom in", state: state).text, "Zoom in: 0.5")
        XCTAssertEqual(try row("Picture", "Zoom in", state: state).keyText, "Alt++")
        XCTAssertEqual(try row("Picture", "Zoom in", state: state).target,
                       .command(.adjust(property: "video-zoom", .add(KeyBindings.zoomStep))))
        XCTAssertEqual(try row("Picture", "Rotate", state: state).text, "Rotate: 0")
        XCTAssertEqual(try row("Picture", "Reset zoom, pan and crop", state: state).keyText, "Alt+BS")
        XCTAssertEqual(try row("Picture", "Brightness", state: state).text, "Brightness: 12")
        XCTAssertFalse(try row("Picture", "Brightness", "Reset", state: state).isChecked)
        XCTAssertEqual(try row("Picture", "Brightness", "Reset", state: state).target,
                       .command(.setDisplay(.equalizer(.brightness, 0))))
        XCTAssertEqual(try row("Picture", "Brightness", "More", state: state).keyText, "4")
        XCTAssertTrue(try row("Picture", "Contrast", "Reset", state: state).isChecked)
        XCTAssertTrue(try row("Window", "On top", state: state).isChecked)
        XCTAssertFalse(try row("Window", "Picture-in-picture", state: state).isChecked)
        XCTAssertTrue(try row("Window", "Double size", state: state).isChecked)
        XCTAssertFalse(try row("Window", "Picture size", state: state).isChecked)
        XCTAssertEqual(try row("Window", "Half size", state: state).keyText, "Alt+0")
    }

    func testTrackSubmenusListTheFilesTracks() throws {
        let state = TrackMenuFixtures.state(TrackMenuFixtures.tracks(selectedAudio: 2, selectedSub: nil))
        let audio = try XCTUnwrap(try row("Audio track", state: state).submenu)
        XCTAssertEqual(audio.map(\.text), ["Next", "1: English", "2: French (Commentary)"])
        XCTAssertEqual(audio.map(\.isChecked), [false, false, true])
        XCTAssertEqual(audio[0].keyText, "#")
        XCTAssertEqual(audio[0].target, .command(.cycleTrack(.audio, down: false)))
        XCTAssertEqual(audio[1].target, .command(.selectTrack(.audio, .id(1))))
        let subs = try XCTUnwrap(try row("Subtitle track", state: state).submenu)
        XCTAssertEqual(subs.map(\.text), ["Next", "1: English", "2: German", "Off"])
        XCTAssertEqual(subs.map(\.isChecked), [false, false, false, true])
        XCTAssertEqual(subs[3].target, .command(.selectTrack(.sub, .none)))

        let silent = TrackMenuFixtures.state(TrackMenuFixtures.tracks(audio: 0, subtitles: 0))
        let none = try XCTUnwrap(try row("Audio track", state: silent).submenu)
        XCTAssertEqual(none.map(\.text), ["Next"])
        XCTAssertFalse(none[0].isEnabled, "nothing to go to")
    }

    func testTheDeviceSubmenuListsTheOutputsTheChosenOneChecked() throws {
        var state = TrackMenuFixtures.state()
        state.audioDevices = [AudioOutputDevice(name: "pulse/vp", description: "Built-in speakers"),
                              AudioOutputDevice(name: "pulse/usb", description: "USB headset")]
        let auto = try XCTUnwrap(try row("Audio device", state: state).submenu)
        XCTAssertEqual(auto.map(\.text), ["Auto", "Built-in speakers", "USB headset"])
        XCTAssertEqual(auto.map(\.isChecked), [true, false, false])
        // Each entry is what `set_property audio-device NAME` applies.
        let device = try PropertyRegistry.property(named: "audio-device")
        XCTAssertEqual(auto.map(\.target), try ["auto", "pulse/vp", "pulse/usb"].map {
            .command(try device.command(setting: .text($0), in: state))
        })

        state.audio.device = "pulse/usb"
        XCTAssertEqual(try row("Audio device", state: state).submenu?.map(\.isChecked), [false, false, true])
        // A chosen device that is not there now (unplugged) checks nothing.
        state.audio.device = "pulse/gone"
        XCTAssertEqual(try row("Audio device", state: state).submenu?.map(\.isChecked), [false, false, false])
        XCTAssertEqual(try row("Audio device", state: PlayerState()).submenu?.map(\.text), ["Auto"])
    }

    /// A row for a property the registry does not have reads as no value and no check, so a
    /// row can be written before its property exists without breaking the menu.
    func testAnUnknownPropertyShowsNothing() {
        let state = TrackMenuFixtures.state()
        let row = ContextMenu.row(ContextMenuItem("Zoom", .command(.togglePause), .value("no-such-property", .plain)), state: state)
        XCTAssertEqual(row.text, "Zoom")
        XCTAssertFalse(ContextMenu.row(ContextMenuItem("On top", .command(.togglePause), .flag("no-such-property")),
                                       state: state).isChecked)
    }

    func testEveryRowHasText() {
        let rows = allRows(ContextMenu.rows(state: TrackMenuFixtures.state()))
        XCTAssertTrue(rows.allSatisfy { !$0.text.isEmpty })
    }
}
