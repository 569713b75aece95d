
/// A `Clock` shared between the audio callback thread (which sets it) and the main
/// loop (which reads it).
final class SharedClock: Sendable {
    private struct State {
        var clock = Clock()
        /// Where the sound last went on from one file to the next (see `AudioBoundary`): set
        /// with the next file's first clock, so that a reader sees both or neither.
        var boundary: AudioBoundary?
    }
    private let state = Locked(State())

    func time(at now: Double) -> Double { state.withLock { $0.clock.time(at: now) } }
    var snapshot: Clock { state.withLock { $0.clock } }
    /// The clock and the last boundary between two files' sound, read together.
    var reading: (clock: Clock, boundary: AudioBoundary?) { state.withLock { ($0.clock, $0.boundary) } }

    func set(_ pts: Double, serial: Int, at now: Double, speed: Double, boundary: AudioBoundary? = nil) {
        state.withLock {
            $0.clock.set(pts, serial: serial, at: now, speed: speed)
            if let boundary { $0.boundary = boundary }
        }
    }

    func update(_ body: (inout Clock) -> Void) {
        state.withLock { body(&$0.clock) }
    }
}
