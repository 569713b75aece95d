/// Memory reused from frame to frame, owned here and freed with it. It grows only when more
/// is asked for, so once sizes settle the hot path allocates nothing.
final class ScratchBuffer<Element> {
    private var storage = UnsafeMutableBufferPointer<Element>(start: nil, count: 0)

    deinit { storage.deallocate() }

    /// Room for at least `count` elements of a trivial type; the contents are left as they are.
    func reserve(_ count: Int) -> UnsafeMutablePointer<Element> {
        if storage.count < count {
            storage.deallocate()
            storage = .allocate(capacity: count)
        }
        return storage.baseAddress!
    }
}
