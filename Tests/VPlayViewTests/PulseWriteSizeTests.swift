import XCTest
@testable import VPlayView

/// How much the PulseAudio writer renders and sends at a time: what the server asks for while
/// sound flows (one write per request); quarter buffers when a silence starts, so that sound
/// coming back follows a short slice of silence; requests again once a silence lasts.
final class PulseWriteSizeTests: XCTestCase {
    func testRequestsExceptAtTheStartOfASilence() {
        let buffer = 4096
        XCTAssertEqual(PulseAudioOutput.fillBytes(silentFills: 0, bufferBytes: buffer), 2048,
                       "sound flowing: a request per write, no wake-up for half of one")
        XCTAssertEqual(PulseAudioOutput.fillBytes(silentFills: 1, bufferBytes: buffer), 1024)
        XCTAssertEqual(PulseAudioOutput.fillBytes(silentFills: 20, bufferBytes: buffer), 1024)
        XCTAssertEqual(PulseAudioOutput.fillBytes(silentFills: 21, bufferBytes: buffer), 2048,
                       "a long silence (a stalled read) in requests: fewer wake-ups")
    }
}
