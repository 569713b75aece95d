import XCTest
@testable import VPlayView

/// How much the PulseAudio writer renders and sends at a time: whole buffers while sound flows
/// (one write per request of the server); quarter buffers when a silence starts, so that sound
/// coming back follows a short slice of silence; whole buffers once a silence lasts.
final class PulseWriteSizeTests: XCTestCase {
    func testWholeBuffersExceptAtTheStartOfASilence() {
        let buffer = 4096
        XCTAssertEqual(PulseAudioOutput.fillBytes(silentFills: 0, bufferBytes: buffer), buffer,
                       "sound flowing: a buffer per write, fewer wake-ups")
        XCTAssertEqual(PulseAudioOutput.fillBytes(silentFills: 1, bufferBytes: buffer), 1024)
        XCTAssertEqual(PulseAudioOutput.fillBytes(silentFills: 20, bufferBytes: buffer), 1024)
        XCTAssertEqual(PulseAudioOutput.fillBytes(silentFills: 21, bufferBytes: buffer), buffer,
                       "a long silence (a stalled read) in whole buffers: fewer wake-ups")
    }
}
