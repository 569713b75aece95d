/// Seeks asked for faster than they land (a held arrow key, a dragged slider): one asked for
/// while another is still on its way to its first picture waits for that picture, for at most
/// `patience`, and replaces any other waiting. The picture then follows at the pace seeks land
/// instead of never landing, and the last seek asked for is always carried out (as in mpv).
struct SeekCoalescer: Equatable {
    struct Request: Equatable {
        /// Seconds from the start of the file.
        var target: Double
        var precision: SeekPrecision
    }

    /// The longest a seek waits for the one before it to land (seconds).
    static let patience = 0.3

    /// The seek waiting for the one under way to land.
    private(set) var waiting: Request?
    /// When the seek under way was carried out.
    private var sentAt: Double?

    /// The seek to carry out now, or nil when it waits.
    /// - Parameter landing: a seek is under way and its first picture is not up yet.
    mutating func ask(_ request: Request, landing: Bool, now: Double) -> Request? {
        if landing, let sentAt, now - sentAt < Self.patience {
            waiting = request
            return nil
        }
        waiting = nil
        sentAt = now
        return request
    }

    /// The waiting seek, once the one under way has its picture up or has been waited for long enough.
    mutating func next(landing: Bool, now: Double) -> Request? {
        guard let request = waiting, !landing || now - (sentAt ?? now) >= Self.patience else { return nil }
        waiting = nil
        sentAt = now
        return request
    }

    /// Another move (a loop, a step back) goes at once: nothing waiting is carried out after it.
    mutating func cancel() {
        waiting = nil
        sentAt = nil
    }
}
