import Foundation
import TestSupport
import XCTest
@testable import VPlayCore

/// The idle window reads and changes the watch history through the session, on the thread
/// that records files as they end: a file just left is in what is read next, and a file
/// forgotten is gone from what is read after.
final class RecentListHistoryTests: XCTestCase {
    private var folder: TemporaryFolder!
    private var historyFile: URL { URL(fileURLWithPath: folder["history.jsonl"]) }

    override func setUpWithError() throws {
        folder = try TemporaryFolder("vplay-recent-history")
    }

    override func tearDown() {
        folder.remove()
    }

    private func session(_ files: [String] = [], keepsHistory: Bool = true) -> Session {
        var configuration = Session.Configuration()
        configuration.idles = true
        configuration.playlist.savesHistory = keepsHistory
        configuration.playlist.historyFile = historyFile
        let clock = FakeClock()
        return Session(files: files, settings: Settings(options: PlayerOptions()), configuration: configuration,
                       opener: { source, options, interrupt throws(PlayerError) in
                           try Player(source: source, options: options, audioDevice: nil, wake: {}, monotonic: { clock.time },
                                      interrupt: interrupt)
                       },
                       wake: {}, monotonic: { clock.time })
    }

    /// The newest paths as read on the history's thread (after forgetting `path`); nil when the
    /// session keeps no history.
    private func read(_ session: Session, forgetting path: String? = nil) -> [String]? {
        let found = Locked<[String]>([]), done = DispatchSemaphore(value: 0)
        let read: @Sendable (WatchHistory) -> Void = { history in
            found.withLock { $0 = history.recent(limit: 6).map(\.path) }
            done.signal()
        }
        let started = if let path { session.forgetInHistory(path, then: read) } else { session.withHistory(read) }
        guard started else { return nil }
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success, "the history's thread never ran it")
        return found.withLock { $0 }
    }

    func testAFileJustLeftIsInTheNextReading() throws {
        let clip = try MediaFactory.clip(.av(seconds: 4)).path
        let session = session([clip])
        session.start()
        XCTAssertTrue(poll(timeout: .seconds(20)) {
            session.update()
            if case .playing = session.phase { return true }
            return false
        }, "the clip does not open")
        session.apply(.stop)
        XCTAssertEqual(session.phase, .idle)
        // Asked at once: the record, queued first, is written before the reading.
        XCTAssertEqual(read(session), [clip])
    }

    func testAForgottenFileIsGoneFromTheReadingAfterAndFromTheFile() throws {
        let history = WatchHistory(file: historyFile)
        for name in ["a", "b", "c"] {
            try history.record(WatchHistory.Entry(path: "/films/\(name).mkv", title: name, position: 5, duration: 60))
        }
        let session = session()
        XCTAssertEqual(read(session), ["/films/c.mkv", "/films/b.mkv", "/films/a.mkv"])
        XCTAssertEqual(read(session, forgetting: "/films/c.mkv"), ["/films/b.mkv", "/films/a.mkv"])
        XCTAssertEqual(WatchHistory(file: historyFile).recent(limit: 10).map(\.path), ["/films/b.mkv", "/films/a.mkv"])
        XCTAssertEqual(read(session, forgetting: "/films/none.mkv"), ["/films/b.mkv", "/films/a.mkv"])
    }

    func testWithoutAHistoryNothingIsReadOrForgotten() throws {
        try WatchHistory(file: historyFile).record(WatchHistory.Entry(path: "/films/a.mkv", title: "a", position: 5, duration: 60))
        let session = session(keepsHistory: false)
        XCTAssertNil(session.history)
        XCTAssertNil(read(session))
        XCTAssertNil(read(session, forgetting: "/films/a.mkv"))
        XCTAssertEqual(WatchHistory(file: historyFile).recent(limit: 10).map(\.path), ["/films/a.mkv"])
    }
}
