import Foundation
import TestSupport
import XCTest

/// The user's video filters in the built player: `--vf` and IPC's `vf`, a broken chain told once
/// while the picture plays on, and a chain that changes the picture's size every frame.
final class VideoFilterBinaryTests: XCTestCase {
    private func centre(_ image: RGBImage) -> Double {
        image.meanBrightness(PixelRect(x: image.width / 2 - 10, y: image.height / 2 - 10, width: 20, height: 20))
    }

    private func launch(_ arguments: [String]) throws -> (PlayerSession, IPCClient) {
        try skipWithoutDisplay()
        let player = try PlayerSession(clip: try MediaFactory.clip(.squareOnGrey()), arguments: arguments,
                                       displayAspect: 16.0 / 9.0)
        return (player, try XCTUnwrap(player.ipc))
    }

    func testVfCommandAndOptionFilterThePicture() throws {
        let (player, ipc) = try launch(["--vf=negate", "--loop=inf"])
        XCTAssertNotNil(try player.waitForCapture(timeout: .seconds(10)) { self.centre($0) < 40 },
                        "--vf=negate did not turn the white square black")
        XCTAssertEqual(try ipc.property("vf") as? String, "negate")
        _ = try ipc.command(["vf", "remove", "negate"])
        XCTAssertNotNil(try player.waitForCapture { self.centre($0) > 200 }, "vf remove did not bring the white back")
        _ = try ipc.command(["vf", "add", "negate"])
        XCTAssertNotNil(try player.waitForCapture { self.centre($0) < 40 }, "vf add did not filter again")
        _ = try ipc.command(["vf", "clr", ""])
        XCTAssertEqual(try ipc.property("vf") as? String, "")
    }

    /// Paused, the picture on screen is made again through the new chain.
    func testAChangeShowsOnThePausedPicture() throws {
        let (player, ipc) = try launch(["--pause"])
        XCTAssertNotNil(try player.waitForCapture(timeout: .seconds(10)) { self.centre($0) > 200 }, "no picture")
        _ = try ipc.command(["vf", "set", "negate"])
        XCTAssertNotNil(try player.waitForCapture { self.centre($0) < 40 }, "the paused picture did not follow vf")
        XCTAssertEqual(try ipc.bool("pause"), true)
    }

    func testABrokenChainIsToldOnceAndThePicturePlaysOn() throws {
        let (player, ipc) = try launch(["--vf=nosuchfilter=1", "--loop=inf"])
        XCTAssertNotNil(try player.waitForCapture(timeout: .seconds(10)) { self.centre($0) > 200 },
                        "the picture did not play on without the broken filter")
        let start = try ipc.double("time-pos")
        XCTAssertTrue(try poll(timeout: .seconds(10)) { try ipc.double("time-pos") > start + 1.5 }, "playback stalled")
        _ = try ipc.command(["quit"])
        let result = player.process.waitForExit(timeout: .seconds(10))
        XCTAssertEqual(result.status, 0)
        let lines = result.errorText.split(separator: "\n").filter { $0.contains("video filter") }
        XCTAssertEqual(lines.count, 1, result.errorText)
        XCTAssertTrue(lines.first?.contains("nosuchfilter") ?? false, result.errorText)
    }

    func testAChainThatChangesTheSizeEveryFrameStillPlays() throws {
        let (player, ipc) = try launch(["--vf=scale=w='320+mod(n\\,8)*40':h=180:eval=frame", "--loop=inf"])
        XCTAssertNotNil(try player.waitForCapture(timeout: .seconds(10)) { self.centre($0) > 200 }, "no picture")
        let start = try ipc.double("time-pos")
        XCTAssertTrue(try poll(timeout: .seconds(10)) { try ipc.double("time-pos") > start + 2 }, "playback stalled")
        XCTAssertNotNil(try player.waitForCapture { self.centre($0) > 200 }, "the picture went")
        XCTAssertTrue(player.process.isRunning)
    }
}
