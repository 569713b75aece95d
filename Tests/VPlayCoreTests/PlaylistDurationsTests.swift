import Foundation
import Glibc
import TestSupport
import XCTest
@testable import VPlayCore

final class PlaylistDurationsTests: XCTestCase {
    // MARK: Which rows, in which order

    func testTheRowsInViewComeFirstThenAPageEitherSideNearestFirst() {
        XCTAssertEqual(PlaylistDurations.rows(visible: 10..<13, count: 100), [10, 11, 12, 13, 9, 14, 8, 15, 7])
    }

    func testTheRowsStopAtTheEndsOfTheList() {
        XCTAssertEqual(PlaylistDurations.rows(visible: 0..<3, count: 4), [0, 1, 2, 3])
        XCTAssertEqual(PlaylistDurations.rows(visible: 2..<5, count: 4), [2, 3, 1, 0])
        XCTAssertEqual(PlaylistDurations.rows(visible: 0..<5, count: 0), [])
    }

    /// However long the playlist, only the rows near those in view are asked for.
    func testALongPlaylistAsksOnlyForTheRowsNearThoseInView() {
        let rows = PlaylistDurations.rows(visible: 5_000..<5_020, count: 10_000)
        XCTAssertEqual(rows.count, 60)
        XCTAssertEqual(rows.min(), 4_980)
        XCTAssertEqual(rows.max(), 5_039)
        XCTAssertEqual(Set(rows).count, rows.count)
    }

    // MARK: What is read and kept

    func testWishesAreReadInOrderAndWhatIsLearnedIsNotReadAgain() {
        var wishes = DurationWishes()
        wishes.want(["a", "b", "c"])
        XCTAssertEqual(wishes.next(), "a")
        wishes.record("a", duration: 12)
        // Scrolled: the new wish replaces the old, and "a" is known already.
        wishes.want(["d", "a", "b"])
        XCTAssertEqual(wishes.next(), "d")
        wishes.record("d", duration: nil)
        XCTAssertEqual(wishes.next(), "b")
        wishes.record("b", duration: 3)
        XCTAssertNil(wishes.next())
        XCTAssertFalse(wishes.hasWork)
        XCTAssertEqual(wishes.duration(of: "a"), 12)
        XCTAssertNil(wishes.duration(of: "d"), "no duration in its header")
        XCTAssertNil(wishes.duration(of: "c"), "never read: scrolled away before its turn")
        wishes.want(["a", "d"])
        XCTAssertFalse(wishes.hasWork, "a file read once, with or without a duration, is not read again")
    }

    func testTheProberReadsEachFileOnceAndKeepsItsDuration() {
        let reads = Locked([String]())
        let ready = DispatchSemaphore(value: 0)
        let durations = PlaylistDurations(onReady: { ready.signal() }, probe: { path, _ in
            reads.withLock { $0.append(path) }
            return path.hasSuffix("none") ? nil : Double(path.count)
        })
        defer { durations.stop() }
        durations.want(["/m/one", "/m/three", "http://host/not-local", "/m/none"])
        XCTAssertTrue(poll(timeout: .seconds(10)) { reads.withLock { $0.count } == 3 })
        XCTAssertEqual(durations.duration(of: "/m/one"), 6)
        XCTAssertEqual(durations.duration(of: "/m/three"), 8)
        XCTAssertNil(durations.duration(of: "/m/none"))
        XCTAssertEqual(reads.withLock { $0 }, ["/m/one", "/m/three", "/m/none"], "the order asked, local files only")
        durations.want(["/m/three", "/m/one", "/m/later"])
        XCTAssertTrue(poll(timeout: .seconds(10)) { durations.duration(of: "/m/later") != nil })
        XCTAssertEqual(reads.withLock { $0 }, ["/m/one", "/m/three", "/m/none", "/m/later"])
    }

    /// Stopping gives up a read in progress at once, however slow.
    func testStopInterruptsTheReadInProgress() {
        let started = DispatchSemaphore(value: 0)
        let durations = PlaylistDurations(onReady: {}, probe: { _, interrupt in
            started.signal()
            while !interrupt.isRaised { usleep(1000) }
            return nil
        })
        durations.want(["/m/slow"])
        XCTAssertEqual(started.wait(timeout: .now() + 10), .success)
        durations.stop()
        durations.stop()
    }

    // MARK: Real files

    func testTheHeaderGivesTheDurationOfRealFiles() throws {
        let clips: [(ClipSpec, Double)] = [(.av(seconds: 2), 2), (.av(seconds: 3.5), 3.5), (.audioOnlyMP3, 0)]
        for (spec, _) in clips {
            let url = try MediaFactory.clip(spec)
            let probed = try XCTUnwrap(DurationProbe.duration(of: url.path, interrupt: InterruptFlag()), url.lastPathComponent)
            let player = try Player(path: url.path, options: PlayerOptions(), audioDevice: nil, wake: {})
            defer { player.shutdown() }
            let opened = try XCTUnwrap(player.state.duration)
            XCTAssertEqual(probed, opened, accuracy: 0.1, "\(url.lastPathComponent): the header agrees with the open")
        }
        XCTAssertEqual(try XCTUnwrap(DurationProbe.duration(of: try MediaFactory.clip(.av(seconds: 3.5)).path,
                                                            interrupt: InterruptFlag())), 3.5, accuracy: 0.1)
    }

    func testWhatIsNotARegularMediaFileHasNoDuration() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vplay-durations-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = folder.appendingPathComponent("notes.mp4")
        try Data("not a video".utf8).write(to: text)
        let fifo = folder.appendingPathComponent("pipe.mp4").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        for path in [text.path, fifo, folder.path, folder.appendingPathComponent("missing.mkv").path,
                     "http://127.0.0.1:1/clip.mp4"] {
            XCTAssertNil(DurationProbe.duration(of: path, interrupt: InterruptFlag()), path)
        }
    }
}
