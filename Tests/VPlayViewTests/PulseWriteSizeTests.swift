import XCTest
@testable import VPlayView

/// How much the PulseAudio writer renders and sends at a time: quarter buffers, so that no
/// write holds the thread (and with it a track switch or a seek) for longer; whole buffers
/// once a silence lasts.
final class PulseWriteSizeTests: XCTestCase {
    func testQuarterBuffersUntilASilenceLasts() {
        let buffer = 4096
        XCTAssertEqual(PulseAudioOutput.fillBytes(silentFills: 0, bufferBytes: buffer), 1024)
        XCTAssertEqual(PulseAudioOutput.fillBytes(silentFills: 20, bufferBytes: buffer), 1024)
        XCTAssertEqual(PulseAudioOutput.fillBytes(silentFills: 21, bufferBytes: buffer), buffer,
                       "a long silence (a stalled read) in whole buffers: fewer wake-ups")
    }
}
