import VPlayCore
import XCTest
@testable import VPlayControl

final class IPCEventTranslatorTests: XCTestCase {
    func testEventsInMpvVocabulary() {
        var translator = IPCEventTranslator(initial: .playing)
        let cases: [(PlayerEvent, JSONValue)] = [
            (.fileLoaded, .object(["event": "file-loaded"])),
            (.seek, .object(["event": "seek"])),
            (.playbackRestart, .object(["event": "playback-restart"])),
            (.endFile(reason: .eof), .object(["event": "end-file", "reason": "eof"])),
            (.endFile(reason: .error), .object(["event": "end-file", "reason": "error"])),
            (.shutdown, .object(["event": "shutdown"])),
        ]
        for (event, message) in cases {
            XCTAssertEqual(translator.messages(for: event, state: .playing), [message])
        }
    }

    func testPauseFlipsBecomePauseAndUnpause() {
        var translator = IPCEventTranslator(initial: .playing)
        var state = PlayerState.playing
        XCTAssertEqual(translator.messages(for: nil, state: state), [])
        state.isPaused = true
        XCTAssertEqual(translator.messages(for: nil, state: state), [.object(["event": "pause"])])
        XCTAssertEqual(translator.messages(for: nil, state: state), [])
        state.isPaused = false
        XCTAssertEqual(translator.messages(for: .seek, state: state), [.object(["event": "unpause"]), .object(["event": "seek"])])
    }
}
