import XCTest
@testable import VPlayView

/// What the PulseAudio writer sends of each fill: the sound alone, so what follows a cut
/// (a seek, an A-B loop's jump) is queued right behind it; silence in short slices at first.
final class PulseWriteSizeTests: XCTestCase {
    func testSoundGoesAloneAndSilenceInSlicesUntilItLasts() {
        let buffer = 4096
        XCTAssertEqual(PulseAudioOutput.bytesToWrite(sound: buffer, silentFills: 0, bufferBytes: buffer), buffer)
        XCTAssertEqual(PulseAudioOutput.bytesToWrite(sound: 1408, silentFills: 0, bufferBytes: buffer), 1408,
                       "the sound up to a cut, without the silence after it")
        XCTAssertEqual(PulseAudioOutput.bytesToWrite(sound: 0, silentFills: 1, bufferBytes: buffer), 1024)
        XCTAssertEqual(PulseAudioOutput.bytesToWrite(sound: 0, silentFills: 20, bufferBytes: buffer), 1024)
        XCTAssertEqual(PulseAudioOutput.bytesToWrite(sound: 0, silentFills: 21, bufferBytes: buffer), buffer,
                       "a long silence (a stalled read) in whole buffers: fewer wake-ups")
    }
}
