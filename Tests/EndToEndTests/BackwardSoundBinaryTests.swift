import Foundation
import TestSupport
import XCTest

/// The sound of `play-dir=backward` as a user hears it at the null sink: turned round (a tone
/// whose pitch steps up each second steps down), together with the picture (the flash and beep
/// of an avsynctest clip, captured from outside), and silent with `--no-audio`.
final class BackwardSoundBinaryTests: XCTestCase {
    private static let script = BinaryRunner.packageRoot.appendingPathComponent("Tests/EndToEndTests/python/avsync_backward.py")

    func testThePitchStepsDownWhilePlayingBackward() throws {
        try skipWithoutDisplay()
        let capture = try XCTUnwrap(AudioCapture.environmentFile, "needs the test environment's null sink (scripts/test-env.sh)")
        let clip = try MediaFactory.clip(.pitchSteps(seconds: 6))
        let start = try XCTUnwrap(AudioCapture.quietMark(of: capture), "the sink never went quiet")

        let player = try PlayerSession(clip: clip, arguments: ["--play-dir=backward"])
        let ipc = try XCTUnwrap(player.ipc)
        try assertHeardBackwardFromTheEnd(capture: capture, from: start, ipc: ipc, of: "the file")
    }

    /// The seconds of `pitchSteps` heard a quarter second apart over `span` seconds from `mark`.
    private func secondsHeard(in capture: URL, from mark: Double, span: Double) throws -> [Int] {
        let heard = try AudioCapture.wait(for: capture, from: mark, timeout: .seconds(15)) { $0.endTime > mark + span + 0.3 }
        let recording = try XCTUnwrap(heard, "the recording stopped")
        return recording.pitchStepSeconds(from: mark + 0.1, to: mark + span)
    }

    /// Backward at double speed from where forward playback stands, then forward again: the
    /// sound follows each turn.
    func testTheSoundFollowsTurnsAndSpeed() throws {
        try skipWithoutDisplay()
        let capture = try XCTUnwrap(AudioCapture.environmentFile, "needs the test environment's null sink (scripts/test-env.sh)")
        let player = try PlayerSession(clip: try MediaFactory.clip(.pitchSteps(seconds: 8)))
        let ipc = try XCTUnwrap(player.ipc)
        XCTAssertNotNil(try poll(timeout: .seconds(15), until: { $0 >= 6 }) { try ipc.double("time-pos") })

        _ = try ipc.command(["set_property", "speed", 2])
        _ = try ipc.command(["set_property", "play-dir", "backward"])
        let turned = try ipc.double("time-pos")
        XCTAssertNotNil(try poll(timeout: .seconds(10), until: { $0 <= turned - 0.5 }) { try ipc.double("time-pos") },
                        "time-pos falls")
        let before = try ipc.double("time-pos")
        let started = ContinuousClock.now
        let backward = try secondsHeard(in: capture, from: try AudioCapture.duration(of: capture), span: 1.5)
        let rate = (before - (try ipc.double("time-pos"))) / seconds(since: started)
        print("BackwardSoundBinaryTests: at speed 2 backward, seconds heard \(backward), time-pos falls \(rate) s/s")
        XCTAssertGreaterThanOrEqual(backward.count, 3, "a clear tone: \(backward)")
        XCTAssertEqual(backward, backward.sorted(by: >), "stepping down: \(backward)")
        // Loosely: a busy machine holds the picture while a span decodes, never runs it faster.
        XCTAssertGreaterThan(rate, 1.05, "time-pos falls faster than at the normal rate")
        XCTAssertLessThan(rate, 2.6, "time-pos falls at about twice the normal rate")

        _ = try ipc.command(["set_property", "speed", 1])
        _ = try ipc.command(["set_property", "play-dir", "forward"])
        let ahead = try ipc.double("time-pos")
        XCTAssertNotNil(try poll(timeout: .seconds(10), until: { $0 >= ahead + 0.3 }) { try ipc.double("time-pos") },
                        "forward again")
        let forward = try secondsHeard(in: capture, from: try AudioCapture.duration(of: capture), span: 1.5)
        print("BackwardSoundBinaryTests: forward again, seconds heard \(forward)")
        XCTAssertGreaterThanOrEqual(forward.count, 4, "a clear tone: \(forward)")
        XCTAssertEqual(forward, forward.sorted(), "stepping up again: \(forward)")
    }

    /// Another audio track chosen while playing backward is heard backward from there; none is silence.
    func testAnotherAudioTrackIsHeardBackward() throws {
        try skipWithoutDisplay()
        let capture = try XCTUnwrap(AudioCapture.environmentFile, "needs the test environment's null sink (scripts/test-env.sh)")
        let start = try XCTUnwrap(AudioCapture.quietMark(of: capture), "the sink never went quiet")
        let player = try PlayerSession(clip: try MediaFactory.clip(.multiTrack()), arguments: ["--play-dir=backward"])
        let ipc = try XCTUnwrap(player.ipc)
        func pitch(after mark: Double) throws -> Double? {
            let heard = try AudioCapture.wait(for: capture, from: mark, timeout: .seconds(15)) { recording in
                recording.firstSound(after: mark).map { recording.endTime > $0 + 0.6 } ?? false
            }
            guard let heard, let first = heard.firstSound(after: mark) else { return nil }
            return heard.medianPitch(from: first + 0.2, to: first + 0.5)
        }
        let first = try XCTUnwrap(try pitch(after: start), "the first track heard backward")
        XCTAssertEqual(first, Double(ClipSpec.toneFrequency), accuracy: 40)

        _ = try ipc.command(["set_property", "aid", 2])
        XCTAssertTrue(try poll { try ipc.property("aid") as? Int == 2 })
        let switched = try AudioCapture.duration(of: capture) + 0.4
        let heard = try AudioCapture.wait(for: capture, from: switched, timeout: .seconds(15)) { $0.endTime > switched + 0.6 }
        let second = try XCTUnwrap(heard?.medianPitch(from: switched + 0.2, to: switched + 0.5), "the second track heard")
        XCTAssertEqual(second, Double(ClipSpec.secondToneFrequency), accuracy: 40)
        XCTAssertEqual(try ipc.property("play-dir") as? String, "backward")
        let now = try ipc.double("time-pos")
        XCTAssertNotNil(try poll(timeout: .seconds(10), until: { $0 <= now - 0.3 }) { try ipc.double("time-pos") },
                        "time-pos still falls")

        _ = try ipc.command(["set_property", "aid", "no"])
        let none = try AudioCapture.duration(of: capture) + 0.5
        let quiet = try AudioCapture.wait(for: capture, from: none, timeout: .seconds(15)) { $0.endTime > none + 0.5 }
        XCTAssertFalse(try XCTUnwrap(quiet).hasSound(from: none, to: none + 0.5), "no track: silence")
    }

    /// Paused, a seek and frame steps backward; on resuming, the sound goes on from the picture.
    func testAfterPausedStepsTheSoundGoesOnFromThePicture() throws {
        try skipWithoutDisplay()
        let capture = try XCTUnwrap(AudioCapture.environmentFile, "needs the test environment's null sink (scripts/test-env.sh)")
        let player = try PlayerSession(clip: try MediaFactory.clip(.pitchSteps(seconds: 6)),
                                       arguments: ["--play-dir=backward", "--pause"])
        let ipc = try XCTUnwrap(player.ipc)
        XCTAssertNotNil(try player.waitForFrame(timeout: .seconds(10)) { $0 >= 140 }, "paused at the end")
        // The sound of the seek's target is the fourth second's; the steps lead into the third's.
        _ = try ipc.command(["seek", 3.26, "absolute", "exact"])
        XCTAssertEqual(try player.waitForFrame { $0 == 81 }, 81)
        for frame in (73...80).reversed() {
            _ = try ipc.command(["frame-step"])
            XCTAssertEqual(try player.waitForFrame { $0 == frame }, frame)
        }
        let stood = try ipc.double("time-pos")
        let mark = try AudioCapture.duration(of: capture)
        _ = try ipc.command(["set_property", "pause", false])
        XCTAssertNotNil(try poll(timeout: .seconds(10), until: { $0 <= stood - 0.3 }) { try ipc.double("time-pos") },
                        "time-pos falls from where the steps left it")
        let heard = try AudioCapture.wait(for: capture, from: mark, timeout: .seconds(15)) { recording in
            recording.firstSound(after: mark).map { recording.endTime > $0 + 1.0 } ?? false
        }
        let recording = try XCTUnwrap(heard, "no sound after resuming")
        let first = try XCTUnwrap(recording.firstSound(after: mark))
        // From 2.96 s down: the third second's pitch (2.x s) throughout.
        let seconds = recording.pitchStepSeconds(from: first + 0.05, to: first + 0.8, every: 0.15, window: 0.1)
        print("BackwardSoundBinaryTests: after steps to \(stood) s, seconds heard \(seconds)")
        XCTAssertEqual(seconds.first, 2, "the sound of where the picture stands, not of the end: \(seconds)")
        XCTAssertEqual(seconds, seconds.sorted(by: >), "stepping down: \(seconds)")
    }

    func testSoundAndPictureStayTogetherBackwardAsForward() throws {
        try skipWithoutDisplay()
        try XCTSkipIf(AudioCapture.environmentFile == nil, "needs the test environment's null sink (scripts/test-env.sh)")
        let workdir = FileManager.default.temporaryDirectory.appendingPathComponent("vplay-avsync-backward-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: workdir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: workdir) }
        let result = try ChildProcess.run("/usr/bin/python3",
                                          [Self.script.path, try BinaryRunner.executableURL().path, workdir.path, "8"],
                                          timeout: .seconds(300))
        XCTAssertTrue(result.succeeded, result.errorText)
        let measured = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.outputText.utf8)) as? [String: Double],
                                     result.outputText)
        let forward = try XCTUnwrap(measured["forward"]), backward = try XCTUnwrap(measured["backward"])
        print("BackwardSoundBinaryTests: beep minus flash, median ms: forward \(forward), backward \(backward) "
              + "over \(measured["backward_events"] ?? 0) events")
        XCTAssertGreaterThanOrEqual(measured["backward_events"] ?? 0, 3, "flashes and beeps met backward: \(result.errorText)")
        // The bound of forward playback on a loaded machine (AudioDelayBinaryTests).
        XCTAssertLessThan(abs(backward), 60, "backward: \(backward) ms (forward: \(forward) ms)\n\(result.errorText)")
    }

    func testWithoutSoundBackwardIsSilentAndRunsOnTheSystemClock() throws {
        try skipWithoutDisplay()
        let capture = try XCTUnwrap(AudioCapture.environmentFile, "needs the test environment's null sink (scripts/test-env.sh)")
        let clip = try MediaFactory.clip(.pitchSteps(seconds: 6))
        let start = try XCTUnwrap(AudioCapture.quietMark(of: capture), "the sink never went quiet")
        let player = try PlayerSession(clip: clip, arguments: ["--play-dir=backward", "--no-audio"])
        let ipc = try XCTUnwrap(player.ipc)
        XCTAssertNotNil(try poll(timeout: .seconds(15), until: { $0 <= 4 }) { try ipc.double("time-pos") },
                        "time-pos falls")
        let recording = try AudioCapture(contentsOf: capture, from: start)
        XCTAssertNil(recording.firstSound(after: start), "nothing heard")
    }
}

/// A `pitchSteps` sound played backward from its end, heard at the null sink from `start`: the
/// last second's pitch first, then only ever stepping down, second after second, unbroken for
/// three seconds while `time-pos` falls.
func assertHeardBackwardFromTheEnd(capture: URL, from start: Double, ipc: IPCClient, of what: String,
                                   file: StaticString = #filePath, line: UInt = #line) throws {
    let heard = try AudioCapture.wait(for: capture, from: start, timeout: .seconds(20)) { recording in
        recording.firstSound(after: start).map { recording.endTime > $0 + 3.2 } ?? false
    }
    let recording = try XCTUnwrap(heard, "no sound heard backward (or it broke off)", file: file, line: line)
    let first = try XCTUnwrap(recording.firstSound(after: start), file: file, line: line)
    XCTAssertTrue(recording.hasSound(from: first + 0.1, to: first + 3.1), "the sound broke off", file: file, line: line)
    XCTAssertLessThan(try ipc.double("time-pos"), 5, "time-pos falls meanwhile", file: file, line: line)
    // The second each quarter second of sound belongs to, read from its pitch.
    let seconds = recording.pitchStepSeconds(from: first + 0.1, to: first + 3.1)
    print("backward: seconds of \(what) heard, a quarter second apart: \(seconds)")
    XCTAssertGreaterThanOrEqual(seconds.count, 9, "a clear tone most of the time: \(seconds)", file: file, line: line)
    XCTAssertEqual(seconds.first, 5, "it starts with the last second's pitch: \(seconds)", file: file, line: line)
    XCTAssertEqual(seconds, seconds.sorted(by: >), "the pitch only ever steps down: \(seconds)", file: file, line: line)
    XCTAssertGreaterThanOrEqual(Set(seconds).count, 3, "it steps down second after second: \(seconds)", file: file, line: line)
}
