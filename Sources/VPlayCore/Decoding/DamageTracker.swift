/// Groups a stream's decode errors into bursts, so damage is reported once per damaged
/// stretch rather than once per broken packet: a burst ends when a second of media has
/// decoded cleanly after its last error (or at the end of the stream).
struct DamageTracker: Equatable {
    struct Burst: Equatable, Sendable {
        /// Packets refused, frames failed and frames the decoder had to patch up.
        var errors: Int
        /// Media time of the first and last error (the last clean frame's when unknown).
        var from: Double
        var to: Double
    }

    static let cleanStretch = 1.0

    /// Errors since the stream opened.
    private(set) var total = 0
    private var open: Burst?
    /// Where the latest clean frame ends; errors are placed there when they carry no time.
    private var lastGoodEnd: Double = .nan

    /// An error, at `time` when known.
    mutating func recordError(at time: Double = .nan) {
        total += 1
        let at = time.isFinite ? time : lastGoodEnd
        if var burst = open {
            burst.errors += 1
            if at.isFinite { burst.to = burst.to.isFinite ? max(burst.to, at) : at }
            open = burst
        } else {
            open = Burst(errors: 1, from: at, to: at)
        }
    }

    /// A clean frame from `start` lasting `duration`; returns the burst it closes, if any.
    mutating func recordClean(at start: Double, duration: Double) -> Burst? {
        guard start.isFinite else { return nil }
        let end = start + max(0, duration)
        lastGoodEnd = end
        guard var burst = open else { return nil }
        if !burst.from.isFinite { burst.from = start; burst.to = start; open = burst }
        guard end - burst.to >= Self.cleanStretch else { return nil }
        open = nil
        return burst
    }

    /// The stream ended or was flushed by a seek: closes the open burst, if any.
    mutating func finish() -> Burst? {
        defer { open = nil }
        return open
    }
}
