/// A media clock in the style of ffplay's: it remembers the media time (`pts`) it was
/// last set to and when, and runs on from there at `speed` unless paused.
/// Pure value: callers pass the current monotonic time in seconds.
public struct Clock: Equatable, Sendable {
    public private(set) var pts: Double = .nan
    /// pts minus the wall time at which it was set.
    private var drift: Double = .nan
    private var lastUpdated: Double = 0
    public private(set) var speed: Double = 1
    public var isPaused = false
    /// The queue serial the clock's time belongs to; stale after a seek.
    public private(set) var serial = -1

    public init() {}

    public func time(at now: Double) -> Double {
        if isPaused { return pts }
        return drift + now - (now - lastUpdated) * (1 - speed)
    }

    public mutating func set(_ pts: Double, serial: Int, at now: Double, speed: Double? = nil) {
        if let speed { self.speed = speed }
        self.pts = pts
        self.serial = serial
        lastUpdated = now
        drift = pts - now
    }

    /// Freezes or resumes without a jump in the reported time.
    public mutating func setPaused(_ paused: Bool, at now: Double) {
        let current = time(at: now)
        isPaused = paused
        if current.isFinite { set(current, serial: serial, at: now) }
    }

    public mutating func setSpeed(_ newSpeed: Double, at now: Double) {
        let current = time(at: now)
        speed = newSpeed
        if current.isFinite { set(current, serial: serial, at: now) }
    }
}
