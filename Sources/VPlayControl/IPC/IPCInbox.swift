import Glibc
import VPlayCore

/// Hands player events and states from the main thread to the IPC thread without
/// ever blocking the sender: items go into a locked list and a byte into a pipe
/// that the IPC thread's `poll()` watches.
final class IPCInbox: Sendable {
    enum Item: Sendable, Equatable {
        case event(PlayerEvent, PlayerState)
        case state(PlayerState)
    }

    private struct Contents {
        var items: [Item] = []
        var lastPostedState: PlayerState?
        var lastAppliedSequence: UInt64 = 0
        var stopRequested = false
    }

    private let contents = Locked(Contents())
    private let readEnd: Int32
    private let writeEnd: Int32

    init() throws(IPCServerError) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            throw IPCServerError(message: "vplay: cannot start the IPC server: \(UnixSocket.errorText())")
        }
        ends.forEach(UnixSocket.makeNonBlocking)
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    /// What the IPC thread polls for readability.
    var wakeDescriptor: Int32 { readEnd }

    func post(_ event: PlayerEvent, state: PlayerState) {
        contents.withLock { $0.items.append(.event(event, state)) }
        wake()
    }

    /// Queues a state; consecutive states collapse into the newest, and an unchanged one is dropped.
    /// Wakes the IPC thread also when only `appliedSequence` moved: replies wait for that.
    func post(_ state: PlayerState, appliedSequence: UInt64) {
        let changed = contents.withLock { contents in
            let applied = appliedSequence > contents.lastAppliedSequence
            contents.lastAppliedSequence = max(contents.lastAppliedSequence, appliedSequence)
            guard state != contents.lastPostedState else { return applied }
            contents.lastPostedState = state
            if case .state? = contents.items.last {
                contents.items[contents.items.count - 1] = .state(state)
            } else {
                contents.items.append(.state(state))
            }
            return true
        }
        if changed { wake() }
    }

    func requestStop() {
        contents.withLock { $0.stopRequested = true }
        wake()
    }

    /// Empties the pipe and the list; called by the IPC thread after `poll()`.
    func take() -> (items: [Item], stopRequested: Bool) {
        var sink = [UInt8](repeating: 0, count: 256)
        while read(readEnd, &sink, sink.count) > 0 {}
        return contents.withLock { contents in
            defer { contents.items.removeAll() }
            return (contents.items, contents.stopRequested)
        }
    }

    private func wake() {
        // A full pipe already means "wake up", so a failed write is fine.
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }
}
