import Foundation
import TestSupport
import XCTest

/// The player where no window can be shown (DISPLAY unset): with `--no-video` it plays the
/// sound with no window, answers IPC and quits at the end; without it, one line says why it
/// cannot play and what to do, and it exits 1.
final class NoDisplayTests: XCTestCase {
    static let hint = "(use --no-video to play the sound only)"

    func testNoVideoPlaysTheSoundWithoutADisplayAndQuitsAtTheEnd() throws {
        let capture = try XCTUnwrap(AudioCapture.environmentFile, "needs the sound capture of scripts/test-env.sh")
        let clip = try Clips.av(seconds: 3)
        let captureStart = try XCTUnwrap(AudioCapture.quietMark(of: capture), "the sink never went quiet")
        let socket = "/tmp/vplay-e2e-\(getpid())-\(UUID().uuidString.prefix(8)).sock"
        defer { unlink(socket) }

        let process = try launchWithoutDisplay(["--no-video", "--autoexit", "--input-ipc-server=\(socket)", clip.path])
        let ipc = try IPCClient(path: socket)
        // The socket answers while the file is still opening: its duration comes once it is open.
        let duration = try poll(timeout: .seconds(5), interval: 0.02, until: { _ in true }) { try? ipc.double("duration") }
        XCTAssertEqual(try XCTUnwrap(duration, "the file never opened"), 3, accuracy: 0.1)
        XCTAssertFalse(try ipc.bool("pause"))
        let result = process.waitForExit(timeout: .seconds(10))
        XCTAssertFalse(result.timedOut, "did not exit at the end with --autoexit")
        XCTAssertEqual(result.status, 0, result.errorText)
        XCTAssertEqual(result.errorText, "")
        let wall = result.wallTime.inSeconds
        XCTAssertGreaterThanOrEqual(wall, 2.7, "a 3 s clip took \(wall) s: faster than real time")
        XCTAssertLessThanOrEqual(wall, 4.5, "a 3 s clip took \(wall) s: slower than real time")

        let recorded = try AudioCapture.wait(for: capture, from: captureStart, timeout: .seconds(3)) { recording in
            recording.firstSound(after: captureStart).map { recording.endTime > $0 + 2.6 } ?? false
        }
        let sound = try XCTUnwrap(recorded, "no sound (or less than 2.6 s after its start) was recorded")
        let start = try XCTUnwrap(sound.firstSound(after: captureStart))
        XCTAssertTrue(sound.hasSound(from: start + 0.1, to: start + 2.6), "sound broke off during play")
        let pitch = try XCTUnwrap(sound.medianPitch(from: start + 0.1, to: start + 2.5), "no clear tone")
        XCTAssertEqual(pitch, Double(ClipSpec.toneFrequency), accuracy: 3, "tone pitch")
    }

    /// With no window to return to, the end of the file ends the program without `--autoexit`.
    func testNoVideoQuitsAtTheEndEvenWithoutAutoexit() throws {
        let result = try launchWithoutDisplay(["--no-video", try Clips.av(seconds: 1).path]).waitForExit(timeout: .seconds(6))
        XCTAssertFalse(result.timedOut, "still running 6 s into a 1 s clip")
        XCTAssertEqual(result.status, 0, result.errorText)
    }

    func testWithoutADisplayOneLineSuggestsNoVideo() throws {
        let clip = try Clips.av(seconds: 1)
        // As in the tests' environment (SDL told to use X11) and as on a plain console.
        for (name, unset) in [("SDL_VIDEODRIVER=x11", ["DISPLAY"]), ("no SDL_VIDEODRIVER", ["DISPLAY", "SDL_VIDEODRIVER"])] {
            let environment = unset.contains("SDL_VIDEODRIVER") ? [:] : ["SDL_VIDEODRIVER": "x11"]
            let result = try launchWithoutDisplay(["--autoexit", clip.path], alsoUnsetting: unset, environment: environment)
                .waitForExit(timeout: .seconds(20))
            XCTAssertFalse(result.timedOut, "\(name): still running")
            XCTAssertEqual(result.status, 1, "\(name): exit status")
            XCTAssertEqual(result.errorText, "vplay: no display: DISPLAY is not set \(Self.hint)\n", name)
        }
    }

    /// The player with no display server named in its environment.
    private func launchWithoutDisplay(_ arguments: [String], alsoUnsetting unset: [String] = [],
                                      environment: [String: String] = [:]) throws -> RunningProcess {
        let names = Set(["DISPLAY", "WAYLAND_DISPLAY"] + unset).sorted()
        return try ChildProcess.launch("env", names.flatMap { ["-u", $0] } + [try BinaryRunner.executableURL().path] + arguments,
                                       environment: environment)
    }
}
