import Foundation

/// One clip being written on a thread of its own, at low priority and with its own reading of
/// the file, while playback goes on. The player polls `status` to show the progress.
public final class ClipExport: @unchecked Sendable {
    public enum Status: Equatable, Sendable {
        /// The share written so far, 0...1.
        case writing(Double)
        case saved(URL)
        /// Nothing is left on disk; the one line says why.
        case failed(String)
    }

    public let destination: URL
    private let current = Locked(Status.writing(0))
    private let note = Locked(String?.none)
    private let interrupt = InterruptFlag()
    private let done = DispatchGroup()

    /// Starts writing `range` (seconds from the start of `source`) to `destination`.
    convenience init(source: Source, range: ClipWriter.Range, destination: URL, options: PlayerOptions) {
        self.init(range: range, destination: destination) { interrupt throws(ClipError) in
            try ClipWriter(source: source, range: range, options: options, interrupt: interrupt)
        }
    }

    /// Starts writing `range` from the packets `demuxer`'s cache holds (its media timeline
    /// starting at `startTime`): when it lacks part of the range, nothing is written.
    convenience init(cacheOf demuxer: Demuxer, startTime: Double, path: String, range: ClipWriter.Range, destination: URL) {
        let request = demuxer.requestClipCopy()
        self.init(range: range, destination: destination) { interrupt throws(ClipError) in
            guard let tracks = request.wait(interrupt: interrupt) else { throw ClipError("cancelled") }
            guard CachedClip.holds(tracks, from: range.a + startTime, to: range.b + startTime) else {
                throw ClipError("the A-B range is not all in the cache")
            }
            let cached = try CachedClip(tracks: tracks, startTime: startTime, path: path)
            return ClipWriter(cached: cached, range: range, interrupt: interrupt)
        }
    }

    private init(range: ClipWriter.Range, destination: URL,
                 makeWriter: @escaping @Sendable (InterruptFlag) throws(ClipError) -> ClipWriter) {
        self.destination = destination
        done.enter()
        let thread = Thread { [self] in
            // Nice 10: the picture and the sound come first.
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
            run(makeWriter)
            done.leave()
        }
        thread.name = "vplay-export"
        thread.start()
    }

    public var status: Status { current.withLock { $0 } }

    /// Set before the clip is saved when it is not quite what was asked (it starts earlier).
    public var notice: String? { note.withLock { $0 } }

    /// Stops the writing and waits until the partial file is gone.
    public func cancel() {
        interrupt.raise()
        done.wait()
    }

    private func run(_ makeWriter: (InterruptFlag) throws(ClipError) -> ClipWriter) {
        do {
            let writer = try makeWriter(interrupt)
            try writer.write(to: destination) { fraction in
                let share = min(1, max(0, fraction))
                current.withLock { $0 = .writing(share) }
            }
            note.withLock { $0 = writer.notice }
            current.withLock { $0 = .saved(destination) }
        } catch {
            current.withLock { $0 = .failed(error.description) }
        }
    }
}
