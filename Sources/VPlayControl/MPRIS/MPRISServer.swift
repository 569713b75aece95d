import Foundation
import VPlayCore

/// The MPRIS2 service (`org.mpris.MediaPlayer2.vplay`) on the session bus: desktop media
/// widgets, `playerctl` and the lock screen control the player through it.
///
/// Like the IPC server it reaches the player only through `PlayerChannel`, and all bus work
/// happens on a thread of its own: connecting never delays start-up, and the main loop's
/// calls only queue.
public final class MPRISServer: Sendable {
    private let thread: InboxThread

    /// Starts the service, or says in `log` why not (no session bus) and returns nil; the
    /// player then runs without it.
    public static func start(channel: PlayerChannel, environment: [String: String] = ProcessInfo.processInfo.environment,
                             log: @escaping @Sendable (String) -> Void) -> MPRISServer? {
        guard let address = DBusConnection.sessionAddress(environment: environment) else {
            log("no session bus (DBUS_SESSION_BUS_ADDRESS is not set): no MPRIS")
            return nil
        }
        do throws(IPCServerError) {
            return MPRISServer(channel: channel, address: address, environment: environment, inbox: try IPCInbox(), log: log)
        } catch {
            log("no MPRIS: \(error.description)")
            return nil
        }
    }

    private init(channel: PlayerChannel, address: String, environment: [String: String], inbox: IPCInbox,
                 log: @escaping @Sendable (String) -> Void) {
        thread = InboxThread(name: "vplay-mpris", channel: channel, inbox: inbox) {
            MPRISEventLoop(address: address, environment: environment, inbox: inbox, channel: channel, log: log).run()
        }
    }

    deinit {
        stop()
    }

    /// Call after each main-loop turn with the state just published.
    public func stateDidChange(_ state: PlayerState) {
        thread.stateDidChange(state)
    }

    /// Leaves the bus. Safe to call more than once.
    public func stop() {
        thread.stop()
    }
}
