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
    init(source: Source, range: ClipWriter.Range, destination: URL, options: PlayerOptions) {
        self.destination = destination
        done.enter()
        let thread = Thread { [self] in
            // Nice 10: the picture and the sound come first.
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
            run(source: source, range: range, options: options)
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

    private func run(source: Source, range: ClipWriter.Range, options: PlayerOptions) {
        do {
            let writer = try ClipWriter(source: source, range: range, options: options, interrupt: interrupt)
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
