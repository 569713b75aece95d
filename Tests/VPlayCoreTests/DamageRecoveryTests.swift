import Foundation
import TestSupport
import XCTest
@testable import VPlayCore

/// A stream damaged in the middle: the errors are reported once per burst, playback goes
/// on from the next decodable frame, and picture and sound are back in sync within a second.
final class DamageRecoveryTests: XCTestCase {
    /// An 8 s clip with pseudo-random bytes over 40–46 % of the file (about 3.2–3.7 s in).
    private func damagedClip() throws -> URL {
        let source = try MediaFactory.clip(.av(seconds: 8))
        var bytes = try [UInt8](Data(contentsOf: source))
        var generator = SplitMix(seed: 7)
        let start = bytes.count * 40 / 100, end = bytes.count * 46 / 100
        bytes.replaceSubrange(start..<end, with: generator.bytes(end - start))
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("damaged-\(UUID()).mp4")
        try Data(bytes).write(to: url)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    func testDamageIsReportedOncePerBurstAndSyncReturnsWithinASecond() throws {
        let url = try damagedClip()
        let lines = Locked([String]())
        let clock = FakeClock()
        let harness = try EngineHarness(url, clock: clock) { line in lines.withLock { $0.append(line) } }
        XCTAssertTrue(harness.run { $0.player.state.eofReached }, "did not reach the end")

        let bursts = harness.player.damage.withLock { $0 }
        let warnings = lines.withLock { $0 }
        XCTAssertFalse(bursts.isEmpty, "the damage went unnoticed")
        XCTAssertEqual(warnings.count, bursts.count, "one line per burst: \(warnings)")
        XCTAssertTrue(warnings.allSatisfy { $0.contains("damaged data") && $0.hasSuffix("playing on") }, "\(warnings)")
        XCTAssertGreaterThan(harness.player.stats.decodeErrors, warnings.count, "errors are grouped, not one line each")

        // Playback goes on past the damage, to the end of the file.
        let lastDamage = try XCTUnwrap(bursts.map(\.to).filter(\.isFinite).max())
        XCTAssertLessThan(lastDamage, 6, "damage placed at \(lastDamage) s")
        XCTAssertGreaterThanOrEqual(harness.shown.map(\.time).max() ?? 0, 7.8)

        // A second after the damage, every picture goes up within a frame of the sound.
        let after = harness.shown.filter { $0.time >= lastDamage + 1 }
        let offsets = after.compactMap(\.avOffset)
        XCTAssertGreaterThan(offsets.count, 25, "too few pictures after the damage to judge")
        let worst = offsets.map(abs).max() ?? .infinity
        XCTAssertLessThanOrEqual(worst, 0.045, "A/V offset \(worst) s more than a second after the damage")
    }
}
