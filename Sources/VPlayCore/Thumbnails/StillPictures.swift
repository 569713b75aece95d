import Foundation

/// Pictures of several files, one moment of each (the idle window's recent files, where each
/// was left): decoded one after another on one low-priority thread, each file opened only for
/// its picture (as the seek-bar previews open it) and closed right after. The thread starts at
/// the first request, so a list that never asks costs nothing.
///
/// `want(_:)` says which pictures are wanted now; pictures of other files are let go, and a
/// picture already decoded for a size close to the one asked is not decoded again. `onReady` is
/// called from the thread after each new picture (or a file found to have none).
public final class StillPictures: Sendable {
    /// One file's picture at `time` (seconds from its start), fitted into `maxWidth`×`maxHeight`
    /// pixels with its displayed aspect.
    public struct Request: Hashable, Sendable {
        public var path: String
        public var time: Double
        public var maxWidth: Int
        public var maxHeight: Int

        public init(path: String, time: Double, maxWidth: Int, maxHeight: Int) {
            self.path = path
            self.time = time
            self.maxWidth = maxWidth
            self.maxHeight = maxHeight
        }

        /// A picture decoded for `other` serves this request: the same moment of the same file,
        /// for a box no more than a third smaller or a half larger (a resized window does not
        /// decode again for a few pixels; it does when the box doubles).
        func isServed(by other: Request) -> Bool {
            guard path == other.path, time == other.time else { return false }
            func close(_ wanted: Int, _ made: Int) -> Bool {
                Double(made) >= Double(wanted) / 1.5 && Double(made) <= Double(wanted) * 1.5
            }
            return close(maxWidth, other.maxWidth) && close(maxHeight, other.maxHeight)
        }
    }

    private struct State {
        var worker: LatestRequestWorker<[Request]>?
        /// By path: the request carried out last for the file, and its picture (nil: the file
        /// has none, or could not be opened).
        var done: [String: (request: Request, picture: Thumbnail?)] = [:]
        var isStopped = false
        /// Files opened so far (for tests).
        var opens = 0
    }

    private let state = Locked(State())
    private let onReady: @Sendable () -> Void
    /// Raised by `stop`: an open or a read in progress gives up.
    private let interrupt = InterruptFlag()

    public init(onReady: @escaping @Sendable () -> Void) {
        self.onReady = onReady
    }

    deinit { stop() }

    /// The pictures wanted now, first things first: replaces the ones not yet started (one in
    /// progress is given up unless it is still wanted). Pictures of files not among them are
    /// let go.
    public func want(_ requests: [Request]) {
        let worker = state.withLock { state -> LatestRequestWorker<[Request]>? in
            guard !state.isStopped else { return nil }
            let paths = Set(requests.map(\.path))
            state.done = state.done.filter { paths.contains($0.key) }
            let missing = requests.filter { request in !(state.done[request.path].map { request.isServed(by: $0.request) } ?? false) }
            if missing.isEmpty, state.worker == nil { return nil }
            if state.worker == nil {
                state.worker = LatestRequestWorker(name: "vplay.stills") { [weak self] batch, isSuperseded in
                    self?.decode(batch, isSuperseded: isSuperseded)
                }
            }
            return state.worker
        }
        worker?.submit(requests)
    }

    /// Gives up the pictures not yet decoded, keeping those that are (while a file plays, the
    /// thread should not compete with it).
    public func cancel() {
        let worker = state.withLock { $0.worker }
        worker?.submit([])
    }

    /// The picture decoded for `request`, or for the same moment at another size while it is
    /// decoded again; nil before the first is ready and for files without a picture.
    public func picture(for request: Request) -> Thumbnail? {
        state.withLock { state in
            guard let done = state.done[request.path], done.request.time == request.time else { return nil }
            return done.picture
        }
    }

    /// Whether `request` has been carried out (with or without a picture).
    public func isDone(_ request: Request) -> Bool {
        state.withLock { state in state.done[request.path].map { request.isServed(by: $0.request) } ?? false }
    }

    /// Stops the thread, giving up an open or a read in progress. Later requests do nothing.
    public func stop() {
        let worker = state.withLock { state -> LatestRequestWorker<[Request]>? in
            state.isStopped = true
            defer { state.worker = nil }
            return state.worker
        }
        interrupt.raise()
        worker?.stop()
    }

    /// Files opened so far (for tests).
    var openCount: Int { state.withLock { $0.opens } }
    /// Whether the thread has been started and not stopped (for tests).
    var hasThread: Bool { state.withLock { $0.worker != nil } }

    // MARK: the thread

    private func decode(_ batch: [Request], isSuperseded: () -> Bool) {
        for request in batch {
            if isSuperseded() { return }
            let isDone = state.withLock { state in
                state.done[request.path].map { request.isServed(by: $0.request) } ?? false
            }
            if isDone { continue }
            state.withLock { $0.opens += 1 }
            let decoder = ThumbnailDecoder(source: Source(request.path), maxWidth: request.maxWidth, maxHeight: request.maxHeight,
                                           interrupt: interrupt)
            let picture = decoder?.decodeKeyframe(at: request.time, isSuperseded: isSuperseded)
            decoder?.close()
            // Given up half way: neither a picture nor proof there is none.
            if picture == nil, decoder != nil, isSuperseded() { return }
            let kept = state.withLock { state -> Bool in
                guard !state.isStopped else { return false }
                state.done[request.path] = (request, picture)
                return true
            }
            guard kept else { return }
            onReady()
        }
    }
}
