import VPlayCore
import XCTest
@testable import VPlayControl

final class IPCSessionTests: XCTestCase {
    private var session = IPCSession(clientName: "ipc-0")

    private func handle(_ line: String, _ state: PlayerState = .playing) -> IPCSession.Response {
        session.handle(Array(line.utf8), state: state)
    }

    func testRepliesEchoTheRequestID() {
        XCTAssertEqual(handle(#"{"command":["get_property","volume"],"request_id":12}"#).messages,
                       [.object(["request_id": .int(12), "error": "success", "data": .double(100)])])
        XCTAssertEqual(handle(#"{"command":["get_property","duration"]}"#, PlayerState()).messages,
                       [.object(["request_id": .int(0), "error": "property unavailable"])])
    }

    func testCommandsAreReturnedForTheChannel() {
        let response = handle(#"{"command":["cycle","pause"],"request_id":1}"#)
        XCTAssertEqual(response.commands, [.adjust(property: "pause", .cycle(up: true))])
        XCTAssertEqual(response.messages, [.object(["request_id": .int(1), "error": "success"])])
    }

    func testMalformedLinesGetAnError() {
        for line in ["garbage", "{", "[]", "{}", #"{"command":["#, #"{"command":[42]}"#] {
            let response = handle(line)
            XCTAssertEqual(response.messages, [.object(["request_id": .int(0), "error": "invalid parameter"])], line)
            XCTAssertEqual(response.commands, [])
        }
        XCTAssertEqual(handle(#"{"command":"x","request_id":4}"#).messages,
                       [.object(["request_id": .int(4), "error": "invalid parameter"])])
    }

    func testBlankLinesGetNoAnswer() {
        XCTAssertEqual(handle(""), IPCSession.Response())
        XCTAssertEqual(handle(" \t\r"), IPCSession.Response())
    }

    func testObserveSendsTheCurrentValueThenOnlyChanges() {
        var state = PlayerState.playing
        XCTAssertEqual(handle(#"{"command":["observe_property",1,"pause"],"request_id":2}"#, state).messages, [
            .object(["request_id": .int(2), "error": "success"]),
            .object(["event": "property-change", "id": .int(1), "name": "pause", "data": .bool(false)]),
        ])
        XCTAssertEqual(session.propertyChanges(in: state), [])
        state.position = 4
        XCTAssertEqual(session.propertyChanges(in: state), [], "pause did not change")
        state.isPaused = true
        XCTAssertEqual(session.propertyChanges(in: state),
                       [.object(["event": "property-change", "id": .int(1), "name": "pause", "data": .bool(true)])])
        XCTAssertEqual(session.propertyChanges(in: state), [])
    }

    func testUnavailableValuesChangeWithoutData() {
        var state = PlayerState.playing
        _ = handle(#"{"command":["observe_property",5,"duration"]}"#, state)
        state.duration = nil
        XCTAssertEqual(session.propertyChanges(in: state),
                       [.object(["event": "property-change", "id": .int(5), "name": "duration"])])
        state.duration = 20
        XCTAssertEqual(session.propertyChanges(in: state),
                       [.object(["event": "property-change", "id": .int(5), "name": "duration", "data": .double(20)])])
    }

    func testUnobserveStopsEveryPropertyWithThatID() {
        var state = PlayerState.playing
        _ = handle(#"{"command":["observe_property",1,"volume"]}"#, state)
        _ = handle(#"{"command":["observe_property",1,"mute"]}"#, state)
        _ = handle(#"{"command":["observe_property",2,"speed"]}"#, state)
        _ = handle(#"{"command":["unobserve_property",1]}"#, state)
        state.volume = 50
        state.isMuted = true
        state.speed = 2
        XCTAssertEqual(session.propertyChanges(in: state),
                       [.object(["event": "property-change", "id": .int(2), "name": "speed", "data": .double(2)])])
    }
}
