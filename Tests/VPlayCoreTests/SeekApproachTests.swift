import XCTest
@testable import VPlayCore

/// When a paused exact seek drains: at the packet shown over the target, with every packet
/// since the keyframe kept for the replay; never once the target was passed or too many piled up.
final class SeekApproachTests: XCTestCase {
    func testDrainsAtThePacketShownOverTheTargetKeepingAllBefore() {
        var approach = SeekApproach(target: 1.05)
        // Decode order of a mini-GOP with B-frames: anchor first, then the frames before it.
        let order: [Double] = [0.0, 0.16, 0.04, 0.08, 0.12, 1.12, 1.04, 1.0, 1.08]
        var drainedAt: Double?
        for start in order where drainedAt == nil {
            if approach.keep(Packet(), start: start, end: start + 0.04) { drainedAt = start }
        }
        XCTAssertEqual(drainedAt, 1.04)
        XCTAssertEqual(approach.packets.count, 7)
    }

    func testGivesUpOnceTheTargetWasPassedWithoutAPacketOfItsOwn() {
        var approach = SeekApproach(target: 0.5)
        XCTAssertFalse(approach.keep(Packet(), start: 0, end: 0.04))
        XCTAssertFalse(approach.keep(Packet(), start: 0.5 + SeekApproach.overshoot + 0.1, end: 1.64))
        XCTAssertTrue(approach.packets.isEmpty, "packets let go")
        XCTAssertFalse(approach.keep(Packet(), start: 0.48, end: 0.52), "given up for good")
    }

    func testGivesUpPastThePacketLimit() {
        var approach = SeekApproach(target: 1000)
        for index in 0..<SeekApproach.packetLimit {
            XCTAssertFalse(approach.keep(Packet(), start: Double(index) * 0.001, end: Double(index) * 0.001 + 0.001))
        }
        XCTAssertFalse(approach.keep(Packet(), start: 0.9, end: 0.95))
        XCTAssertTrue(approach.packets.isEmpty)
    }

    func testAFileWithoutTimestampsNeverDrains() {
        var approach = SeekApproach(target: 1)
        XCTAssertFalse(approach.keep(Packet(), start: .nan, end: .nan))
        XCTAssertTrue(approach.packets.isEmpty)
    }
}
