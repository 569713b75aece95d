import Foundation
import TestSupport
import XCTest

/// Hardware decoding on a machine without a GPU: `--hwdec=auto` finds no device and plays in
/// software; a device that fails while playing (the test hook stands in for one) gives way to
/// software without losing or repeating a frame.
final class HwdecBinaryTests: XCTestCase {
    func testAutoPlaysInSoftwareWhereThereIsNoDevice() throws {
        try skipWithoutDisplay()
        try XCTSkipIf(FileManager.default.fileExists(atPath: "/dev/dri"), "this machine has a GPU device node")
        let player = try PlayerSession(clip: try MediaFactory.clip(.av(seconds: 8)), arguments: ["--hwdec=auto", "-v"])
        let ipc = try XCTUnwrap(player.ipc)
        XCTAssertEqual(try ipc.property("hwdec") as? String, "auto")
        XCTAssertEqual(try ipc.property("hwdec-current") as? String, "no")
        let first = try XCTUnwrap(try player.waitForFrame { $0 >= 5 }, "not playing")
        XCTAssertNotNil(try player.waitForFrame { $0 >= first + 10 }, "stuck at frame \(first)")
        let lines = String(decoding: player.process.outputSoFar(on: .error), as: UTF8.self)
            .split(separator: "\n").filter { $0.contains("hwdec") }
        XCTAssertEqual(lines.count, 1, "one verbose line on the fall-back: \(lines)")
        // Ctrl+h (cycle) turns it off and on again (auto-safe), reopening the decoder where it plays.
        try Screen.key(window: player.window, "ctrl+h")
        XCTAssertNotNil(try poll(timeout: .seconds(3), until: { $0 == "no" }) { try ipc.property("hwdec") as? String })
        _ = try ipc.command(["cycle", "hwdec"])
        XCTAssertEqual(try ipc.property("hwdec") as? String, "auto-safe")
        let now = try XCTUnwrap(try player.waitForFrame { _ in true })
        XCTAssertNotNil(try player.waitForFrame { $0 >= now + 10 }, "stuck at frame \(now) after reopening the decoder")
        XCTAssertEqual(try ipc.property("hwdec-current") as? String, "no")
    }

    /// libvdpau says "Failed to open VDPAU backend …" on stderr itself when its driver is
    /// missing; without `-v` that line is not shown, and with `-v` it still is.
    func testDevicesThatCannotOpenSayNothingWithoutVerbose() throws {
        try skipWithoutDisplay()
        let clip = try MediaFactory.clip(.av(seconds: 1))
        for hwdec in ["auto", "vdpau"] {
            let quiet = try BinaryRunner.run(["--hwdec=\(hwdec)", "--really-quiet", "--autoexit", clip.path], timeout: .seconds(30))
            XCTAssertTrue(quiet.succeeded, quiet.errorText)
            XCTAssertFalse(quiet.errorText.contains("VDPAU"), "--hwdec=\(hwdec): \(quiet.errorText)")
            XCTAssertFalse(quiet.errorText.contains("Failed to open"), "--hwdec=\(hwdec): \(quiet.errorText)")
        }
        let verbose = try BinaryRunner.run(["--hwdec=vdpau", "-v", "--autoexit", clip.path], timeout: .seconds(30))
        XCTAssertTrue(verbose.errorText.contains("hwdec: vdpau"), verbose.errorText)
    }

    /// A decoder that fails after 30 of 100 frames: every frame is still presented once, and
    /// one verbose line says so.
    func testAFailingHardwareDecoderFallsBackWithoutLosingAFrame() throws {
        try skipWithoutDisplay()
        let clip = try MediaFactory.clip(.av(seconds: 4))
        let result = try BinaryRunner.run(["--bench", "--hwdec=auto", "-v", clip.path],
                                          environment: ["VPLAY_HWDEC_TEST_FAIL_AFTER": "30"], timeout: .seconds(60))
        XCTAssertTrue(result.succeeded, result.errorText)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.outputText.utf8)) as? [String: Any])
        XCTAssertEqual(object["frames_presented"] as? Int, 100, "frames lost or shown twice across the fall-back")
        XCTAssertEqual(object["frames_dropped"] as? Int, 0)
        let lines = result.errorText.split(separator: "\n").filter { $0.contains("hwdec") }
        XCTAssertEqual(lines.count, 1, "\(lines)")
        XCTAssertTrue(lines.first?.contains("failed") ?? false, "\(lines)")
    }

    /// While it lasts `hwdec-current` names the decoder; after the failure it says `no` and the
    /// picture goes on. Without `-v` nothing is printed.
    func testHwdecCurrentFollowsTheFallBack() throws {
        try skipWithoutDisplay()
        let clip = try MediaFactory.clip(.av(seconds: 8))
        let process = try BinaryRunner.launch(["--hwdec=vaapi", "--pause", "--input-ipc-server=/tmp/vplay-hwdec-\(getpid()).sock", clip.path],
                                              environment: ["VPLAY_HWDEC_TEST_FAIL_AFTER": "40"])
        defer { process.terminate(); process.waitForExit(timeout: .seconds(3)) }
        let ipc = try IPCClient(path: "/tmp/vplay-hwdec-\(getpid()).sock", timeout: .seconds(20))
        // Paused on the first frames (the socket answers before the file is open: wait for it).
        XCTAssertNotNil(try poll(timeout: .seconds(10), until: { $0 == "simulated" }) { try ipc.property("hwdec-current") as? String })
        _ = try ipc.command(["set_property", "pause", false])
        XCTAssertNotNil(try poll(timeout: .seconds(10), until: { $0 == "no" }) { try ipc.property("hwdec-current") as? String })
        let position = try ipc.double("time-pos")
        XCTAssertNotNil(try poll(timeout: .seconds(5), until: { $0 > position + 0.5 }) { try ipc.double("time-pos") },
                        "playback stopped after the fall-back")
        XCTAssertFalse(String(decoding: process.outputSoFar(on: .error), as: UTF8.self).contains("hwdec"))
    }
}
