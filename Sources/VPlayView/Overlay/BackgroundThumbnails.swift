import Foundation
import Synchronization
import VPlayCore

/// A `ThumbnailService` opened on a thread of its own. Opening a file a second time (probing its
/// streams, opening a decoder) takes tens of milliseconds on a large file, which must not delay
/// playback's first picture. Until the open is done there are no pictures; the newest request
/// made meanwhile is passed on once it is. Files without a picture open as nothing, for good.
public final class BackgroundThumbnails: ThumbnailSource, Sendable {
    private struct State {
        var service: ThumbnailService?
        var isStopped = false
        var pendingRequest: Double?
    }

    private let state = Mutex(State())
    private let opened = DispatchSemaphore(value: 0)

    /// - Parameter open: runs on the new thread; typically `ThumbnailService(path:onReady:)`.
    public init(open: @escaping @Sendable () -> ThumbnailService?) {
        let thread = Thread { [self] in
            let service = open()
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
        state.withLock { state in
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
        let service = state.withLock { state -> ThumbnailService? in
            state.isStopped = true
            state.pendingRequest = nil
            defer { state.service = nil }
            return state.service
        }
        service?.stop()
        opened.wait()
        opened.signal()
    }
}
