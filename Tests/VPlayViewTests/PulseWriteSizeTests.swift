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

    /// Once the sound runs out, the silence waits until the server holds no more than a buffer
    /// (as low as its queue runs between two requests): sound that follows within that time is
    /// written right behind the end.
    func testSilenceWaitsUntilTheServerHoldsNoMoreThanABuffer() throws {
        let buffer = 1024.0 / 48000
        XCTAssertEqual(try XCTUnwrap(PulseAudioOutput.silenceWait(latency: 0.040, bufferSeconds: buffer)),
                       0.040 - buffer, accuracy: 1e-9)
        XCTAssertNil(PulseAudioOutput.silenceWait(latency: buffer, bufferSeconds: buffer), "no deeper than a buffer")
        XCTAssertNil(PulseAudioOutput.silenceWait(latency: 0.005, bufferSeconds: buffer))
        XCTAssertNil(PulseAudioOutput.silenceWait(latency: nil, bufferSeconds: buffer), "the server has not told yet")
    }
}
