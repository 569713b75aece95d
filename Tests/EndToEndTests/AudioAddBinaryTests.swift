import Foundation
import TestSupport
import XCTest

/// `audio-add` and `audio-remove` through the real binary: a sound file joins a playing video as
/// an external audio track, listed with the title and language given, selectable with `aid`,
/// heard at the play position after a seek, and removed again; a file that cannot be opened
/// gives one warning while playback goes on.
final class AudioAddBinaryTests: XCTestCase {
    func testAddedAudioIsListedSelectableHeardAfterASeekAndRemoved() throws {
        try skipWithoutDisplay()
        // The video's own sound is a steady 440 Hz, no pitch step of the added file.
        let video = try MediaFactory.clip(.av(seconds: 10))
        let sound = try MediaFactory.clip(.pitchStepsSound(seconds: 10))
        let capture = AudioCapture.environmentFile
        let player = try PlayerSession(clip: video)
        let ipc = try XCTUnwrap(player.ipc)
        XCTAssertTrue(try poll(timeout: .seconds(10)) { try ipc.double("time-pos") >= 0.5 }, "the video did not play")

        _ = try ipc.command(["audio-add", sound.path, "auto", "Commentary", "fr"])
        var added: [String: Any]?
        XCTAssertTrue(try poll(timeout: .seconds(10)) {
            added = try audioTracks(ipc).first { $0["id"] as? Int == 2 }
            return added != nil
        }, "the added track was not listed: \((try? audioTracks(ipc)) ?? [])")
        XCTAssertEqual(added?["external"] as? Bool, true)
        XCTAssertEqual(added?["external-filename"] as? String, sound.path)
        XCTAssertEqual(added?["title"] as? String, "Commentary")
        XCTAssertEqual(added?["lang"] as? String, "fr")
        XCTAssertEqual(added?["selected"] as? Bool, false, "auto only adds")
        XCTAssertEqual(try ipc.property("aid") as? Int, 1)

        _ = try ipc.command(["set_property", "aid", 2])
        XCTAssertEqual(try ipc.property("aid") as? Int, 2)
        XCTAssertEqual(try audioTracks(ipc).first { $0["id"] as? Int == 2 }?["selected"] as? Bool, true)

        if let capture {
            // Forward to 5 s, back to 2 s: the added sound follows both seeks.
            _ = try ipc.command(["seek", 5, "absolute"])
            XCTAssertTrue(try poll(timeout: .seconds(10)) { try ipc.double("time-pos") >= 5.2 }, "playback did not reach 5.2 s")
            _ = try ipc.command(["seek", 2, "absolute"])
            XCTAssertTrue(try poll(timeout: .seconds(10)) { (2.1..<4).contains(try ipc.double("time-pos")) },
                          "playback did not go on after the seek")
            let mark = try AudioCapture.duration(of: capture)
            let after = try AudioCapture.wait(for: capture, from: mark, timeout: .seconds(10)) { $0.endTime > mark + 0.8 }
            let recording = try XCTUnwrap(after, "the recording stopped after the seek")
            let pitch = try XCTUnwrap(recording.medianPitch(from: mark + 0.2, to: mark + 0.45), "no clear tone after the seek")
            let second = try XCTUnwrap(ClipSpec.pitchStepSecond(of: pitch), "pitch \(pitch) Hz is not the added file's")
            print("AudioAddBinaryTests: \(pitch) Hz heard after seeking back to 2 s: second \(second) of the added file")
            XCTAssertTrue((2...3).contains(second), "heard second \(second) of the added file after seeking back to 2 s")
        } else {
            print("AudioAddBinaryTests: no VPLAY_AUDIO_CAPTURE; sound not checked")
        }

        XCTAssertThrowsError(try ipc.command(["audio-remove", 1]), "the file's own track is not removable")
        _ = try ipc.command(["audio-remove"])
        XCTAssertTrue(try poll(timeout: .seconds(10)) { try audioTracks(ipc).count == 1 }, "track-list: \((try? audioTracks(ipc)) ?? [])")
        XCTAssertEqual(try audioTracks(ipc).first?["id"] as? Int, 1)
        let position = try ipc.double("time-pos")
        XCTAssertTrue(try poll(timeout: .seconds(10)) { try ipc.double("time-pos") > position + 0.5 }, "playback stopped")
    }

    func testAnAudioFileThatCannotBeOpenedWarnsOnceAndPlaybackGoesOn() throws {
        try skipWithoutDisplay()
        let video = try MediaFactory.clip(.av(seconds: 8))
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("vplay-missing-\(UUID().uuidString).wav").path
        let player = try PlayerSession(clip: video)
        let ipc = try XCTUnwrap(player.ipc)
        XCTAssertTrue(try poll(timeout: .seconds(10)) { try ipc.double("time-pos") >= 0.5 }, "the video did not play")
        _ = try ipc.command(["audio-add", missing])
        let warning = "audio file '\(missing)'"
        XCTAssertTrue(player.process.waitForOutput(containing: warning, on: .error, timeout: .seconds(10)),
                      "no warning; stderr: \(String(decoding: player.process.outputSoFar(on: .error), as: UTF8.self))")
        let position = try ipc.double("time-pos")
        XCTAssertTrue(try poll(timeout: .seconds(10)) { try ipc.double("time-pos") > position + 0.5 }, "playback stopped")
        let stderr = String(decoding: player.process.outputSoFar(on: .error), as: UTF8.self)
        XCTAssertEqual(stderr.components(separatedBy: warning).count - 1, 1, "stderr: \(stderr)")
        XCTAssertEqual(try audioTracks(ipc).count, 1)
        XCTAssertEqual(try ipc.property("aid") as? Int, 1)
        XCTAssertThrowsError(try ipc.command(["audio-add", missing, "sometimes"]), "an unknown flag is refused")
    }

    private func audioTracks(_ ipc: IPCClient) throws -> [[String: Any]] {
        try XCTUnwrap(try ipc.property("track-list") as? [[String: Any]]).filter { $0["type"] as? String == "audio" }
    }
}
