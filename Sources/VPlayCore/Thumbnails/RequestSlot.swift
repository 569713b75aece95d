/// Holds at most one pending request: a new one replaces the one not yet taken, so a worker
/// that falls behind a moving pointer only ever starts on the newest position.
/// Not thread-safe: the owner locks.
struct RequestSlot<Request> {
    private(set) var pending: Request?
    /// Requests put so far.
    private(set) var submitted = 0
    /// Requests replaced (or cleared) before a worker took them.
    private(set) var coalesced = 0
    /// Requests taken by a worker.
    private(set) var taken = 0

    var isEmpty: Bool { pending == nil }

    mutating func put(_ request: Request) {
        if pending != nil { coalesced += 1 }
        pending = request
        submitted += 1
    }

    /// Takes the newest request, leaving the slot empty.
    mutating func take() -> Request? {
        guard let request = pending else { return nil }
        pending = nil
        taken += 1
        return request
    }

    /// Drops the pending request (it no longer needs doing).
    mutating func clear() {
        if pending != nil { coalesced += 1 }
        pending = nil
    }
}
