import Foundation
import TestSupport
import XCTest
@testable import VPlayCore

/// A source that turns out to be a list of entries (a web page's playlist) takes its place in
/// the playlist, whether it was the entry reached or a file loaded beside the one playing.
final class SessionPlaylistPageTests: XCTestCase {
    private func session(listing entries: [String], as page: String) -> Session {
        var options = PlayerOptions()
        options.web.enabled = false
        options.audioEnabled = false
        var configuration = Session.Configuration()
        configuration.options = options
        configuration.playlist.savesHistory = false
        return Session(files: [page], settings: Settings(options: options), configuration: configuration,
                       opener: { source, options, interrupt throws(PlayerError) in
                           if source.text == page { throw .listsEntries(page, entries) }
                           return try Player(source: source, options: options, audioDevice: nil, wake: {}, interrupt: interrupt)
                       },
                       wake: {})
    }

    private func run(_ session: Session, until condition: () -> Bool) -> Bool {
        poll(timeout: .seconds(20), interval: 0.005) {
            _ = session.player?.tick()
            session.update()
            _ = session.takeEvents()
            return condition()
        }
    }

    private func playing(_ session: Session) -> String? {
        if case .playing(let item) = session.phase { return item.path }
        return nil
    }

    func testAListedPageIsReplacedByItsEntries() throws {
        let first = try MediaFactory.clip(.av(seconds: 4)).path, second = try MediaFactory.clip(.videoOnly).path
        let session = session(listing: [first, second], as: "page")
        session.start()
        XCTAssertTrue(run(session) { playing(session) == first }, "the first entry does not play: \(session.phase)")
        XCTAssertEqual(session.playlist.items.map(\.path), [first, second])
        XCTAssertEqual(session.playlist.index, 0)
    }

    func testAListedPageLoadedBesideAFileReplacesIt() throws {
        let playing = try MediaFactory.clip(.av(seconds: 4)).path, listed = try MediaFactory.clip(.videoOnly).path
        let session = session(listing: [listed], as: "page")
        session.apply(.openFiles([playing]))
        XCTAssertTrue(run(session) { self.playing(session) == playing })
        session.apply(.loadFile("page"))
        XCTAssertTrue(run(session) { self.playing(session) == listed }, "the listed entry does not play: \(session.phase)")
        XCTAssertFalse(session.playlist.items.map(\.path).contains("page"))
        XCTAssertTrue(session.playlist.items.map(\.path).contains(listed))
    }

    func testAPageFromTheNetworkCannotListALocalFile() throws {
        let local = try MediaFactory.clip(.videoOnly).path
        let page = "https://pages.invalid/list"
        var options = PlayerOptions()
        options.web.enabled = false
        options.audioEnabled = false
        var configuration = Session.Configuration()
        configuration.options = options
        configuration.playlist.savesHistory = false
        let warnings = Locked([String]())
        let opened = Locked([String]())
        let session = Session(files: [page], settings: Settings(options: options), configuration: configuration,
                              opener: { source, options, interrupt throws(PlayerError) in
                                  if source.text == page { throw .listsEntries(page, [local, "file://" + local]) }
                                  opened.withLock { $0.append(source.text) }
                                  return try Player(source: source, options: options, audioDevice: nil, wake: {},
                                                    interrupt: interrupt)
                              },
                              wake: {}, warn: { line in warnings.withLock { $0.append(line) } })
        session.start()
        XCTAssertTrue(run(session) { session.exitCode != nil }, "the run does not end: \(session.phase)")
        XCTAssertEqual(session.exitCode, 1, "nothing could play")
        XCTAssertNil(session.player)
        XCTAssertEqual(opened.withLock { $0 }, [local, "file://" + local], "each entry was tried, as a network source")
        let refusals = warnings.withLock { $0 }.filter { $0.contains("a network source may not open a local file") }
        XCTAssertEqual(refusals.count, 2, "\(warnings.withLock { $0 })")
    }
}
