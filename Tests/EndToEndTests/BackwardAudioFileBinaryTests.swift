import Foundation
import TestSupport
import XCTest

/// Playing backward with the sound from another file (`--audio-file`, `audio-add`), through the
/// real binary: that file's sound is heard turned round (its pitch, stepping up each second
/// going forward, steps down), as the video's own sound would be.
final class BackwardAudioFileBinaryTests: XCTestCase {
    func testAnAudioFilesSoundStepsDownWhilePlayingBackward() throws {
        try skipWithoutDisplay()
        let capture = try XCTUnwrap(AudioCapture.environmentFile, "needs the test environment's null sink (scripts/test-env.sh)")
        let video = try MediaFactory.clip(.silentVideo(seconds: 6))
        let sound = try MediaFactory.clip(.pitchStepsSound(seconds: 6))
        let start = try XCTUnwrap(AudioCapture.quietMark(of: capture), "the sink never went quiet")

        let player = try PlayerSession(clip: video, arguments: ["--play-dir=backward", "--audio-file=\(sound.path)"])
        let ipc = try XCTUnwrap(player.ipc)
        XCTAssertEqual(try ipc.property("play-dir") as? String, "backward")
        try assertHeardBackwardFromTheEnd(capture: capture, from: start, ipc: ipc, of: "the audio file")

        // The second open of the sound file is closed again going forward.
        _ = try ipc.command(["set_property", "play-dir", "forward"])
        let pid = player.process.processIdentifier
        XCTAssertTrue(poll(timeout: .seconds(10)) { Self.opens(of: sound.lastPathComponent, pid: pid) == 1 },
                      "the sound file is open \(Self.opens(of: sound.lastPathComponent, pid: pid)) times forward")
    }

    /// `audio-add` while playing backward: the added track's sound is heard backward from where
    /// the picture stands.
    func testAnAddedTrackIsHeardBackward() throws {
        try skipWithoutDisplay()
        let capture = try XCTUnwrap(AudioCapture.environmentFile, "needs the test environment's null sink (scripts/test-env.sh)")
        let video = try MediaFactory.clip(.av(seconds: 8))
        let sound = try MediaFactory.clip(.pitchStepsSound(seconds: 8))
        let player = try PlayerSession(clip: video, arguments: ["--play-dir=backward"])
        let ipc = try XCTUnwrap(player.ipc)
        XCTAssertNotNil(try poll(timeout: .seconds(15), until: { $0 <= 7 }) { try ipc.double("time-pos") }, "time-pos falls")
        _ = try ipc.command(["audio-add", sound.path, "select"])
        XCTAssertTrue(try poll(timeout: .seconds(10)) { try ipc.property("aid") as? Int == 2 }, "the added track does not play")
        let mark = try AudioCapture.duration(of: capture) + 0.5
        let heard = try AudioCapture.wait(for: capture, from: mark, timeout: .seconds(15)) { $0.endTime > mark + 1.6 }
        let recording = try XCTUnwrap(heard, "the recording stopped")
        let seconds = recording.pitchStepSeconds(from: mark, to: mark + 1.5)
        print("BackwardAudioFileBinaryTests: after audio-add backward, seconds of the added file heard: \(seconds)")
        XCTAssertGreaterThanOrEqual(seconds.count, 4, "a clear tone: \(seconds)")
        // The video's own 440 Hz would read as second 0.
        XCTAssertTrue(seconds.allSatisfy { $0 >= 2 }, "the added file's tone from where the picture stands: \(seconds)")
        XCTAssertEqual(seconds, seconds.sorted(by: >), "stepping down: \(seconds)")
        XCTAssertEqual(try ipc.property("play-dir") as? String, "backward")
    }

    /// How many times the process has a file named `name` open.
    private static func opens(of name: String, pid: Int32) -> Int {
        let folder = "/proc/\(pid)/fd"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\($0)"))?.hasSuffix("/" + name) == true }.count
    }
}
