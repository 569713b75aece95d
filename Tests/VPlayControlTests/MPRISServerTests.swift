import Foundation
import VPlayCore
import XCTest
@testable import VPlayControl

/// The service's own thread against buses that are not there or do not answer.
final class MPRISServerTests: XCTestCase {
    func testNoSessionBusIsOneLineAndNoService() {
        let lines = Locked<[String]>([])
        let server = MPRISServer.start(channel: PlayerChannel(), environment: [:]) { line in lines.withLock { $0.append(line) } }
        XCTAssertNil(server)
        XCTAssertEqual(lines.withLock { $0.count }, 1)
    }

    func testABusThatNeverAnswersDelaysNeitherTheStartNorTheStop() throws {
        let bus = try SilentBus()
        let channel = PlayerChannel()
        let start = ContinuousClock.now
        let server = try XCTUnwrap(MPRISServer.start(channel: channel, environment: bus.environment) { _ in })
        XCTAssertLessThan(ContinuousClock.now - start, .milliseconds(500), "starting waited for the bus")
        // The player goes on: states and events go in as usual.
        for position in stride(from: 0.0, to: 1, by: 0.1) {
            var state = PlayerState()
            state.path = "/a.mkv"
            state.position = position
            channel.publish(state)
            channel.emit(.playbackRestart)
            server.stateDidChange(state)
        }
        let stopping = ContinuousClock.now
        server.stop()
        XCTAssertLessThan(ContinuousClock.now - stopping, .seconds(3), "stopping waited for the bus")
    }
}
