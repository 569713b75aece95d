/// Where one file's sound ends and the next file's, played right after it, begins. Once the
/// renderer has gone on to the next file's sound the audio clock tells that file's time; the
/// file before reads its own from it, up to its last sample, and ends when the next file's
/// first sample is heard.
struct AudioBoundary: Equatable, Sendable {
    /// The id of the next file's source; every source of the files before has a lower one.
    let nextID: Int
    /// Media time at the end of the last sample of the file before.
    let end: Double
    /// Media time of the next file's first sample, on its timeline `startSerial`.
    let start: Double
    let startSerial: Int

    /// The file before's media time heard at `now`, read from `clock` (the next file's);
    /// nil while the clock tells another timeline.
    func timeBefore(_ clock: Clock, at now: Double) -> Double? {
        guard clock.serial == startSerial, clock.pts.isFinite else { return nil }
        return min(end, end + clock.time(at: now) - start)
    }

    /// True once the next file's first sample is heard.
    func isHeard(_ clock: Clock, at now: Double) -> Bool {
        clock.serial == startSerial && clock.pts.isFinite && clock.time(at: now) >= start - Self.rounding
    }

    /// Seconds until the next file's first sample is heard, nil while unknown.
    func delay(_ clock: Clock, at now: Double) -> Double? {
        guard clock.serial == startSerial, clock.pts.isFinite, !clock.isPaused else { return nil }
        return max(0, (start - clock.time(at: now)) / clock.speed)
    }

    /// The rounding of adding up the clock.
    static let rounding = 0.000_001
}
