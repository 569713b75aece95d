import Foundation
import TestSupport
import XCTest

/// `--audio-delay` seen from outside, as a user hears it: the beep of an avsynctest clip at the
/// null sink against its flash in the window (scripts/bench/avsync.py's capture), once without
/// a delay and once at each of ±300 ms.
final class AudioDelayBinaryTests: XCTestCase {
    private static let script = BinaryRunner.packageRoot.appendingPathComponent("Tests/EndToEndTests/python/avsync_delay.py")

    func testTheBeepMovesAgainstTheFlashByTheDelay() throws {
        try skipWithoutDisplay()
        try XCTSkipIf(AudioCapture.environmentFile == nil, "needs the test environment's null sink (scripts/test-env.sh)")
        let workdir = FileManager.default.temporaryDirectory.appendingPathComponent("vplay-avsync-delay-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: workdir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: workdir) }
        let result = try ChildProcess.run("/usr/bin/python3",
                                          [Self.script.path, try BinaryRunner.executableURL().path, workdir.path, "6",
                                           "0", "0.3", "-0.3"],
                                          timeout: .seconds(300))
        XCTAssertTrue(result.succeeded, result.errorText)
        let medians = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.outputText.utf8)) as? [String: Double],
                                    result.outputText)
        let none = try XCTUnwrap(medians["0"]), later = try XCTUnwrap(medians["0.3"]), earlier = try XCTUnwrap(medians["-0.3"])
        // The beep against the flash, the delay taken out, within the bound of playback without
        // one on a loaded machine (BENCHMARKS.md: a few ms median when idle).
        XCTAssertLessThan(abs(none), 60, "without a delay: \(none) ms")
        XCTAssertEqual(later, 300, accuracy: 60, "+300 ms: \(later) ms (without a delay: \(none) ms)")
        XCTAssertEqual(earlier, -300, accuracy: 60, "-300 ms: \(earlier) ms (without a delay: \(none) ms)")
        print("AudioDelayBinaryTests: beep minus flash, median ms: \(none) at 0, \(later) at +300, \(earlier) at -300")
    }
}
