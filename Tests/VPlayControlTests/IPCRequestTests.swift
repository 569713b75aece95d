import XCTest
@testable import VPlayControl

final class IPCRequestTests: XCTestCase {
    private func request(_ text: String) throws -> IPCRequest {
        try IPCRequest(parsing: Array(text.utf8))
    }

    private func malformed(_ text: String) -> IPCRequest.Malformed? {
        do {
            _ = try request(text)
            return nil
        } catch let error as IPCRequest.Malformed {
            return error
        } catch {
            return nil
        }
    }

    func testPositionalForm() throws {
        XCTAssertEqual(
            try request(#"{"command":["seek", 10, "absolute"], "request_id": 42}"#),
            IPCRequest(id: .int(42), name: "seek", arguments: .positional([.int(10), .string("absolute")])))
    }

    func testNamedForm() throws {
        XCTAssertEqual(
            try request(#"{"command":{"name":"seek","target":10,"flags":"absolute"}}"#),
            IPCRequest(id: .int(0), name: "seek", arguments: .named(["target": .int(10), "flags": .string("absolute")])))
    }

    func testRequestIDIsEchoedAsGiven() throws {
        XCTAssertEqual(try request(#"{"command":["get_version"],"request_id":"abc"}"#).id, .string("abc"))
        XCTAssertEqual(try request(#"{"command":["get_version"]}"#).id, .int(0))
    }

    func testMalformedMessagesKeepTheRequestIDWhenThereIsOne() {
        XCTAssertEqual(malformed("not json"), IPCRequest.Malformed(id: .int(0)))
        XCTAssertEqual(malformed("[1,2]"), IPCRequest.Malformed(id: .int(0)))
        XCTAssertEqual(malformed(#"{"request_id":5}"#), IPCRequest.Malformed(id: .int(5)))
        XCTAssertEqual(malformed(#"{"command":[],"request_id":6}"#), IPCRequest.Malformed(id: .int(6)))
        XCTAssertEqual(malformed(#"{"command":[1],"request_id":7}"#), IPCRequest.Malformed(id: .int(7)))
        XCTAssertEqual(malformed(#"{"command":"pause","request_id":8}"#), IPCRequest.Malformed(id: .int(8)))
        XCTAssertEqual(malformed(#"{"command":{"target":1},"request_id":9}"#), IPCRequest.Malformed(id: .int(9)))
    }

    func testBindingArguments() throws {
        let positional = CommandArguments.positional([.int(1)])
        XCTAssertEqual(try positional.bind(["target", "flags"], required: 1), [.int(1), nil])
        XCTAssertThrowsError(try positional.bind(["target", "flags"], required: 2))
        XCTAssertThrowsError(try positional.bind([], required: 0))
        let named = CommandArguments.named(["flags": .string("absolute"), "target": .int(3)])
        XCTAssertEqual(try named.bind(["target", "flags"], required: 1), [.int(3), .string("absolute")])
        XCTAssertThrowsError(try CommandArguments.named(["bogus": .int(1)]).bind(["target"], required: 0))
        XCTAssertThrowsError(try CommandArguments.named([:]).bind(["target"], required: 1))
    }
}
