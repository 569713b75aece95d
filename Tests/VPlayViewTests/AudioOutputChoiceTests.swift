import Foundation
import XCTest
@testable import VPlayCore
@testable import VPlayView

/// Which audio output plays: PulseAudio's own where a server answers (it reports its latency),
/// SDL's when another SDL driver is asked for.
final class AudioOutputChoiceTests: XCTestCase {
    private func renderer() -> AudioRenderer {
        AudioRenderer(frames: FrameQueue(capacity: 2, keepsLast: false), packets: PacketQueue(secondsPerTick: 1),
                      clock: SharedClock(), monotonic: { 0 })
    }

    private func withDriver<T>(_ driver: String, _ body: () throws -> T) rethrows -> T {
        let saved = ProcessInfo.processInfo.environment["SDL_AUDIODRIVER"]
        setenv("SDL_AUDIODRIVER", driver, 1)
        defer { if let saved { setenv("SDL_AUDIODRIVER", saved, 1) } else { unsetenv("SDL_AUDIODRIVER") } }
        return try body()
    }

    func testPulseAudioIsUsedWhereItAnswersAndSDLOtherwise() throws {
        let preferred = AudioFormat(sampleRate: 48000, channels: 2, bufferFrames: 1024)
        try withDriver("dummy") {
            let output = AutomaticAudioOutput()
            XCTAssertEqual(try output.open(preferred: preferred, renderer: renderer()).sampleRate, 48000)
            XCTAssertFalse(output.usesPulseAudio, "SDL_AUDIODRIVER names another SDL driver")
            output.close()
        }
        try XCTSkipIf(ProcessInfo.processInfo.environment["PULSE_SERVER"] == nil,
                      "no PulseAudio server here (scripts/test-env.sh starts one)")
        try withDriver("pulseaudio") {
            let output = AutomaticAudioOutput()
            XCTAssertEqual(try output.open(preferred: preferred, renderer: renderer()), preferred)
            XCTAssertTrue(output.usesPulseAudio)
            output.setPaused(false)
            output.setPaused(true)   // stops its thread and closes the stream
            output.close()
        }
    }
}
