import Foundation
import TestSupport
import XCTest

/// A file with a picture and sound over a link slower than its bit rate: playing waits for the
/// cache again and again, and goes on from where it stopped each time, to the end.
final class NetworkStallTests: XCTestCase {
    /// After each wait for the cache the position moves on while playing (no wait ends with
    /// the player saying it plays while its clock stands still), through at least three waits
    /// to the end of the file.
    func testPlayingWithAPictureGoesOnAfterEveryWaitForTheCache() throws {
        let fixture = try NetworkFixture.shared()
        let player = try NetworkPlayer(["--cache-pause-wait=1", fixture.server.url("slow/clip.mp4")],
                                       timeout: .seconds(30))
        // Seconds of playing (not waiting for the cache) with the position standing still:
        // far above a frame's time, however busy the machine.
        let stillLimit = 20.0
        var waits = 0
        var waiting = false
        var log: [String] = []
        var reference = -1.0
        var movedAt = ContinuousClock.now
        let deadline = ContinuousClock.now + .seconds(240)
        while true {
            XCTAssertTrue(player.process.isRunning, "the player left before the end: \(player.errorText)")
            if !player.process.isRunning { return }
            if try player.client.command("get_property", "eof-reached").data == .bool(true) { break }
            let paused = try player.client.command("get_property", "paused-for-cache").data == .bool(true)
            let position = try player.client.command("get_property", "time-pos").data?.number ?? -1
            if paused != waiting {
                waiting = paused
                if !paused { waits += 1 }
                log.append("\(paused ? "waits" : "plays") at \(position)")
                // The time spent waiting does not count as standing still.
                movedAt = ContinuousClock.now
            }
            if position > reference + 0.2 {
                reference = position
                movedAt = ContinuousClock.now
            } else if !waiting, seconds(since: movedAt) > stillLimit {
                XCTFail("playing, but the position stood at \(position) for \(stillLimit) s after \(waits) waits "
                        + "for the cache: \(log)")
                return
            }
            guard ContinuousClock.now < deadline else {
                XCTFail("the end was not reached: at \(position) after \(waits) waits: \(log)")
                return
            }
            usleep(50_000)
        }
        XCTAssertGreaterThanOrEqual(waits, 3, "too few waits for the cache to prove anything: \(log)")
        XCTAssertGreaterThan(reference, fixture.media.seconds - 1.5, "the end came early: \(log)")
    }
}
