/// The last bytes of sound handed to a device, before their gain: what a device that can
/// replace the sound it queued (PulseAudio) writes again, with a new gain, when the volume
/// changes. A fixed ring allocated once; the oldest bytes give way.
public struct SoundHistory: ~Copyable {
    private let storage: UnsafeMutableRawBufferPointer
    /// Where the next byte goes.
    private var end = 0
    /// Bytes held, up to the capacity.
    public private(set) var count = 0

    public init(capacity: Int) {
        storage = .allocate(byteCount: max(1, capacity), alignment: 16)
    }

    deinit { storage.deallocate() }

    public var capacity: Int { storage.count }

    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard !bytes.isEmpty else { return }
        var source = bytes
        if source.count > capacity { source = UnsafeRawBufferPointer(rebasing: source[(source.count - capacity)...]) }
        let first = min(source.count, capacity - end)
        storage.baseAddress!.advanced(by: end).copyMemory(from: source.baseAddress!, byteCount: first)
        if first < source.count {
            storage.baseAddress!.copyMemory(from: source.baseAddress! + first, byteCount: source.count - first)
        }
        end = (end + source.count) % capacity
        count = min(capacity, count + source.count)
    }

    /// Copies the last `destination.count` bytes appended (at most `count`) into `destination`.
    public func copyLast(into destination: UnsafeMutableRawBufferPointer) {
        precondition(destination.count <= count)
        let start = (end - destination.count + capacity) % capacity
        let first = min(destination.count, capacity - start)
        destination.baseAddress!.copyMemory(from: storage.baseAddress! + start, byteCount: first)
        if first < destination.count {
            (destination.baseAddress! + first).copyMemory(from: storage.baseAddress!, byteCount: destination.count - first)
        }
    }

    /// Forgets everything (the device dropped what it held).
    public mutating func removeAll() {
        count = 0
    }
}
