import Foundation
import TestSupport
import XCTest

/// `--af` and the IPC `af` command, heard at the null sink: a filter that cannot be built gives
/// one message and the sound plays through the others; `af set` while playing changes the
/// sound within moments.
final class AudioFilterBinaryTests: XCTestCase {
    func testABadFilterGivesOneMessageAndTheSoundPlaysThroughTheOthers() throws {
        try skipWithoutDisplay()
        let capture = try XCTUnwrap(AudioCapture.environmentFile, "needs the test environment's null sink (scripts/test-env.sh)")
        let captureStart = try XCTUnwrap(AudioCapture.quietMark(of: capture), "the sink never went quiet")
        let player = try PlayerSession(clip: try Clips.av(seconds: 5), arguments: ["--autoexit", "--af=nosuchfilter,volume=0.5"])
        let ipc = try XCTUnwrap(player.ipc)
        XCTAssertEqual(try ipc.property("af") as? String, "volume=0.5", "the bad filter is left out")

        let halved = try XCTUnwrap(AudioCapture.wait(for: capture, from: captureStart, timeout: .seconds(5)) { recording in
            recording.firstSound(after: captureStart).map { recording.endTime > $0 + 1 } ?? false
        }, "no sound recorded")
        let start = try XCTUnwrap(halved.firstSound(after: captureStart))
        let halvedRMS = halved.rms(from: start + 0.2, to: start + 0.9)

        // A bad one added while playing: one message more, the chain as it was.
        _ = try ipc.command(["af", "add", "alsonot=1"])
        XCTAssertEqual(try ipc.property("af") as? String, "volume=0.5")
        // Set anew: a quarter of the tone from then on.
        _ = try ipc.command(["af", "set", "lavfi=[volume=0.25]"])
        let changedAt = try AudioCapture.duration(of: capture)
        let quartered = try XCTUnwrap(AudioCapture.wait(for: capture, from: changedAt, timeout: .seconds(5)) {
            $0.endTime > changedAt + 1
        }, "the sound stopped")
        XCTAssertEqual(quartered.rms(from: changedAt + 0.5, to: changedAt + 1) / halvedRMS, 0.5, accuracy: 0.05,
                       "af set lavfi=[volume=0.25] after volume=0.5")

        let result = player.process.waitForExit(timeout: .seconds(15))
        XCTAssertFalse(result.timedOut)
        XCTAssertEqual(result.status, 0, result.errorText)
        let lines = result.errorText.split(separator: "\n")
        XCTAssertEqual(lines.filter { $0.contains("nosuchfilter") }.count, 1, result.errorText)
        XCTAssertEqual(lines.filter { $0.contains("alsonot") }.count, 1, result.errorText)
    }
}
