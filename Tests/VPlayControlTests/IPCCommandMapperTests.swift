import VPlayCore
import XCTest
@testable import VPlayControl

final class IPCCommandMapperTests: XCTestCase {
    private func map(_ name: String, _ arguments: JSONValue..., state: PlayerState = .playing) -> Result<IPCAction, IPCError> {
        map(IPCRequest(name: name, arguments: .positional(arguments)), state: state)
    }

    private func map(_ request: IPCRequest, state: PlayerState = .playing) -> Result<IPCAction, IPCError> {
        Result { () throws(IPCError) in try IPCCommandMapper.action(for: request, state: state, clientName: "ipc-3") }
    }

    func testInformation() {
        XCTAssertEqual(map("client_name"), .success(.reply(.string("ipc-3"))))
        XCTAssertEqual(map("get_version"), .success(.reply(.int(0x20003))))
        XCTAssertEqual(map("get_property", "pause"), .success(.reply(.bool(false))))
        XCTAssertEqual(map("get_property", "duration"), .success(.reply(.double(10))))
        XCTAssertEqual(map("get_property", "bogus"), .failure(.propertyNotFound))
        XCTAssertEqual(map("get_property"), .failure(.invalidParameter))
        XCTAssertEqual(map("get_property", .int(1)), .failure(.invalidParameter))
        XCTAssertEqual(map("client_name", "extra"), .failure(.invalidParameter))
    }

    func testSetProperty() {
        XCTAssertEqual(map("set_property", "pause", .bool(true)), .success(.perform(.setPaused(true))))
        XCTAssertEqual(map("set_property", "time-pos", .int(4)), .success(.perform(.seek(.absolute(4), .exact))))
        XCTAssertEqual(map("set_property", "volume", .int(500)), .failure(.invalidParameter))
        XCTAssertEqual(map("set_property", "bogus", .int(1)), .failure(.propertyNotFound))
        XCTAssertEqual(map("set_property", "pause"), .failure(.invalidParameter))
    }

    func testObservation() {
        XCTAssertEqual(map("observe_property", .int(1), "pause"), .success(.observe(id: 1, property: "pause")))
        XCTAssertEqual(map("observe_property", "1", "pause"), .success(.observe(id: 1, property: "pause")))
        XCTAssertEqual(map("observe_property", .int(1)), .failure(.invalidParameter))
        XCTAssertEqual(map("observe_property", "pause", .int(1)), .failure(.invalidParameter))
        XCTAssertEqual(map("unobserve_property", .int(1)), .success(.unobserve(id: 1)))
        XCTAssertEqual(map("unobserve_property"), .failure(.invalidParameter))
    }

    func testSeekFlags() {
        let cases: [(JSONValue?, PlayerCommand)] = [
            (nil, .seek(.relative(5), .exact)),
            ("relative", .seek(.relative(5), .exact)),
            ("absolute", .seek(.absolute(5), .exact)),
            ("absolute-percent", .seek(.absolutePercent(5), .exact)),
            ("relative-percent", .seek(.relativePercent(5), .exact)),
            ("absolute+exact", .seek(.absolute(5), .exact)),
            ("absolute+keyframes", .seek(.absolute(5), .keyframe)),
            ("keyframes", .seek(.relative(5), .keyframe)),
            ("exact+relative-percent", .seek(.relativePercent(5), .exact)),
            ("", .seek(.relative(5), .exact)),
        ]
        for (flags, command) in cases {
            let arguments: [JSONValue] = [.int(5)] + (flags.map { [$0] } ?? [])
            XCTAssertEqual(map(IPCRequest(name: "seek", arguments: .positional(arguments))), .success(.perform(command)), "\(String(describing: flags))")
        }
        XCTAssertEqual(map("seek", "-2.5"), .success(.perform(.seek(.relative(-2.5), .exact))))
        for bad in ["absolute+relative", "exact+keyframes", "sideways", "absolute+", "+exact"] {
            XCTAssertEqual(map("seek", .int(5), .string(bad)), .failure(.invalidParameter), bad)
        }
        XCTAssertEqual(map("seek"), .failure(.invalidParameter))
        XCTAssertEqual(map("seek", "soon"), .failure(.invalidParameter))
        XCTAssertEqual(map("seek", .int(1), .int(2)), .failure(.invalidParameter))
    }

    /// mpv's older form: the precision as a third argument after the mode.
    func testSeekWithPrecisionAsThirdArgument() {
        let cases: [([JSONValue], PlayerCommand)] = [
            ([.int(1), "relative", "exact"], .seek(.relative(1), .exact)),
            ([.int(1), "relative", "keyframes"], .seek(.relative(1), .keyframe)),
            ([.int(30), "absolute", "keyframes"], .seek(.absolute(30), .keyframe)),
            ([.int(50), "absolute-percent", "default-precise"], .seek(.absolutePercent(50), .exact)),
            ([.int(1), "keyframes", "unused"], .seek(.relative(1), .keyframe)),
            ([.int(1), "relative+exact", "exact"], .seek(.relative(1), .exact)),
        ]
        for (arguments, command) in cases {
            XCTAssertEqual(map(IPCRequest(name: "seek", arguments: .positional(arguments))), .success(.perform(command)), "\(arguments)")
        }
        XCTAssertEqual(map("seek", .int(1), "relative", "sideways"), .failure(.invalidParameter))
        XCTAssertEqual(map("seek", .int(1), "keyframes", "exact"), .failure(.invalidParameter))
        XCTAssertEqual(map("seek", .int(1), "relative", "exact", "more"), .failure(.invalidParameter))
        let named = IPCRequest(name: "seek", arguments: .named(["target": .int(2), "flags": "relative", "legacy": "keyframes"]))
        XCTAssertEqual(map(named), .success(.perform(.seek(.relative(2), .keyframe))))
    }

    func testNamedSeek() {
        let request = IPCRequest(name: "seek", arguments: .named(["target": .int(10), "flags": "absolute"]))
        XCTAssertEqual(map(request), .success(.perform(.seek(.absolute(10), .exact))))
    }

    func testSetAddCycle() {
        XCTAssertEqual(map("set", "pause", "yes"), .success(.perform(.setPaused(true))))
        XCTAssertEqual(map("set", "volume", "50"), .success(.perform(.setVolume(50))))
        XCTAssertEqual(map("set", "volume", "500"), .failure(.commandFailed))
        XCTAssertEqual(map("set", "bogus", "1"), .failure(.commandFailed))
        XCTAssertEqual(map("add", "volume", .int(-5)), .success(.perform(.adjust(property: "volume", .add(-5)))))
        XCTAssertEqual(map("add", "volume"), .success(.perform(.adjust(property: "volume", .add(1)))))
        XCTAssertEqual(map("add", "time-pos", .int(10)), .success(.perform(.adjust(property: "time-pos", .add(10)))))
        XCTAssertEqual(map("add", "speed", .double(0.5)), .success(.perform(.adjust(property: "speed", .add(0.5)))))
        XCTAssertEqual(map("add", "pause"), .failure(.commandFailed))
        XCTAssertEqual(map("add", "bogus"), .failure(.commandFailed))
        XCTAssertEqual(map("add", "volume", "lots"), .failure(.invalidParameter))
        XCTAssertEqual(map("multiply", "speed", .int(2)), .success(.perform(.adjust(property: "speed", .multiply(2)))))
        XCTAssertEqual(map("multiply", "speed"), .failure(.invalidParameter))
        XCTAssertEqual(map("multiply", "speed", "lots"), .failure(.invalidParameter))
        XCTAssertEqual(map("multiply", "mute", .int(2)), .failure(.commandFailed))
        XCTAssertEqual(map("cycle", "pause"), .success(.perform(.adjust(property: "pause", .cycle(up: true)))))
        XCTAssertEqual(map("cycle", "mute", "down"), .success(.perform(.adjust(property: "mute", .cycle(up: false)))))
        XCTAssertEqual(map("cycle", "fullscreen", "up"), .success(.perform(.adjust(property: "fullscreen", .cycle(up: true)))))
        XCTAssertEqual(map("cycle", "volume"), .failure(.commandFailed))
        XCTAssertEqual(map("cycle", "pause", "sideways"), .failure(.invalidParameter))
    }

    func testOtherCommands() {
        XCTAssertEqual(map("quit"), .success(.perform(.quit(code: 0))))
        XCTAssertEqual(map("quit", .int(3)), .success(.perform(.quit(code: 3))))
        XCTAssertEqual(map("quit", .int(256)), .failure(.invalidParameter))
        XCTAssertEqual(map("frame-step"), .success(.perform(.frameStep)))
        XCTAssertEqual(map("frame-back-step"), .success(.perform(.frameBackStep)))
        XCTAssertEqual(map("show-text", "hello"), .success(.perform(.showText("hello", seconds: 1))))
        XCTAssertEqual(map("show-text", "hello", .int(2500)), .success(.perform(.showText("hello", seconds: 2.5))))
        XCTAssertEqual(map("show-text", "hello", .int(-1)), .success(.perform(.showText("hello", seconds: 1))))
        XCTAssertEqual(map("show-text"), .failure(.invalidParameter))
        XCTAssertEqual(map("keypress", "q"), .failure(.invalidParameter))
        XCTAssertEqual(map("bogus"), .failure(.invalidParameter))
    }
}
