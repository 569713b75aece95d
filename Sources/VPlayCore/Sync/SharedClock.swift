
/// A `Clock` shared between the audio callback thread (which sets it) and the main
/// loop (which reads it).
final class SharedClock: Sendable {
    private let clock = Locked(Clock())

    func time(at now: Double) -> Double { clock.withLock { $0.time(at: now) } }
    var snapshot: Clock { clock.withLock { $0 } }

    func set(_ pts: Double, serial: Int, at now: Double, speed: Double) {
        clock.withLock { $0.set(pts, serial: serial, at: now, speed: speed) }
    }

    func update(_ body: (inout Clock) -> Void) {
        clock.withLock { body(&$0) }
    }
}
