import Foundation
import TestSupport
import VPlayCore
import XCTest
@testable import VPlayControl

/// The portal file chooser against a stand-in portal (python3-dbusmock) on a private bus.
final class PortalFileChooserTests: XCTestCase {
    private static let python = "/usr/bin/python3"
    private typealias Options = PortalFileChooserOptions

    private struct NotStarted: Error, CustomStringConvertible {
        let description: String
    }

    private func requireTools() throws {
        try XCTSkipIf(ChildProcess.locate("dbus-daemon") == nil, "needs dbus-daemon (run `make setup`)")
        let probe = try ChildProcess.run(Self.python, ["-c", "import dbusmock"], timeout: .seconds(20))
        try XCTSkipUnless(probe.succeeded, "needs python3-dbusmock (run `make setup`)")
    }

    /// The portal stand-in on `bus`, once it owns the portal's name; its `OpenFile` runs `code`
    /// (dbusmock's Python: `args`, `self`, `objects`, `dbus`; `ret` is the request path).
    private func startPortal(on bus: PrivateBus, openFile code: String) throws -> RunningProcess {
        let mock = try bus.launch(Self.python, ["-m", "dbusmock", Options.service, Options.objectPath, Options.interface])
        let deadline = ContinuousClock.now + .seconds(20)
        while true {
            let owned = try bus.run("dbus-send", ["--session", "--print-reply", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
                                                  "org.freedesktop.DBus.NameHasOwner", "string:\(Options.service)"])
            if owned.outputText.contains("boolean true") { break }
            guard ContinuousClock.now < deadline else {
                let result = mock.waitForExit(timeout: .seconds(2))
                throw NotStarted(description: "the portal stand-in did not start: \(result.errorText)")
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        try bus.run("dbus-send", ["--session", "--print-reply", "--dest=\(Options.service)", Options.objectPath,
                                  "org.freedesktop.DBus.Mock.AddMethod", "string:\(Options.interface)", "string:OpenFile",
                                  "string:ssa{sv}", "string:o", "string:\(code)"]).requireSuccess()
        return mock
    }

    /// Checks what a portal is asked, then publishes the request object (with `Close`).
    private static let checkCall = """
    options = args[2]
    assert args[1] == 'Open files', args[1]
    assert options['multiple'] == True, 'multiple is not true'
    assert [f[0] for f in options['filters']] == ['Video', 'Audio', 'Subtitles', 'All files'], options['filters']
    assert ('*.srt' in [p[1] for p in options['filters'][2][1]]), options['filters'][2]
    path = '/org/freedesktop/portal/desktop/request/mock/' + options['handle_token']
    self.AddObject(path, 'org.freedesktop.portal.Request', {}, [('Close', '', '', '')])
    ret = dbus.ObjectPath(path)
    """

    private static func answering(_ code: UInt32, uris: [String]) -> String {
        checkCall + "\n" + """
        objects[path].EmitSignal('org.freedesktop.portal.Request', 'Response', 'ua{sv}',
            [dbus.UInt32(\(code)), {'uris': dbus.Array(\(uris), signature='s')}])
        """
    }

    private func choose(environment: [String: String], answerTimeout: Duration = .seconds(60)) -> (Result<FileChoice, FileChooserUnavailable>?, Duration) {
        let done = expectation(description: "the chooser answered")
        let result = Locked<Result<FileChoice, FileChooserUnavailable>?>(nil)
        let start = ContinuousClock.now
        PortalFileChooser.chooseFiles(title: "Open files", environment: environment, replyTimeout: .seconds(20),
                                      answerTimeout: answerTimeout) { answer in
            result.withLock { $0 = answer }
            done.fulfill()
        }
        wait(for: [done], timeout: 60)
        return (result.withLock { $0 }, ContinuousClock.now - start)
    }

    func testTheFilesPickedComeBackAsPaths() throws {
        try requireTools()
        let bus = try PrivateBus()
        let portal = try startPortal(on: bus, openFile: Self.answering(0, uris: ["file:///tmp/a%20b.mkv", "file:///tmp/c.srt"]))
        defer { portal.terminate() }
        let (result, _) = choose(environment: bus.environment)
        XCTAssertEqual(try result?.get(), .chosen(["/tmp/a b.mkv", "/tmp/c.srt"]))
    }

    func testClosingTheChooserIsACancel() throws {
        try requireTools()
        let bus = try PrivateBus()
        let portal = try startPortal(on: bus, openFile: Self.answering(1, uris: []))
        defer { portal.terminate() }
        let (result, _) = choose(environment: bus.environment)
        XCTAssertEqual(try result?.get(), .cancelled)
    }

    func testAPortalThatNeverAnswersTimesOutAndIsClosed() throws {
        try requireTools()
        let bus = try PrivateBus()
        let portal = try startPortal(on: bus, openFile: Self.checkCall)
        defer { portal.terminate() }
        let (result, elapsed) = choose(environment: bus.environment, answerTimeout: .seconds(1))
        guard case .failure(let error)? = result else { return XCTFail("no failure: \(String(describing: result))") }
        XCTAssertTrue(error.description.contains("did not answer"), error.description)
        XCTAssertLessThan(elapsed, .seconds(30))
        XCTAssertTrue(portal.waitForOutput(containing: " Close", timeout: .seconds(10)), "the request was not closed")
    }

    func testNoPortalOnTheBusIsUnavailable() throws {
        try requireTools()
        let bus = try PrivateBus()
        let (result, elapsed) = choose(environment: bus.environment)
        guard case .failure(let error)? = result else { return XCTFail("no failure: \(String(describing: result))") }
        XCTAssertTrue(error.description.contains("ServiceUnknown"), error.description)
        XCTAssertLessThan(elapsed, .seconds(15), "an absent portal must be reported at once")
    }

    func testNoSessionBusIsUnavailable() {
        let (result, _) = choose(environment: [:])
        guard case .failure(let error)? = result else { return XCTFail("no failure: \(String(describing: result))") }
        XCTAssertTrue(error.description.contains("no session bus"), error.description)
    }

    func testABusThatNeverAnswersTimesOut() throws {
        let bus = try SilentBus()
        let path = bus.path

        let done = expectation(description: "the chooser answered")
        let result = Locked<Result<FileChoice, FileChooserUnavailable>?>(nil)
        let start = ContinuousClock.now
        PortalFileChooser.chooseFiles(title: "Open files", environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=\(path)"],
                                      replyTimeout: .seconds(1)) { answer in
            result.withLock { $0 = answer }
            done.fulfill()
        }
        wait(for: [done], timeout: 30)
        guard case .failure(let error)? = result.withLock({ $0 }) else { return XCTFail("no failure") }
        XCTAssertTrue(error.description.contains("did not answer"), error.description)
        XCTAssertLessThan(ContinuousClock.now - start, .seconds(15))
    }

    func testAnAnswerReads() {
        XCTAssertEqual(Options.choice(from: [.uint32(2), .dictionary(value: "v", [:])]), .cancelled)
        XCTAssertEqual(Options.path(of: "https://example.com/a.mkv"), "https://example.com/a.mkv")
    }
}
