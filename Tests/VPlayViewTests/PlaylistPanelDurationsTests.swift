import Foundation
import TestSupport
import VPlayCore
import XCTest
@testable import VPlayView

/// The playlist panel shows how long entries not opened yet last: their files' headers are
/// read in the background, near the rows in view only.
final class PlaylistPanelDurationsTests: XCTestCase {
    private let size = OverlaySize(width: 1280, height: 720)

    /// The state with the panel open: a controller whose panel button was clicked.
    private func openedPanel(_ state: PlayerState) throws -> OverlayController {
        var controller = OverlayController(windowSize: size, now: 0)
        let button = try XCTUnwrap(controller.layout(for: state).playlistButton)
        let point = OverlayPoint(x: button.midX, y: button.midY)
        _ = controller.handle(.down(point, clicks: 1), state: state, now: 1)
        _ = controller.handle(.up(point), state: state, now: 1.1)
        XCTAssertNotNil(controller.look(state: state, now: 1.2)?.playlistPanel, "the button opens the panel")
        return controller
    }

    func testThePanelShowsTheDurationsOfRealFilesNotOpenedYet() throws {
        let lengths = [2.0, 3.5, 5.0]
        var state = PlayerState()
        state.playlist = try lengths.enumerated().map { index, seconds in
            PlaylistItem(path: try MediaFactory.clip(.av(seconds: seconds)).path, id: index + 1)
        }
        // The first plays and is known; the others have not been opened.
        state.playlist[0].duration = 2
        let controller = try openedPanel(state)
        let source = PlaylistDurations(onReady: {})
        defer { source.stop() }
        let durations = PlaylistPanelDurations(source: source)

        var shown: [Double?] = []
        XCTAssertTrue(poll(timeout: .seconds(20)) {
            let look = durations.apply(to: controller.look(state: state, now: 2), state: state)
            shown = look?.playlistPanel?.entries.map(\.duration) ?? []
            return !shown.contains(nil)
        }, "durations shown: \(shown)")
        for (duration, length) in zip(shown, lengths) {
            XCTAssertEqual(try XCTUnwrap(duration), length, accuracy: 0.1)
        }
        let look = try XCTUnwrap(durations.apply(to: controller.look(state: state, now: 2), state: state)?.playlistPanel)
        XCTAssertEqual(look.entries.compactMap(PlaylistPanel.durationText(of:)), ["0:02", "0:03", "0:05"])
        XCTAssertNil(state.playlist[1].duration, "the playlist itself learns a duration only from an open")
    }

    /// Ten thousand entries: only those in view and a page either side are read, those in
    /// view first.
    func testALongPlaylistHasOnlyTheRowsNearThoseInViewRead() throws {
        var state = PlayerState()
        state.playlist = (0..<10_000).map { PlaylistItem(path: "/media/series/e\($0).mkv", id: $0 + 1) }
        state.playlistPosition = 5_000
        let controller = try openedPanel(state)
        let reads = Locked([String]())
        let source = PlaylistDurations(onReady: {}, lowPriority: false, probe: { path, _ in
            reads.withLock { $0.append(path) }
            return 61
        })
        defer { source.stop() }
        let durations = PlaylistPanelDurations(source: source)
        let visible = try XCTUnwrap(controller.look(state: state, now: 2)?.playlistPanel).layout.visibleRows
        XCTAssertTrue(visible.contains(5_000))
        XCTAssertTrue(poll(timeout: .seconds(20)) {
            durations.apply(to: controller.look(state: state, now: 2), state: state)?.playlistPanel?.entries
                .allSatisfy { $0.duration == 61 } == true
        })
        let wanted = Set(PlaylistDurations.rows(visible: visible, count: 10_000).map { state.playlist[$0].path })
        XCTAssertTrue(poll(timeout: .seconds(20)) { reads.withLock { $0.count } >= wanted.count })
        let read = reads.withLock { $0 }
        XCTAssertEqual(read.count, wanted.count, "each read once")
        XCTAssertEqual(Set(read), wanted, "read only near the rows in view")
        XCTAssertEqual(Array(read.prefix(visible.count)), visible.map { state.playlist[$0].path }, "the rows in view first")
    }

    /// Closing the panel leaves what was not read yet.
    func testAClosedPanelAsksForNothing() throws {
        var state = PlayerState()
        state.playlist = (0..<100).map { PlaylistItem(path: "/media/series/e\($0).mkv", id: $0 + 1) }
        let controller = try openedPanel(state)
        let started = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        let reads = Locked(0)
        let source = PlaylistDurations(onReady: {}, lowPriority: false, probe: { _, _ in
            if reads.withLock({ $0 += 1; return $0 }) == 1 {
                started.signal()
                release.wait()
            }
            return 61
        })
        defer { source.stop() }
        let durations = PlaylistPanelDurations(source: source)
        _ = durations.apply(to: controller.look(state: state, now: 2), state: state)
        XCTAssertEqual(started.wait(timeout: .now() + 10), .success)
        var closed = controller
        _ = closed.handleKey(OverlayKeyPress(.key(.escape)), state: state, now: 3)
        XCTAssertNil(durations.apply(to: closed.look(state: state, now: 3), state: state)?.playlistPanel)
        release.signal()
        let first = "/media/series/e0.mkv"
        XCTAssertTrue(poll(timeout: .seconds(10)) { source.duration(of: first) != nil }, "the read under way ends")
        // The prober is idle: it has nothing more to read.
        XCTAssertEqual(reads.withLock { $0 }, 1)
    }

    /// A local path a network playlist listed may not be opened, not even for its header.
    func testEntriesANetworkPlaylistListedAreNotRead() throws {
        let list = Source("http://127.0.0.1:1/list.m3u")
        var state = PlayerState()
        state.playlist = [PlaylistItem(path: "/media/series/e0.mkv", id: 1),
                          PlaylistItem(source: Source(entry: "/media/series/e1.mkv", listedBy: list), id: 2),
                          PlaylistItem(path: "http://127.0.0.1:1/e2.mkv", id: 3),
                          PlaylistItem(path: "/media/series/e3.mkv", id: 4)]
        let controller = try openedPanel(state)
        let reads = Locked([String]())
        let source = PlaylistDurations(onReady: {}, lowPriority: false, probe: { path, _ in
            reads.withLock { $0.append(path) }
            return 61
        })
        defer { source.stop() }
        let durations = PlaylistPanelDurations(source: source)
        XCTAssertTrue(poll(timeout: .seconds(10)) {
            durations.apply(to: controller.look(state: state, now: 2), state: state)?.playlistPanel?.entries.last?.duration == 61
        })
        XCTAssertEqual(reads.withLock { $0 }, ["/media/series/e0.mkv", "/media/series/e3.mkv"])
    }
}
