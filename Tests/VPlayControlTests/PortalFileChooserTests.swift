import Foundation
import TestSupport
import VPlayCore
import XCTest
@testable import VPlayControl

/// The portal file chooser against a stand-in portal (python3-dbusmock) on a private bus.
final class PortalFileChooserTests: XCTestCase {
    private typealias Options = PortalFileChooserOptions

    private func requireTools() throws {
        try XCTSkipIf(ChildProcess.locate("dbus-daemon") == nil, "needs dbus-daemon (run `make setup`)")
        try XCTSkipUnless(PortalStandIn.isAvailable, "needs python3-dbusmock (run `make setup`)")
    }

    private func choose(environment: [String: String], answerTimeout: Duration = .seconds(60)) -> (Result<FileChoice, PortalUnavailable>?, Duration) {
        let done = expectation(description: "the chooser answered")
        let result = Locked<Result<FileChoice, PortalUnavailable>?>(nil)
        let start = ContinuousClock.now
        PortalFileChooser(title: "Open files", environment: environment, replyTimeout: .seconds(20),
                          answerTimeout: answerTimeout).request { answer in
            result.withLock { $0 = answer }
            done.fulfill()
        }
        wait(for: [done], timeout: 60)
        return (result.withLock { $0 }, ContinuousClock.now - start)
    }

    func testTheFilesPickedComeBackAsPaths() throws {
        try requireTools()
        let bus = try PrivateBus()
        let portal = try PortalStandIn(on: bus, title: "Open files", response: (0, ["file:///tmp/a%20b.mkv", "file:///tmp/c.srt"]))
        defer { withExtendedLifetime(portal) {} }
        let (result, _) = choose(environment: bus.environment)
        XCTAssertEqual(try result?.get(), .chosen(["/tmp/a b.mkv", "/tmp/c.srt"]))
    }

    func testClosingTheChooserIsACancel() throws {
        try requireTools()
        let bus = try PrivateBus()
        let portal = try PortalStandIn(on: bus, title: "Open files", response: (1, []))
        defer { withExtendedLifetime(portal) {} }
        let (result, _) = choose(environment: bus.environment)
        XCTAssertEqual(try result?.get(), .cancelled)
    }

    func testAPortalThatNeverAnswersTimesOutAndIsClosed() throws {
        try requireTools()
        let bus = try PrivateBus()
        let portal = try PortalStandIn(on: bus, title: "Open files", response: nil)
        let (result, elapsed) = choose(environment: bus.environment, answerTimeout: .seconds(1))
        guard case .failure(let error)? = result else { return XCTFail("no failure: \(String(describing: result))") }
        XCTAssertTrue(error.description.contains("did not answer"), error.description)
        XCTAssertLessThan(elapsed, .seconds(30))
        XCTAssertTrue(portal.process.waitForOutput(containing: " Close", timeout: .seconds(10)), "the request was not closed")
    }

    func testNoPortalOnTheBusIsUnavailable() throws {
        try requireTools()
        let bus = try PrivateBus()
        let (result, elapsed) = choose(environment: bus.environment)
        guard case .failure(let error)? = result else { return XCTFail("no failure: \(String(describing: result))") }
        XCTAssertTrue(error.description.contains("ServiceUnknown"), error.description)
        XCTAssertLessThan(elapsed, .seconds(15), "an absent portal must be reported at once")
    }

    func testWithoutAPortalAChainGoesOnToTheNextChooser() {
        struct Answering: FileChooser {
            func chooseFiles(done: @escaping @Sendable (FileChoice) -> Void) { done(.chosen(["/next.mkv"])) }
        }
        let done = expectation(description: "the chain answered")
        let answer = Locked<FileChoice?>(nil)
        FileChooserChain([PortalFileChooser(environment: [:]), Answering()]).chooseFiles { choice in
            answer.withLock { $0 = choice }
            done.fulfill()
        }
        wait(for: [done], timeout: 30)
        XCTAssertEqual(answer.withLock { $0 }, .chosen(["/next.mkv"]))
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
        let result = Locked<Result<FileChoice, PortalUnavailable>?>(nil)
        let start = ContinuousClock.now
        PortalFileChooser(title: "Open files", environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=\(path)"],
                          replyTimeout: .seconds(1)).request { answer in
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
