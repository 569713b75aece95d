import Foundation
import VPlayCore

/// A `ThumbnailService` opened on a thread of its own, and only once the pointer first moves
/// over the window. Opening a file a second time (probing its streams, opening a decoder)
/// takes tens of milliseconds and, on a 2160p file, about 23 MB: neither is spent for a viewer
/// who never touches the mouse, nor does it compete with the first picture. Until the open is
/// done there are no pictures; the newest request made meanwhile is passed on once it is.
/// Files without a picture open as nothing, for good.
public final class BackgroundThumbnails: ThumbnailSource, Sendable {
    private struct State {
        var open: (@Sendable (InterruptFlag) -> ThumbnailService?)?
        var service: ThumbnailService?
        var isStarted = false
        var isStopped = false
        var pendingRequest: Double?
    }

    private let state: Locked<State>
    private let opened = DispatchSemaphore(value: 0)
    /// Raised by `stop`, so that it never waits for an open stuck on the network.
    private let interrupt = InterruptFlag()

    /// - Parameter open: runs on a new thread at the first `prepare()` or `request(time:)`,
    ///   given the flag that gives the open up; typically `ThumbnailService(path:interrupt:onReady:)`.
    public init(open: @escaping @Sendable (InterruptFlag) -> ThumbnailService?) {
        state = Locked(State(open: open))
    }

    /// Starts opening the file, once; later calls do nothing.
    public func prepare() {
        let open = state.withLock { state -> (@Sendable (InterruptFlag) -> ThumbnailService?)? in
            guard !state.isStarted, !state.isStopped else { return nil }
            state.isStarted = true
            defer { state.open = nil }
            return state.open
        }
        guard let open else { return }
        let thread = Thread { [self] in
            let service = open(interrupt)
            let isLate = state.withLock { state -> Bool in
                guard !state.isStopped else { return true }
                state.service = service
                if let time = state.pendingRequest { service?.request(time: time) }
                state.pendingRequest = nil
                return false
            }
            if isLate { service?.stop() }
            opened.signal()
        }
        thread.name = "vplay.thumbnails.open"
        thread.start()
    }

    @discardableResult
    public func request(time: Double) -> Bool {
        prepare()
        return state.withLock { state in
            guard let service = state.service else {
                if !state.isStopped { state.pendingRequest = time }
                return false
            }
            return service.request(time: time)
        }
    }

    public func thumbnail(near time: Double) -> Thumbnail? {
        state.withLock { $0.service }?.thumbnail(near: time)
    }

    /// Stops the service (see `ThumbnailService.stop()`), waiting for an open still under way.
    /// Safe to call twice.
    public func stop() {
        let (service, wasStarted) = state.withLock { state -> (ThumbnailService?, Bool) in
            state.isStopped = true
            state.pendingRequest = nil
            state.open = nil
            defer { state.service = nil }
            return (state.service, state.isStarted)
        }
        service?.stop()
        guard wasStarted else { return }
        interrupt.raise()
        opened.wait()
        opened.signal()
    }
}
