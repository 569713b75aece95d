import Foundation

/// A fixed ring of decoded frames between a decoder thread (writer) and a consumer
/// (the main loop for video, the audio callback for audio).
///
/// Frames are preallocated and reused. With `keepsLast`, the frame most recently
/// consumed stays readable (`lastShown`) so the picture can be redrawn while paused.
/// Slot contents are touched outside the lock by exactly one side at a time: the
/// writer owns the slot at the write index, the reader the ones it has peeked.
final class FrameQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private let slots: [Frame]
    private let capacity: Int
    private let keepsLast: Bool
    private var readIndex = 0
    private var writeIndex = 0
    private var size = 0
    private var shownCount = 0   // 1 when the frame at readIndex was shown and is kept
    private var aborted = false
    /// Called after a push that found the queue empty, so a waiting consumer can wake.
    private let onFirstFrame: (@Sendable () -> Void)?

    init(capacity: Int, keepsLast: Bool, onFirstFrame: (@Sendable () -> Void)? = nil) {
        self.capacity = capacity
        self.keepsLast = keepsLast
        self.onFirstFrame = onFirstFrame
        slots = (0..<capacity).map { _ in Frame() }
    }

    /// Blocks until a slot is free; nil once aborted. Fill it, then call `push()`.
    func writableSlot() -> Frame? {
        condition.withLock {
            while size >= capacity && !aborted { condition.wait() }
            return aborted ? nil : slots[writeIndex]
        }
    }

    func push() {
        let wasEmpty = condition.withLock {
            let wasEmpty = size - shownCount == 0
            writeIndex = (writeIndex + 1) % capacity
            size += 1
            condition.signal()
            return wasEmpty
        }
        if wasEmpty { onFirstFrame?() }
    }

    /// Frames not yet consumed.
    var remaining: Int { condition.withLock { size - shownCount } }

    /// Slots a writer can fill without waiting.
    var freeSlots: Int { condition.withLock { capacity - size } }

    /// The next frame to consume; only valid while `remaining > 0`.
    func peek() -> Frame { condition.withLock { slots[(readIndex + shownCount) % capacity] } }

    /// The frame after `peek()`; only valid while `remaining > 1`.
    func peekNext() -> Frame { condition.withLock { slots[(readIndex + shownCount + 1) % capacity] } }

    /// The frame consumed last (kept for redraws), or the next one if none was kept yet.
    func peekLast() -> Frame { condition.withLock { slots[readIndex] } }

    var hasShownFrame: Bool { condition.withLock { shownCount == 1 } }

    /// Consumes the frame returned by `peek()`.
    func advance() {
        condition.withLock {
            if keepsLast && shownCount == 0 {
                shownCount = 1
                return
            }
            slots[readIndex].unref()
            readIndex = (readIndex + 1) % capacity
            size -= 1
            condition.signal()
        }
    }

    /// Wakes a blocked writer for good; used on shutdown.
    func abort() {
        condition.withLock {
            aborted = true
            condition.broadcast()
        }
    }
}
