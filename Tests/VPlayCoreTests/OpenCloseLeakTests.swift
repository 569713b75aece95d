import Foundation
import TestSupport
import XCTest
@testable import VPlayCore

/// The playlist path opens and closes players one after another: nothing may pile up.
final class OpenCloseLeakTests: XCTestCase {
    private func openDescriptors() -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? -1
    }

    /// The memory the process holds. Under a sanitizer, freed blocks wait in its quarantine
    /// (256 MiB under ASan) and still count in RSS, so there the allocator's own count of live
    /// bytes is read instead; elsewhere the resident set, which also sees mmaps and stacks.
    private func heldBytes() -> (bytes: Int, measure: String) {
        typealias AllocatedBytes = @convention(c) () -> Int
        if let symbol = dlsym(nil /* RTLD_DEFAULT */, "__sanitizer_get_current_allocated_bytes") {
            return (unsafeBitCast(symbol, to: AllocatedBytes.self)(), "live heap")
        }
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
              let kilobytes = Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]) else { return (-1, "RSS") }
        return (kilobytes * 1024, "RSS")
    }

    /// Opens a file, plays until a few frames are up (threads running, queues full), closes it.
    private func playBriefly(_ url: URL) throws {
        let harness = try EngineHarness(url)
        XCTAssertTrue(harness.run(timeout: 10) { $0.shown.count >= 3 })
        harness.player.shutdown()
    }

    func testTwoHundredFilesOpenedAndClosedLeaveNoDescriptorsOrMemoryBehind() throws {
        let url = try MediaFactory.clip(.av(seconds: 2))
        for _ in 0..<20 { try playBriefly(url) }   // caches and allocator pools settle
        let descriptors = openDescriptors()
        let before = heldBytes()
        XCTAssertGreaterThan(before.bytes, 0, "cannot read \(before.measure)")
        for _ in 0..<200 { try playBriefly(url) }
        XCTAssertEqual(openDescriptors(), descriptors, "file descriptors left open")
        let growth = heldBytes().bytes - before.bytes
        print("open/close 200 files: \(before.measure) growth \(growth / 1024) KiB, descriptors \(descriptors) -> \(openDescriptors())")
        XCTAssertLessThan(growth, 10 << 20)
    }
}
