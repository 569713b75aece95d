import Dispatch
import Foundation
import VPlayCore

/// A control surface's own thread and its feed from the player (the IPC socket, the MPRIS
/// service): the channel's events and each published state go into `inbox`, which the
/// surface's event loop, run on the thread, reads until `stop`.
final class InboxThread: Sendable {
    let inbox: IPCInbox
    private let channel: PlayerChannel
    private let subscription: Int
    private let finished = DispatchSemaphore(value: 0)
    private let stopped = Locked(false)

    init(name: String, channel: PlayerChannel, inbox: IPCInbox, run: @escaping @Sendable () -> Void) {
        self.inbox = inbox
        self.channel = channel
        subscription = channel.subscribe { event, state in inbox.post(event, state: state) }
        let finished = finished
        let thread = Thread {
            run()
            finished.signal()
        }
        thread.name = name
        thread.start()
    }

    /// Call after each main-loop turn with the state just published.
    func stateDidChange(_ state: PlayerState) {
        inbox.post(state, appliedSequence: channel.appliedSequence)
    }

    /// Stops the feed and waits for the event loop to end; false when already stopped.
    @discardableResult
    func stop() -> Bool {
        let alreadyStopped = stopped.withLock { stopped in
            defer { stopped = true }
            return stopped
        }
        guard !alreadyStopped else { return false }
        channel.unsubscribe(subscription)
        inbox.requestStop()
        finished.wait()
        return true
    }
}
