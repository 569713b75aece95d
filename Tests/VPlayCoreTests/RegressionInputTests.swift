import Foundation
import XCTest
@testable import VPlayCore

/// Files the fuzzer found stalling the player (Tests/regressions): each must play to its end
/// or fail to open, never sit still.
final class RegressionInputTests: XCTestCase {
    private static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("regressions")

    func testEveryRegressionInputReachesTheEnd() throws {
        // Top level only: `open/` holds inputs that still misbehave (see its README).
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path)
            .filter { !$0.hasSuffix(".md") && $0 != "open" }.sorted()
        XCTAssertFalse(files.isEmpty)
        for name in files {
            let url = Self.directory.appendingPathComponent(name)
            let harness: EngineHarness
            do { harness = try EngineHarness(url) } catch { continue }   // refusing to open is fine
            XCTAssertTrue(harness.run(timeout: 60) { $0.player.state.eofReached }, "\(name) never reached its end")
        }
    }
}
