import Foundation
import TestSupport
import XCTest

/// `--audio-file` through the real binary: a silent video plays with the sound of another file,
/// listed as an external audio track, and that sound follows a seek; a file that cannot be
/// opened gives one warning while the video plays.
final class AudioFileBinaryTests: XCTestCase {
    func testAudioFileIsAnExternalTrackHeardWithTheVideoAndAfterASeek() throws {
        try skipWithoutDisplay()
        let video = try MediaFactory.clip(.silentVideo(seconds: 8))
        let sound = try MediaFactory.clip(.pitchStepsSound(seconds: 8))
        let capture = AudioCapture.environmentFile
        let captureStart = try capture.map { try XCTUnwrap(AudioCapture.quietMark(of: $0), "the sink never went quiet") }

        let player = try PlayerSession(clip: video, arguments: ["--audio-file=\(sound.path)"])
        let ipc = try XCTUnwrap(player.ipc)
        let audioTracks = try XCTUnwrap(try ipc.property("track-list") as? [[String: Any]]).filter { $0["type"] as? String == "audio" }
        XCTAssertEqual(audioTracks.count, 1, "track-list: \(audioTracks)")
        XCTAssertEqual(audioTracks.first?["id"] as? Int, 1)
        XCTAssertEqual(audioTracks.first?["external"] as? Bool, true)
        XCTAssertEqual(audioTracks.first?["external-filename"] as? String, sound.path)
        XCTAssertEqual(audioTracks.first?["selected"] as? Bool, true)
        XCTAssertEqual(try ipc.property("aid") as? Int, 1)

        guard let capture, let captureStart else {
            print("AudioFileBinaryTests: no VPLAY_AUDIO_CAPTURE; sound not checked")
            return
        }
        let heard = try AudioCapture.wait(for: capture, from: captureStart, timeout: .seconds(10)) { recording in
            recording.firstSound(after: captureStart).map { recording.endTime > $0 + 0.6 } ?? false
        }
        let first = try XCTUnwrap(heard, "the audio file's sound was not heard")
        let start = try XCTUnwrap(first.firstSound(after: captureStart))
        XCTAssertTrue(first.hasSound(from: start + 0.1, to: start + 0.6), "the sound broke off")

        // Back from past 4 s to 2 s: sound read on from where it was would be heard at 4 s or later.
        XCTAssertTrue(try poll(timeout: .seconds(10)) { try ipc.double("time-pos") >= 4.2 }, "playback did not reach 4.2 s")
        _ = try ipc.command(["seek", 2, "absolute"])
        XCTAssertTrue(try poll(timeout: .seconds(10)) { (2.1..<4).contains(try ipc.double("time-pos")) },
                      "playback did not go on after the seek")
        // From here on the sink plays what follows 2 s: the third pitch step (800 Hz), then the fourth.
        let mark = try AudioCapture.duration(of: capture)
        let after = try AudioCapture.wait(for: capture, from: mark, timeout: .seconds(10)) { $0.endTime > mark + 0.8 }
        let recording = try XCTUnwrap(after, "the recording stopped after the seek")
        XCTAssertTrue(recording.hasSound(from: mark + 0.2, to: mark + 0.8), "no sound after the seek")
        let pitch = try XCTUnwrap(recording.medianPitch(from: mark + 0.2, to: mark + 0.45), "no clear tone after the seek")
        let second = try XCTUnwrap(ClipSpec.pitchStepSecond(of: pitch), "pitch \(pitch) Hz is no step of the file")
        print("AudioFileBinaryTests: \(pitch) Hz heard after seeking back to 2 s: second \(second) of the audio file")
        XCTAssertTrue((2...3).contains(second), "heard second \(second) of the audio file after seeking back to 2 s")
    }

    func testAnAudioFileThatCannotBeOpenedWarnsOnceAndTheVideoPlays() throws {
        try skipWithoutDisplay()
        let video = try MediaFactory.clip(.silentVideo(seconds: 8))
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("vplay-missing-\(UUID().uuidString).wav").path
        let player = try PlayerSession(clip: video, arguments: ["--audio-file=\(missing)"])
        let ipc = try XCTUnwrap(player.ipc)
        let warning = "audio file '\(missing)'"
        XCTAssertTrue(player.process.waitForOutput(containing: warning, on: .error, timeout: .seconds(10)),
                      "no warning; stderr: \(String(decoding: player.process.outputSoFar(on: .error), as: UTF8.self))")
        XCTAssertTrue(try poll(timeout: .seconds(10)) { try ipc.double("time-pos") >= 1 }, "the video did not play")
        let stderr = String(decoding: player.process.outputSoFar(on: .error), as: UTF8.self)
        XCTAssertEqual(stderr.components(separatedBy: warning).count - 1, 1, "stderr: \(stderr)")
        let tracks = try XCTUnwrap(try ipc.property("track-list") as? [[String: Any]])
        XCTAssertFalse(tracks.contains { $0["type"] as? String == "audio" }, "track-list: \(tracks)")
    }
}
