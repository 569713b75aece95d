import VPlayCore
import XCTest
@testable import VPlayControl

final class StatusLineTests: XCTestCase {
    func testPlaying() {
        XCTAssertEqual(StatusLine.text(for: .playing), "AV: 0:03 / 0:10 (30%) A-V: +0.012 Dropped: 2")
    }

    func testPausedAndFast() {
        var state = PlayerState.playing
        state.isPaused = true
        state.speed = 1.5
        state.avOffset = -0.0304
        XCTAssertEqual(StatusLine.text(for: state), "(Paused) AV: 0:03 / 0:10 (30%) x1.50 A-V: -0.030 Dropped: 2")
    }

    func testAudioOnlyWithoutDuration() {
        var state = PlayerState.playing
        state.hasVideo = false
        state.duration = nil
        state.position = 75
        XCTAssertEqual(StatusLine.text(for: state), "A: 1:15 / --:--")
    }

    func testVideoOnlyLongFile() {
        var state = PlayerState.playing
        state.hasAudio = false
        state.duration = 7200
        state.position = 3661
        state.droppedFrames = 0
        XCTAssertEqual(StatusLine.text(for: state), "V: 1:01:01 / 2:00:00 (50%) Dropped: 0")
    }

    func testWriterRewritesTheLineOnlyWhenItChanges() {
        let output = Output()
        let writer = StatusLineWriter(output: output.append)
        var state = PlayerState.playing
        writer.update(state)
        writer.update(state)
        state.position = 4
        writer.update(state)
        writer.finish()
        writer.finish()
        XCTAssertEqual(output.texts, [
            "\rAV: 0:03 / 0:10 (30%) A-V: +0.012 Dropped: 2\u{1B}[K",
            "\rAV: 0:04 / 0:10 (40%) A-V: +0.012 Dropped: 2\u{1B}[K",
            "\n",
        ])
    }

    private final class Output {
        var texts: [String] = []
        func append(_ text: String) { texts.append(text) }
    }
}
