import XCTest
@testable import VPlayCore

final class PacketQueueTests: XCTestCase {
    func testEntriesCarryTheSerialTheyWereQueuedUnder() throws {
        let queue = PacketQueue(secondsPerTick: 1.0 / 1000)
        queue.put(Packet())
        XCTAssertEqual(queue.serial, 0)
        let newSerial = 7
        queue.flush(toSerial: newSerial, dropBefore: 4.5)
        XCTAssertEqual(queue.serial, newSerial)
        XCTAssertEqual(queue.currentFill, PacketQueue.Fill())
        queue.put(Packet())
        let entry = try XCTUnwrap(queue.take())
        XCTAssertEqual(entry.serial, newSerial)
        XCTAssertEqual(entry.dropBefore, 4.5)
    }

    func testFillCountsBytesAndDuration() {
        let queue = PacketQueue(secondsPerTick: 1.0 / 1000)
        let packet = Packet()
        XCTAssertEqual(av_new_packet_checked(packet, size: 100), 0)
        packet.pointer.pointee.duration = 40
        queue.put(packet)
        XCTAssertEqual(queue.currentFill.count, 1)
        XCTAssertEqual(queue.currentFill.bytes, packet.footprint)
        XCTAssertEqual(queue.currentFill.duration, 0.04, accuracy: 1e-9)
        _ = queue.take()
        XCTAssertEqual(queue.currentFill.count, 0)
        XCTAssertEqual(queue.currentFill.bytes, 0)
    }

    func testAbortWakesABlockedTaker() {
        let queue = PacketQueue(secondsPerTick: 1)
        let finished = expectation(description: "take returned")
        Thread.detachNewThread {
            XCTAssertNil(queue.take())
            finished.fulfill()
        }
        queue.abort()
        wait(for: [finished], timeout: 5)
    }
}

final class FrameQueueTests: XCTestCase {
    private static func push(_ queue: FrameQueue, pts: Double, serial: Int = 0) {
        let slot = queue.writableSlot()!
        slot.pts = pts
        slot.serial = serial
        queue.push()
    }

    func testKeepsTheLastShownFrameForRedraws() {
        let queue = FrameQueue(capacity: 3, keepsLast: true)
        Self.push(queue, pts: 1)
        Self.push(queue, pts: 2)
        XCTAssertEqual(queue.remaining, 2)
        XCTAssertFalse(queue.hasShownFrame)
        queue.advance()
        XCTAssertTrue(queue.hasShownFrame)
        XCTAssertEqual(queue.peekLast().pts, 1)
        XCTAssertEqual(queue.peek().pts, 2)
        XCTAssertEqual(queue.remaining, 1)
        queue.advance()
        XCTAssertEqual(queue.peekLast().pts, 2)
        XCTAssertEqual(queue.remaining, 0)
    }

    func testWriterBlocksWhenFullUntilTheReaderAdvances() {
        let queue = FrameQueue(capacity: 2, keepsLast: false)
        Self.push(queue, pts: 1)
        Self.push(queue, pts: 2)
        let pushed = expectation(description: "third frame pushed")
        Thread.detachNewThread {
            Self.push(queue, pts: 3)
            pushed.fulfill()
        }
        // The writer cannot have pushed: the ring is full.
        XCTAssertEqual(queue.remaining, 2)
        queue.advance()
        wait(for: [pushed], timeout: 5)
        XCTAssertEqual(queue.remaining, 2)
        XCTAssertEqual(queue.peek().pts, 2)
    }

    func testFirstFrameAfterEmptyWakesTheConsumer() {
        let woken = expectation(description: "woken")
        woken.expectedFulfillmentCount = 2
        let queue = FrameQueue(capacity: 3, keepsLast: false, onFirstFrame: { woken.fulfill() })
        Self.push(queue, pts: 1)
        Self.push(queue, pts: 2)   // not empty before: no wake
        queue.advance()
        queue.advance()
        Self.push(queue, pts: 3)
        wait(for: [woken], timeout: 1)
    }
}
