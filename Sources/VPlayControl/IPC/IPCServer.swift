import Foundation
import VPlayCore

/// mpv-compatible JSON IPC (a subset) on a Unix socket, for `--input-ipc-server`.
///
/// Clients talk to the player only through `PlayerChannel`: commands go in with
/// `send`, reads use the published `state`, events arrive through `subscribe`.
/// All socket work happens on a thread of its own; the main loop's calls
/// (`stateDidChange`, the event handler) only queue and never block.
public final class IPCServer: Sendable {
    public let path: String
    private let socketIdentity: UnixSocket.Identity
    private let thread: InboxThread

    /// Starts listening at `path`, replacing a stale socket there.
    /// - Throws: when the path is taken by something that is not a socket, or cannot be bound.
    public init(path: String, channel: PlayerChannel) throws(IPCServerError) {
        let inbox = try IPCInbox()
        let (listener, identity) = try UnixSocket.listen(at: path)
        self.path = path
        socketIdentity = identity
        thread = InboxThread(name: "vplay-ipc", channel: channel, inbox: inbox) {
            IPCEventLoop(listener: listener, inbox: inbox, channel: channel).run()
        }
    }

    deinit {
        stop()
    }

    /// Call after each main-loop turn with the state just published: observed
    /// properties are compared against it and clients told what changed.
    public func stateDidChange(_ state: PlayerState) {
        thread.stateDidChange(state)
    }

    /// Delivers what is queued (give `shutdown` to the channel first), closes every
    /// connection and removes the socket file. Safe to call more than once.
    public func stop() {
        guard thread.stop() else { return }
        if UnixSocket.identity(of: path) == socketIdentity {
            unlink(path)
        }
    }
}
